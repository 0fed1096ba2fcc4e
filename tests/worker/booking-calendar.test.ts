// The owner's calendar through its real Durable Object in workerd: of 50 clients asking for one
// slot at once exactly one holds it, a hold lapses after its minutes and frees the slot, and
// nothing is held that the hours do not offer. (The free slots' rules: worker/booking/slots.test.ts.)
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HOLD_MINUTES, type HoldAnswer, type HoldRequest } from "../../worker/booking/calendar.ts";
import type { Hours } from "../../worker/booking/slots.ts";

const HOURS: Hours = {
  timeZone: "Europe/Madrid",
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: "09:00", to: "17:00" })),
  datesOff: [],
  noticeMinutes: 60,
  daysAhead: 30,
  perDay: undefined,
  stepMinutes: 60,
};

// Monday 7 December 2026, 10:00 in Madrid.
const NOW = Date.UTC(2026, 11, 7, 9);
/** Tuesday 8 December, 11:00 in Madrid. */
const TUESDAY_11 = Date.UTC(2026, 11, 8, 10);

const portrait = (start: number): HoldRequest => ({
  session: "portrait",
  shape: { durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 30 },
  hours: HOURS,
  start,
});

/** A calendar of its own for each test (the site has one, named "owner"). */
const calendar = () => env.BOOKING_CALENDAR.getByName(crypto.randomUUID());

const heldIn = (answers: HoldAnswer[]) => answers.filter((answer) => "held" in answer);

describe("the owner's calendar", () => {
  it("gives one slot asked for by 50 clients at once to exactly one of them", async () => {
    const stub = calendar();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => stub.hold(portrait(TUESDAY_11), NOW)),
    );
    const held = heldIn(answers);
    expect(held).toHaveLength(1);
    // The 49 others are told what is still free: not that hour, nor the next (its buffer).
    for (const answer of answers) {
      if (!("taken" in answer)) continue;
      const starts = answer.taken.map((slot) => slot.start);
      expect(starts.length).toBeGreaterThan(0);
      expect(starts).not.toContain(TUESDAY_11);
      expect(starts).not.toContain(TUESDAY_11 + 3_600_000);
      expect(starts).toContain(TUESDAY_11 + 2 * 3_600_000);
    }
  });

  it("frees a slot when its hold lapses, and not before", async () => {
    const stub = calendar();
    const first = await stub.hold(portrait(TUESDAY_11), NOW);
    if (!("held" in first)) throw new Error("the slot was free");
    expect(first.held.expiresAt).toBe(NOW + HOLD_MINUTES * 60_000);
    expect(await stub.held(first.held.id, NOW + 60_000)).toEqual(first.held);
    const lastMinute = NOW + HOLD_MINUTES * 60_000 - 1;
    expect("taken" in (await stub.hold(portrait(TUESDAY_11), lastMinute))).toBe(true);
    const lapsed = NOW + HOLD_MINUTES * 60_000;
    expect(await stub.held(first.held.id, lapsed)).toBeUndefined();
    const second = await stub.hold(portrait(TUESDAY_11), lapsed);
    expect("held" in second && second.held.id !== first.held.id).toBe(true);
  });

  it("frees a released hold's slot at once", async () => {
    const stub = calendar();
    const first = await stub.hold(portrait(TUESDAY_11), NOW);
    if (!("held" in first)) throw new Error("the slot was free");
    await stub.release(first.held.id);
    expect("held" in (await stub.hold(portrait(TUESDAY_11), NOW))).toBe(true);
  });

  it("holds one time at once for a visitor: another chosen lets the first go, unless it is being paid for or holds a client's details", async () => {
    const stub = calendar();
    const as = (holder: string, start: number) => stub.hold({ ...portrait(start), holder }, NOW);
    const eves = await as("eve", TUESDAY_11 + 3 * 3_600_000);
    const first = await as("ana", TUESDAY_11);
    if (!("held" in first) || !("held" in eves)) throw new Error("the slots were free");
    // A time someone else holds keeps the first; another free one lets it go, free at once.
    expect("taken" in (await as("ana", TUESDAY_11 + 3 * 3_600_000))).toBe(true);
    expect(await stub.held(first.held.id, NOW)).toBeDefined();
    expect("held" in (await as("ana", TUESDAY_11 + 5 * 3_600_000))).toBe(true);
    expect(await stub.held(first.held.id, NOW)).toBeUndefined();
    expect("held" in (await as("bob", TUESDAY_11))).toBe(true);
    // One being paid for (held longer, its details given) stays when its holder chooses another.
    const details = (name: string) => ({ name, email: `${name}@example.com`, answers: {} });
    expect(await stub.keepDetails(eves.held.id, details("eve"), NOW)).toBe("kept");
    expect(await stub.extend(eves.held.id, NOW + 60 * 60_000, NOW)).toBe(true);
    expect("held" in (await as("eve", TUESDAY_11 + 24 * 3_600_000))).toBe(true);
    expect(await stub.held(eves.held.id, NOW)).toBeDefined();
    // Still once its payment page has less left than a hold lasts (a client long on Stripe's
    // page, whose second tab, or someone on their network, chooses a time meanwhile).
    const paying = await as("zoe", TUESDAY_11 + 48 * 3_600_000);
    if (!("held" in paying)) throw new Error("the slot was free");
    expect(await stub.keepDetails(paying.held.id, details("zoe"), NOW)).toBe("kept");
    expect(await stub.extend(paying.held.id, NOW + 31 * 60_000, NOW)).toBe(true);
    const late = NOW + 20 * 60_000;
    const another = await stub.hold(
      { ...portrait(TUESDAY_11 + 50 * 3_600_000), holder: "zoe" },
      late,
    );
    expect("held" in another).toBe(true);
    expect(await stub.held(paying.held.id, late)).toBeDefined();
    // Nor one with a client's details in it: someone else on their network (a home's, a
    // carrier's) choosing a time does not undo their work; it lapses with its time.
    const typing = await as("kim", TUESDAY_11 + 72 * 3_600_000);
    if (!("held" in typing)) throw new Error("the slot was free");
    expect(await stub.keepDetails(typing.held.id, details("kim"), NOW)).toBe("kept");
    expect("held" in (await as("kim", TUESDAY_11 + 74 * 3_600_000))).toBe(true);
    expect(await stub.held(typing.held.id, NOW)).toBeDefined();
  });

  it("holds no more than three times at once for a visitor with details in them or being paid for, so nobody holds the whole calendar", async () => {
    const stub = calendar();
    const hour = 3_600_000;
    const as = (holder: string, start: number, at = NOW) =>
      stub.hold({ ...portrait(start), holder }, at);
    const filled = async (holder: string, start: number) => {
      const answer = await as(holder, start);
      if (!("held" in answer)) throw new Error("the slot was free");
      const details = { name: "X", email: "x@example.com", answers: {} };
      expect(await stub.keepDetails(answer.held.id, details, NOW)).toBe("kept");
      return answer.held;
    };
    const first = await filled("max", TUESDAY_11);
    const paid = await filled("max", TUESDAY_11 + 24 * hour);
    expect(await stub.extend(paid.id, NOW + 60 * 60_000, NOW)).toBe(true);
    await filled("max", TUESDAY_11 + 48 * hour);
    expect(await as("max", TUESDAY_11 + 72 * hour)).toEqual({ tooMany: true });
    // Someone else is not kept out, and a hold of theirs without details would only move.
    expect("held" in (await as("ana", TUESDAY_11 + 72 * hour))).toBe(true);
    // One booked, or lapsed, is no longer held: another may be.
    const block = { start: first.slot.start, end: first.slot.end, day: first.slot.day };
    expect(await stub.book(first.id, "portrait", first.slot, block, undefined, NOW)).toBe(true);
    await filled("max", TUESDAY_11 + 74 * hour);
    expect(await as("max", TUESDAY_11 + 144 * hour)).toEqual({ tooMany: true });
    expect(await as("max", TUESDAY_11 + 144 * hour, NOW + HOLD_MINUTES * 60_000)).toMatchObject({
      held: expect.anything(),
    });
  });

  it("holds nothing the hours do not offer: past, too soon, off hours, off the grid, busy", async () => {
    const stub = calendar();
    const busyTime = { start: TUESDAY_11 - 30 * 60_000, end: TUESDAY_11 + 15 * 60_000 };
    await stub.keepBusy({ zone: HOURS.timeZone, readAt: NOW }, [busyTime]);
    for (const [what, request] of [
      ["past", portrait(NOW - 3_600_000)],
      ["within the notice", portrait(NOW + 30 * 60_000)],
      ["at night", portrait(Date.UTC(2026, 11, 8, 22))],
      ["on a Saturday", portrait(Date.UTC(2026, 11, 12, 10))],
      ["off the hour's grid", portrait(TUESDAY_11 + 15 * 60_000)],
      ["beyond the days ahead", portrait(Date.UTC(2027, 1, 2, 10))],
      ["in a busy time", portrait(TUESDAY_11)],
      ["not a time", portrait(Number.NaN)],
    ] as const) {
      expect("taken" in (await stub.hold(request, NOW)), what).toBe(true);
    }
    expect(await stub.taken(NOW)).toEqual([]);
  });

  /** A portrait hold on Tuesday at 11 in a calendar of its own, lapsed; `book` books it then. */
  async function lapsedHold() {
    const stub = calendar();
    const first = await stub.hold(portrait(TUESDAY_11), NOW);
    if (!("held" in first)) throw new Error("the slot was free");
    const { id, slot } = first.held;
    const block = { start: slot.start, end: slot.end + 30 * 60_000, day: slot.day };
    const lapsed = NOW + HOLD_MINUTES * 60_000;
    return { stub, lapsed, book: () => stub.book(id, "portrait", slot, block, undefined, lapsed) };
  }

  it("books a lapsed hold only if its time is still free, of the owner's busy times too", async () => {
    const { stub, lapsed, book } = await lapsedHold();
    // The owner filled that hour in their own calendar after the hold lapsed.
    await stub.keepBusy({ zone: HOURS.timeZone, readAt: lapsed }, [
      { start: TUESDAY_11, end: TUESDAY_11 + 3_600_000 },
    ]);
    expect(await book()).toBe(false);
    // Free of it, the time is anyone's; the deposit refunded on that no is not booked on it.
    await stub.keepBusy({ zone: HOURS.timeZone, readAt: lapsed }, []);
    expect(await book()).toBe(false);
    expect("held" in (await stub.hold(portrait(TUESDAY_11), lapsed))).toBe(true);
  });

  it("books a lapsed hold whose time is still free", async () => {
    const { stub, lapsed, book } = await lapsedHold();
    expect(await book()).toBe(true);
    expect(await book()).toBe(true);
    expect("taken" in (await stub.hold(portrait(TUESDAY_11), lapsed))).toBe(true);
  });

  it("keeps the owner's busy times read before when a read of their calendar fails", async () => {
    const stub = calendar();
    const busyTime = { start: TUESDAY_11, end: TUESDAY_11 + 3_600_000 };
    await stub.keepBusy({ zone: HOURS.timeZone, readAt: NOW }, [busyTime]);
    await stub.keepBusy({ zone: HOURS.timeZone, readAt: NOW + 300_000 });
    expect(await stub.busy()).toEqual([busyTime]);
    expect(await stub.busyRead()).toEqual({ zone: HOURS.timeZone, readAt: NOW + 300_000 });
    expect("taken" in (await stub.hold(portrait(TUESDAY_11), NOW))).toBe(true);
    // A read that succeeds replaces them.
    await stub.keepBusy({ zone: HOURS.timeZone, readAt: NOW + 600_000 }, []);
    expect("held" in (await stub.hold(portrait(TUESDAY_11), NOW))).toBe(true);
  });

  it("keeps the newer of two reads of the owner's calendar, whichever finishes last", async () => {
    const stub = calendar();
    const busyTime = { start: TUESDAY_11, end: TUESDAY_11 + 3_600_000 };
    // Read at 09:05 (the owner had just filled the hour), then a read begun at 09:00 finishes.
    await stub.keepBusy({ zone: HOURS.timeZone, readAt: NOW + 300_000 }, [busyTime]);
    await stub.keepBusy({ zone: HOURS.timeZone, readAt: NOW }, []);
    await stub.keepBusy({ zone: "America/New_York", readAt: NOW + 1 });
    expect(await stub.busy()).toEqual([busyTime]);
    expect(await stub.busyRead()).toEqual({ zone: HOURS.timeZone, readAt: NOW + 300_000 });
    expect("taken" in (await stub.hold(portrait(TUESDAY_11), NOW))).toBe(true);
  });
});
