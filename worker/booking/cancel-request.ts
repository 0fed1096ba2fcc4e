/**
 * A booking's copy changed in the Studio (the publish webhook hands it over, signed): a
 * cancellation the owner asked there ("Cancel booking": who cancels, when asked) is carried out
 * (cancel.ts). The copy is read from Sanity with the site's token, so only what an editor wrote
 * counts, never what the webhook's body says.
 */
import type { Context } from "hono";
import type { AppEnv } from "../request/app-env.ts";
import { cancelBooking } from "./cancel.ts";
import { HOLD_ID } from "./pages.tsx";
import { readBookingCopy } from "./studio.ts";

/** The booking whose copy a webhook's change is (`booking.{id}`), if it is one. */
export function bookingCopyOf(change: unknown): string | undefined {
  if (typeof change !== "object" || change === null) return undefined;
  const { _id } = change as { _id?: unknown };
  const id = typeof _id === "string" && _id.startsWith("booking.") ? _id.slice(8) : "";
  return HOLD_ID.test(id) ? id : undefined;
}

/** Carries out the cancellation the booking's copy asks for, if it asks for one. */
export async function bookingCopyChanged(c: Context<AppEnv>, id: string): Promise<void> {
  const copy = await readBookingCopy(c.var.config, id);
  const cancel = copy?.cancel;
  if (!cancel || (cancel.by !== "client" && cancel.by !== "owner")) return;
  const asked = Date.parse(cancel.requestedAt ?? "");
  await cancelBooking(c, id, cancel.by, Number.isNaN(asked) ? Date.now() : asked);
}
