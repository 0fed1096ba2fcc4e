import { describe, expect, it } from "vitest";
import { busyTimes } from "./busy.ts";

/** A feed as Google Calendar writes one: its zone described, CRLF lines. */
const FEED = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Madrid",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
  // Every Monday at 10:00 in Madrid, four times; the second not at all, the third an hour later.
  "BEGIN:VEVENT",
  "UID:weekly@example.com",
  "DTSTART;TZID=Europe/Madrid:20261207T100000",
  "DTEND;TZID=Europe/Madrid:20261207T110000",
  "RRULE:FREQ=WEEKLY;COUNT=4",
  "EXDATE;TZID=Europe/Madrid:20261214T100000",
  "SUMMARY:Studio day",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:weekly@example.com",
  "RECURRENCE-ID;TZID=Europe/Madrid:20261221T100000",
  "DTSTART;TZID=Europe/Madrid:20261221T110000",
  "DTEND;TZID=Europe/Madrid:20261221T120000",
  "SUMMARY:Studio day (later)",
  "END:VEVENT",
  // A whole day off, the owner's day.
  "BEGIN:VEVENT",
  "UID:holiday@example.com",
  "DTSTART;VALUE=DATE:20261208",
  "DTEND;VALUE=DATE:20261209",
  "SUMMARY:Holiday",
  "END:VEVENT",
  // Marked free, and cancelled: neither is busy.
  "BEGIN:VEVENT",
  "UID:free@example.com",
  "DTSTART:20261209T090000Z",
  "DTEND:20261209T100000Z",
  "TRANSP:TRANSPARENT",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:cancelled@example.com",
  "DTSTART:20261209T120000Z",
  "DTEND:20261209T130000Z",
  "STATUS:CANCELLED",
  "END:VEVENT",
  // In UTC; in a zone the feed does not describe; floating (the owner's wall clock).
  "BEGIN:VEVENT",
  "UID:utc@example.com",
  "DTSTART:20261210T150000Z",
  "DTEND:20261210T153000Z",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:newyork@example.com",
  "DTSTART;TZID=America/New_York:20261210T090000",
  "DTEND;TZID=America/New_York:20261210T100000",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:floating@example.com",
  "DTSTART:20261211T090000",
  "DTEND:20261211T093000",
  "END:VEVENT",
  // Every day, for ever: read only as far as asked.
  "BEGIN:VEVENT",
  "UID:daily@example.com",
  "DTSTART:20261201T070000Z",
  "DTEND:20261201T071500Z",
  "RRULE:FREQ=DAILY",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

const iso = (instant: number) => new Date(instant).toISOString().slice(0, 16);

/** A feed of one event, its lines given. */
const calendarOf = (event: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "BEGIN:VEVENT",
    ...event,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

describe("the owner's busy times from their calendar feed", () => {
  const from = Date.UTC(2026, 11, 7);
  const to = Date.UTC(2027, 0, 1);
  const busy = busyTimes(FEED, "Europe/Madrid", from, to).map(
    (time) => `${iso(time.start)} ${iso(time.end)}`,
  );

  it("reads a series with its removed and moved occurrences, in the feed's zone", () => {
    expect(busy).toContain("2026-12-07T09:00 2026-12-07T10:00");
    expect(busy.some((time) => time.startsWith("2026-12-14T09:00"))).toBe(false);
    expect(busy).toContain("2026-12-21T10:00 2026-12-21T11:00");
    expect(busy.some((time) => time.startsWith("2026-12-21T09:00"))).toBe(false);
    expect(busy).toContain("2026-12-28T09:00 2026-12-28T10:00");
  });

  it("takes an all-day event as the owner's whole day, and a floating time as theirs", () => {
    expect(busy).toContain("2026-12-07T23:00 2026-12-08T23:00");
    expect(busy).toContain("2026-12-11T08:00 2026-12-11T08:30");
  });

  it("reads UTC and a zone named without its description", () => {
    expect(busy).toContain("2026-12-10T15:00 2026-12-10T15:30");
    expect(busy).toContain("2026-12-10T14:00 2026-12-10T15:00");
  });

  it("leaves out what is marked free or cancelled", () => {
    expect(busy.some((time) => time.startsWith("2026-12-09T09:00"))).toBe(false);
    expect(busy.some((time) => time.startsWith("2026-12-09T12:00"))).toBe(false);
  });

  it("reads an endless series only as far as asked, in time order", () => {
    const daily = busy.filter((time) => time.includes("T07:00 "));
    expect(daily[0]).toBe("2026-12-07T07:00 2026-12-07T07:15");
    expect(daily.at(-1)).toBe("2026-12-31T07:00 2026-12-31T07:15");
    expect([...busy].sort()).toEqual(busy);
  });

  it("reads a series begun long ago where the window is, however many times it came before", () => {
    const since2000 = busyTimes(
      calendarOf([
        "UID:old@example.com",
        "DTSTART:20000103T070000Z",
        "DTEND:20000103T080000Z",
        "RRULE:FREQ=DAILY",
      ]),
      "Europe/Madrid",
      from,
      to,
    );
    expect(since2000).toHaveLength(25);
    expect(iso(since2000[0]?.start ?? 0)).toBe("2026-12-07T07:00");
  });

  it("takes a rule no day matches (the 30th of February) as its first time alone, and an occurrence without its series as itself", () => {
    for (const rule of [
      "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
      "FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=31",
      "FREQ=MINUTELY",
    ]) {
      const times = busyTimes(
        calendarOf([
          "UID:never@example.com",
          "DTSTART:20261208T070000Z",
          "DTEND:20261208T080000Z",
          `RRULE:${rule}`,
        ]),
        "Europe/Madrid",
        from,
        to,
      );
      expect(times.map((time) => iso(time.start))).toEqual(["2026-12-08T07:00"]);
    }
    const invited = busyTimes(
      calendarOf([
        "UID:theirs@example.com",
        "RECURRENCE-ID:20261209T090000Z",
        "DTSTART:20261209T100000Z",
        "DTEND:20261209T110000Z",
      ]),
      "Europe/Madrid",
      from,
      to,
    );
    expect(invited.map((time) => iso(time.start))).toEqual(["2026-12-09T10:00"]);
  });

  it("moves an occurrence of its own series only, not another series' at the same hour", () => {
    const weekly = (uid: string) => [
      "BEGIN:VEVENT",
      `UID:${uid}`,
      "DTSTART:20261207T090000Z",
      "DTEND:20261207T100000Z",
      "RRULE:FREQ=WEEKLY;COUNT=3",
      "END:VEVENT",
    ];
    const feed = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      ...weekly("standup@example.com"),
      ...weekly("class@example.com"),
      // The class's second Monday moved to the Tuesday; the stand-up that Monday stays.
      "BEGIN:VEVENT",
      "UID:class@example.com",
      "RECURRENCE-ID:20261214T090000Z",
      "DTSTART:20261215T090000Z",
      "DTEND:20261215T100000Z",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const starts = busyTimes(feed, "Europe/Madrid", from, to).map((time) => iso(time.start));
    expect(starts).toEqual([
      "2026-12-07T09:00",
      "2026-12-07T09:00",
      "2026-12-14T09:00",
      "2026-12-15T09:00",
      "2026-12-21T09:00",
      "2026-12-21T09:00",
    ]);
  });

  it("throws on what is not a calendar, for the caller to keep the last good one", () => {
    expect(() => busyTimes("<html>not found</html>", "Europe/Madrid", from, to)).toThrow();
  });
});
