import { describe, expect, it } from "vitest";
import { DAY, dayOffset, instantOf, isTimeZone, wallAt } from "../lib/zoned-time.ts";
import { blockOf, freeSlots, type Hours, type SessionShape } from "./slots.ts";

const HALF_HOUR: SessionShape = {
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
};

/** Sundays only, `from` to `to`, every half hour, from the day before. */
const sundays = (timeZone: string, from: string, to: string): Hours => ({
  timeZone,
  weekly: [{ weekday: 0, from, to }],
  datesOff: [],
  noticeMinutes: 0,
  daysAhead: 2,
  perDay: undefined,
  stepMinutes: 30,
});

const iso = (instant: number) => new Date(instant).toISOString().slice(0, 16);

describe("the owner's wall clock", () => {
  it("knows the zones and finds each wall time's instant", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    const noon = Date.UTC(2026, 6, 1, 12);
    expect(iso(wallAt("Europe/Berlin", noon))).toBe("2026-07-01T14:00");
    expect(iso(instantOf("Europe/Berlin", Date.UTC(2026, 6, 1, 14)) ?? 0)).toBe("2026-07-01T12:00");
  });

  it("has no instant for the hour skipped in spring, and the first for the one repeated in autumn", () => {
    expect(instantOf("Europe/Berlin", Date.UTC(2027, 2, 28, 2, 30))).toBeUndefined();
    expect(iso(instantOf("Europe/Berlin", Date.UTC(2026, 9, 25, 2, 30)) ?? 0)).toBe(
      "2026-10-25T00:30",
    );
    expect(instantOf("America/New_York", Date.UTC(2027, 2, 14, 2, 0))).toBeUndefined();
    expect(iso(instantOf("America/New_York", Date.UTC(2026, 10, 1, 1, 30)) ?? 0)).toBe(
      "2026-11-01T05:30",
    );
    // Thirteen hours ahead of UTC (and 13:45 on the Chatham Islands), clocks going back: the
    // first 02:30 too, at +13 (+13:45), not the second.
    expect(iso(instantOf("Pacific/Auckland", Date.UTC(2026, 3, 5, 2, 30)) ?? 0)).toBe(
      "2026-04-04T13:30",
    );
    expect(iso(instantOf("Pacific/Chatham", Date.UTC(2026, 3, 5, 3, 15)) ?? 0)).toBe(
      "2026-04-04T13:30",
    );
  });

  it("gives a day's times by its one offset, and asks the zone only on a day it changes", () => {
    // Berlin's hour, and Lord Howe's half hour, forward and back, over a year.
    for (const zone of ["Europe/Berlin", "Australia/Lord_Howe"]) {
      const changing: string[] = [];
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += DAY) {
        const offset = dayOffset(zone, day);
        if (offset === null) {
          changing.push(iso(day).slice(0, 10));
          continue;
        }
        for (let hour = 0; hour < 24; hour += 5) {
          const wall = day + hour * 3_600_000;
          expect(wall - offset).toBe(instantOf(zone, wall));
        }
      }
      expect(changing).toEqual(
        zone === "Europe/Berlin" ? ["2026-03-29", "2026-10-25"] : ["2026-04-05", "2026-10-04"],
      );
    }
  });
});

describe("free slots across daylight saving", () => {
  it("never offers the hour that does not exist on the spring-forward day (Berlin)", () => {
    const slots = freeSlots(
      sundays("Europe/Berlin", "01:00", "04:00"),
      HALF_HOUR,
      [],
      Date.UTC(2027, 2, 27, 12),
    );
    // 01:00 and 01:30 CET, then 03:00 and 03:30 CEST: 02:00 and 02:30 never happen.
    expect(slots.map((slot) => iso(slot.start))).toEqual([
      "2027-03-28T00:00",
      "2027-03-28T00:30",
      "2027-03-28T01:00",
      "2027-03-28T01:30",
    ]);
    expect(new Set(slots.map((slot) => slot.day))).toEqual(new Set(["2027-03-28"]));
  });

  it("offers the autumn hour that happens twice once, at its first instant (Berlin)", () => {
    const slots = freeSlots(
      sundays("Europe/Berlin", "01:00", "04:00"),
      HALF_HOUR,
      [],
      Date.UTC(2026, 9, 24, 12),
    );
    expect(slots.map((slot) => iso(slot.start))).toEqual([
      "2026-10-24T23:00",
      "2026-10-24T23:30",
      "2026-10-25T00:00",
      "2026-10-25T00:30",
      "2026-10-25T02:00",
      "2026-10-25T02:30",
    ]);
  });

  it("offers a day's last slot before midnight, the hours ending with the day", () => {
    const slots = freeSlots(
      sundays("Europe/Berlin", "22:00", "24:00"),
      HALF_HOUR,
      [],
      Date.UTC(2026, 6, 4, 12),
    );
    // Sunday 5 July 2026, Berlin in summer time (UTC+2).
    expect(slots.map((slot) => iso(slot.start))).toEqual([
      "2026-07-05T20:00",
      "2026-07-05T20:30",
      "2026-07-05T21:00",
      "2026-07-05T21:30",
    ]);
  });

  it("does the same in another zone, on other days (New York)", () => {
    const spring = freeSlots(
      sundays("America/New_York", "01:00", "04:00"),
      HALF_HOUR,
      [],
      Date.UTC(2027, 2, 13, 12),
    );
    expect(spring.map((slot) => iso(slot.start))).toEqual([
      "2027-03-14T06:00",
      "2027-03-14T06:30",
      "2027-03-14T07:00",
      "2027-03-14T07:30",
    ]);
    const autumn = freeSlots(
      sundays("America/New_York", "00:00", "03:00"),
      HALF_HOUR,
      [],
      Date.UTC(2026, 9, 31, 12),
    );
    expect(autumn.map((slot) => iso(slot.start))).toEqual([
      "2026-11-01T04:00",
      "2026-11-01T04:30",
      "2026-11-01T05:00",
      "2026-11-01T05:30",
      "2026-11-01T07:00",
      "2026-11-01T07:30",
    ]);
  });
});

describe("free slots", () => {
  const week: Hours = {
    timeZone: "Europe/Madrid",
    weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: "09:00", to: "13:00" })),
    datesOff: ["2026-12-08"],
    noticeMinutes: 24 * 60,
    daysAhead: 14,
    perDay: 2,
    stepMinutes: 60,
  };
  const portrait: SessionShape = {
    durationMinutes: 60,
    bufferBeforeMinutes: 30,
    bufferAfterMinutes: 30,
  };
  // Monday 7 December 2026, 10:00 in Madrid.
  const now = Date.UTC(2026, 11, 7, 9);

  it("keeps to the hours, the notice, the dates off and how far ahead", () => {
    const slots = freeSlots(week, portrait, [], now);
    const days = [...new Set(slots.map((slot) => slot.day))];
    // Not today nor before 10:00 tomorrow (a day's notice), not the 8th (off), weekdays only,
    // and no further than the 21st.
    expect(days).toEqual([
      "2026-12-09",
      "2026-12-10",
      "2026-12-11",
      "2026-12-14",
      "2026-12-15",
      "2026-12-16",
      "2026-12-17",
      "2026-12-18",
      "2026-12-21",
    ]);
    expect(
      slots.filter((slot) => slot.day === "2026-12-09").map((slot) => iso(slot.start)),
    ).toEqual(["2026-12-09T08:00", "2026-12-09T09:00", "2026-12-09T10:00", "2026-12-09T11:00"]);
  });

  it("keeps each session's buffers free of others, and the owner's busy times", () => {
    const [first] = freeSlots(week, portrait, [], now);
    if (!first) throw new Error("a slot");
    const booked = blockOf(portrait, first);
    const busy = { start: Date.UTC(2026, 11, 9, 11), end: Date.UTC(2026, 11, 9, 11, 15) };
    const slots = freeSlots(week, portrait, [booked, busy], now)
      .filter((slot) => slot.day === "2026-12-09")
      .map((slot) => iso(slot.start));
    // 09:00 is booked (08:00Z); 10:00 would start in its buffer after it; 11:00 and 12:00 (10:00Z
    // and 11:00Z) meet the busy quarter with their buffers.
    expect(slots).toEqual([]);
  });

  it("offers nothing more on a day that has its most sessions", () => {
    const [first, second] = freeSlots(week, portrait, [], now);
    if (!first || !second) throw new Error("two slots");
    const slots = freeSlots(
      { ...week, perDay: 1 },
      { ...portrait, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
      [blockOf({ ...portrait, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 }, first)],
      now,
    );
    expect(slots.some((slot) => slot.day === first.day)).toBe(false);
    expect(slots.some((slot) => slot.day === "2026-12-10")).toBe(true);
  });
});
