/**
 * The owner's calendar of bookings: an iCalendar feed at a secret address, which Google, Apple
 * or Outlook calendars subscribe to, with every booked session (who, what they answered, their
 * page). The address's secret is a keyed hash under a key of the site's own (lib/signing.ts), so
 * nobody can make it up; the owner gets it in each booking's e-mail. A guessed one is a 404.
 */
import type { Context, Handler } from "hono";
import { derivedKey, fromBase64url, sign, toBase64url, verify } from "../lib/signing.ts";
import type { AppEnv } from "../request/app-env.ts";
import { siteOrigin } from "../request/context.ts";
import { d1Bookings } from "./bookings.ts";
import { icsCalendar } from "./ics.ts";

const PURPOSE = "portfolio booking feed";
/** Bookings that ended longer ago than this are no longer in the feed. */
const FEED_PAST_DAYS = 90;

/** The feed's secret, or undefined without a key (no Sanity token: no booking either). */
export async function feedSecret(token: string | undefined): Promise<string | undefined> {
  const key = await derivedKey(token, PURPOSE);
  return key ? toBase64url(await sign(key, "feed")) : undefined;
}

/** The feed's whole address, for the owner's e-mail. */
export async function feedUrl(c: Context<AppEnv>): Promise<string | undefined> {
  const secret = await feedSecret(c.var.config.sanityToken);
  return secret ? `${siteOrigin(c)}/book/calendar/${secret}.ics` : undefined;
}

/** `GET /book/calendar/{secret}.ics`: every booked session, for the owner's calendar. */
export const ownerFeed: Handler<AppEnv> = async (c) => {
  const given = fromBase64url((c.req.param("file") ?? "").replace(/\.ics$/, ""));
  const key = await derivedKey(c.var.config.sanityToken, PURPOSE);
  if (!given || !key || !(await verify(key, given, "feed"))) return c.notFound();
  const origin = siteOrigin(c);
  const bookings = await d1Bookings(c.env.STORE_DB).booked(
    Date.now() - FEED_PAST_DAYS * 24 * 3_600_000,
  );
  const body = icsCalendar(
    origin,
    bookings.map((booking) => ({
      uid: booking.id,
      start: booking.start,
      end: booking.end,
      summary: `${booking.sessionTitle}: ${booking.details.name}`,
      description: [
        `${booking.details.name} <${booking.details.email}>`,
        ...Object.entries(booking.details.answers).map(([id, answer]) => `${id}: ${answer}`),
        `${origin}/book/held/${booking.id}`,
      ].join("\n"),
      url: `${origin}/book/held/${booking.id}`,
      sequence: booking.moves,
    })),
    { name: "Bookings" },
  );
  return c.body(body, 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  });
};
