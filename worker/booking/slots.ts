/**
 * The free slots of a session type: the owner's weekly hours in their time zone, less their
 * dates off, what is already held or booked (with each session's buffers) and the times they
 * are busy, from the minimum notice to as far ahead as they take bookings, at most so many
 * shoots a day. Computed the same way wherever a slot is shown or taken: the calendar's Durable
 * Object takes a hold only on a slot this gives at that moment.
 */
import { DAY, dayOf, dayOffset, instantOf, minutes, minutesOf, wallAt } from "../lib/zoned-time.ts";

/** The owner's hours (the Studio's), already checked. */
export interface Hours {
  /** An IANA zone, e.g. "Europe/Madrid": the hours and the days are the owner's there. */
  timeZone: string;
  /** Open windows per weekday (0 Sunday to 6 Saturday), "09:00" to "17:30". */
  weekly: { weekday: number; from: string; to: string }[];
  /** Days with no bookings, "2026-12-24", in the owner's zone. */
  datesOff: string[];
  /** No slot sooner than this after now. */
  noticeMinutes: number;
  /** No slot on a day further than this from today. */
  daysAhead: number;
  /** At most this many sessions begin on one day; undefined: no limit. */
  perDay: number | undefined;
  /** Slots begin on this grid of minutes from the window's start (30: :00 and :30). */
  stepMinutes: number;
}

export interface SessionShape {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** A time taken: a hold or a booking with its buffers, or the owner's busy time. */
export interface Taken {
  start: number;
  end: number;
  /** The owner's day it counts against (holds and bookings; not busy times). */
  day?: string;
}

export interface Slot {
  /** Epoch ms of the session's start and end. */
  start: number;
  end: number;
  /** The owner's day, "2026-03-29". */
  day: string;
}

/** The time a session of `shape` at `slot` keeps from others: itself and its buffers. */
export const blockOf = (shape: SessionShape, slot: Slot): Taken => ({
  start: slot.start - minutes(shape.bufferBeforeMinutes),
  end: slot.end + minutes(shape.bufferAfterMinutes),
  day: slot.day,
});

export const overlaps = (a: Taken, b: Taken) => a.start < b.end && b.start < a.end;

/** The free slots from `now` on, in time order. */
export function freeSlots(
  hours: Hours,
  shape: SessionShape,
  taken: readonly Taken[],
  now: number,
): Slot[] {
  const today = Math.floor(wallAt(hours.timeZone, now) / DAY) * DAY;
  const off = new Set(hours.datesOff);
  const earliest = now + minutes(hours.noticeMinutes);
  const sessions = new Map<string, number>();
  for (const each of taken) if (each.day) sessions.set(each.day, (sessions.get(each.day) ?? 0) + 1);
  const windows = hours.weekly
    .map((window) => ({ ...window, from: minutesOf(window.from), to: minutesOf(window.to) }))
    .sort((a, b) => (a.from ?? 0) - (b.from ?? 0));
  const slots: Slot[] = [];
  // Wall days are whole days apart whatever the zone does: its rules apply in instantOf only.
  for (let wall = today; wall <= today + hours.daysAhead * DAY; wall += DAY) {
    const day = dayOf(wall);
    const full = hours.perDay !== undefined && (sessions.get(day) ?? 0) >= hours.perDay;
    if (off.has(day) || full) continue;
    const weekday = new Date(wall).getUTCDay();
    const offset = dayOffset(hours.timeZone, wall);
    for (const { weekday: open, from, to } of windows) {
      if (open !== weekday || from === undefined || to === undefined) continue;
      for (let at = from; at + shape.durationMinutes <= to; at += hours.stepMinutes) {
        // A wall time in the hour skipped in spring has no instant: never offered. One in the
        // hour repeated in autumn is its first instant only: offered once. (Only such days ask
        // the zone for each time; on the others the day's one offset gives every instant.)
        const start =
          offset === null
            ? instantOf(hours.timeZone, wall + minutes(at))
            : wall + minutes(at) - offset;
        if (start === undefined || start < earliest) continue;
        const slot = { start, end: start + minutes(shape.durationMinutes), day };
        if (!taken.some((each) => overlaps(each, blockOf(shape, slot)))) slots.push(slot);
      }
    }
  }
  return slots;
}
