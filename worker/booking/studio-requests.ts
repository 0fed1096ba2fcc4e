/**
 * A booking's copy changed in the Studio (the publish webhook hands it over, signed): what the
 * owner asked there is carried out, a cancellation ("Cancel booking": who cancels, when asked;
 * cancel.ts) or a move ("Move booking": the new start; move.ts). The copy is read from Sanity
 * with the site's token, so only what an editor wrote counts, never what the webhook's body says.
 * A move is answered in the copy (done, or why not) and its request cleared, so the owner can
 * move it again; a request written meanwhile is left for its own delivery to carry out.
 */
import type { Context } from "hono";
import type { AppEnv } from "../request/app-env.ts";
import { cancelBooking } from "./cancel.ts";
import { type MoveAnswer, moveBooking } from "./move.ts";
import { HOLD_ID } from "./pages.tsx";
import { answerMove, readBookingCopy } from "./studio.ts";

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
