/**
 * Moving a booked session to another time (docs/booking.md, "Moving"), asked from the Studio: the
 * owner's "Move booking" action writes the new start into the booking's copy, and the copy's
 * change comes through the publish webhook (studio-requests.ts). The calendar moves the time in
 * one step, refusing one another booking or hold keeps (the owner's hours and the day's limit are
 * theirs to set aside: they agreed the time with the client). Then, once: the record moves, the
 * reminders are planned again for the new time (a new Workflow instance; the old one sends
 * nothing for a booking no longer at its time), and the client gets the new invitation, which
 * replaces the old one in their calendar. The signed contract stays as signed: it is the record
 * of what was agreed; the booking's page, the invoices and the feed say the new time.
 */
import type { Context } from "hono";
import { errorText, log } from "../lib/log.ts";
import { dayOf, wallAt } from "../lib/zoned-time.ts";
import type { AppEnv } from "../request/app-env.ts";
import { type Booking, type BookingTime, d1Bookings } from "./bookings.ts";
import { lifeOf } from "./life.ts";
import { calendarOf } from "./pages.tsx";
import { afterMove, lifeAfterMove } from "./settled.ts";

/** What a move came to: done, or why not. */
export type MoveAnswer = "moved" | "taken" | "past" | "too far" | "not a time" | "not booked";

/** The furthest ahead a session is moved: further is a typo (20266 for 2026), not a plan. */
const FURTHEST = 2 * 366 * 24 * 60 * 60 * 1000;

/** A booking's times shifted so that it starts at `start`, its buffers and day with it. */
export function timeAt(booking: Booking, start: number): BookingTime {
  const shift = start - booking.start;
  return {
    start,
    end: booking.end + shift,
    blockStart: booking.blockStart + shift,
    blockEnd: booking.blockEnd + shift,
    day: dayOf(wallAt(booking.timeZone, start)),
  };
}

/** Moves a booked session to start at `start`; asked again, it answers "moved" and does nothing. */
export async function moveBooking(
  c: Context<AppEnv>,
  id: string,
  start: number,
  now = Date.now(),
): Promise<MoveAnswer> {
  const bookings = d1Bookings(c.env.STORE_DB);
  const booking = await bookings.get(id);
  if (booking?.status !== "booked") return "not booked";
  if (Number.isNaN(start)) return "not a time";
  // Asked again: Sanity delivers again after a delivery failed, perhaps once the record moved and
  // before the new time's reminders were planned (planned once, whatever repeats).
  if (booking.start === start) {
    if (booking.moves > 0) await movedLife(c, booking);
    return "moved";
  }
  if (start <= now) return "past";
  if (start > now + FURTHEST) return "too far";
  const to = timeAt(booking, start);
  const answer = await calendarOf(c).move(
    id,
    booking.start,
    { start: to.start, end: to.end, day: to.day },
    { start: to.blockStart, end: to.blockEnd },
  );
  if (answer === "unknown") return "not booked";
  if (answer === "taken") return "taken";
  // Another move of this booking has moved the calendar and not yet the record: carried out now,
  // the two would keep different times. Thrown, so that the webhook's delivery fails and Sanity
  // delivers it again, once the record says where the booking is.
  if (answer === "changed") throw new Error("Another move of this booking is being carried out");
  if (await bookings.markMoved(id, booking.start, to, now)) {
    log.info("Booking moved", { booking: id });
    const moved = await bookings.get(id);
    if (moved) {
      // Told first (in the answer's background): should planning the reminders fail, the next
      // delivery finds the record moved and only plans them; nothing else would tell the client.
      await afterMove(c, booking.start)(moved);
      await movedLife(c, moved);
    }
  }
  return "moved";
}

/**
 * The reminders of a moved booking: its new time's planned, then its last time's ended (they
 * would send nothing for a booking no longer at that time; ended all the same).
 */
async function movedLife(c: Context<AppEnv>, moved: Booking): Promise<void> {
  await lifeAfterMove(c, moved);
  const before = lifeOf({ ...moved, moves: moved.moves - 1 });
  await c.env.BOOKING_LIFE.get(before)
    .then((life) => life.terminate())
    .catch((error: unknown) =>
      log.warn("A moved booking's old reminders could not be ended", {
        booking: moved.id,
        error: errorText(error),
      }),
    );
}
