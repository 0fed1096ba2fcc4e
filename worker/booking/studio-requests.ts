/**
 * A booking's copy changed in the Studio (the publish webhook hands it over, signed): what the
 * owner asked there is carried out, a cancellation ("Cancel booking": who cancels, when asked;
 * cancel.ts) or a move ("Move booking": the new start; move.ts). The copy is read from Sanity
 * with the site's token, so only what an editor wrote counts, never what the webhook's body says.
 * A move is answered in the copy (done, or why not) and its request cleared, so the owner can
 * move it again; a request written meanwhile is left for its own delivery to carry out.
 */
import type { Context } from "hono";
import { loadConfig } from "../config/config.ts";
import { editorClient } from "../content/sanity-client.ts";
import { errorText, log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { backgroundContext } from "../request/background-context.ts";
import { d1Bookings } from "./bookings.ts";
import { cancelBooking } from "./cancel.ts";
import { type MoveAnswer, moveBooking } from "./move.ts";
import { HOLD_ID } from "./pages.tsx";
import { answerMove, bookingDocumentId, readBookingCopy } from "./studio.ts";

/** The booking whose copy a webhook's change is (`booking.{id}`), if it is one. */
export function bookingCopyOf(change: unknown): string | undefined {
  if (typeof change !== "object" || change === null) return undefined;
  const { _id } = change as { _id?: unknown };
  const id = typeof _id === "string" && _id.startsWith("booking.") ? _id.slice(8) : "";
  return HOLD_ID.test(id) ? id : undefined;
}

/** What the owner reads in the copy after asking for a move. */
const MOVE_ANSWERS: Record<MoveAnswer, string> = {
  moved: "Moved; the client has the new time and its invitation.",
  taken: "Not moved: another booking or hold keeps part of that time.",
  past: "Not moved: that time has passed.",
  "too far": "Not moved: that time is more than two years ahead.",
  "not a time": "Not moved: that is not a date and time.",
  "not booked": "Not moved: only a booked session can be moved.",
};

/** Carries out what the booking's copy asks for, if it asks for anything. */
export async function bookingCopyChanged(c: Context<AppEnv>, id: string): Promise<void> {
  const copy = await readBookingCopy(c.var.config, id);
  const { cancel, move } = copy ?? {};
  if (cancel?.by === "client" || cancel?.by === "owner") {
    const asked = Date.parse(cancel.requestedAt ?? "");
    await cancelBooking(c, id, cancel.by, Number.isNaN(asked) ? Date.now() : asked);
    return;
  }
  if (move) {
    const answer = await moveBooking(c, id, Date.parse(move.to ?? ""));
    await answerMove(c.var.config, id, move, MOVE_ANSWERS[answer]);
  }
}

/**
 * Cancellations the owner asked for in the Studio that are not carried out yet, carried out now
 * (the Cron Trigger's, every five minutes). Sanity delivers a change that failed twice more, 30
 * seconds apart, and then never: a Stripe or D1 outage longer than that left a booking booked,
 * its balance still asked for, though the owner cancelled it (and perhaps the client refunded).
 * Each is carried out as its delivery would have been (refunds reckoned from what Stripe says
 * was refunded, so never twice); one that fails again is tried at the next look. A copy changed
 * in the last two minutes is left to Sanity's deliveries, still under way.
 */
export async function pendingCancellations(
  env: Env,
  ctx: ExecutionContext,
  now = Date.now(),
): Promise<void> {
  const config = loadConfig(env);
  if (!config.sanityToken) return;
  try {
    const booked = await d1Bookings(env.STORE_DB).booked(0);
    if (booked.length === 0) return;
    const asked = await editorClient(config, "Bookings in the Studio").fetch<
      { id: string; page?: string }[]
    >(
      `*[_id in $ids && defined(cancel.by) && dateTime(_updatedAt) < dateTime($settled)]{
        "id": _id, "page": bookingPage }`,
      {
        ids: booked.map((booking) => bookingDocumentId(booking.id)),
        settled: new Date(now - 2 * 60_000).toISOString(),
      },
    );
    for (const { id, page } of asked) {
      const booking = bookingCopyOf({ _id: id });
      // The copy's page names the site's address its e-mails link to.
      const origin = URL.parse(page ?? "")?.origin;
      if (!booking || !origin || origin === "null") continue;
      log.warn("A cancellation asked for in the Studio was not carried out; carried out now", {
        booking,
      });
      await bookingCopyChanged(backgroundContext(env, ctx, origin), booking).catch(
        (error: unknown) =>
          log.error("A cancellation asked for in the Studio failed again; tried at the next look", {
            booking,
            error: errorText(error),
          }),
      );
    }
  } catch (error) {
    log.error("Cancellations asked for in the Studio could not be looked for", {
      error: errorText(error),
    });
  }
}
