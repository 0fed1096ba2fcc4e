/**
 * Reading the owner's own calendar (BOOKING_BUSY_FEED_URL, a secret ICS address) into the
 * calendar's Durable Object, where every hold is decided against it. Read every five minutes by
 * the Cron Trigger, and by a view that finds the times older than that (in the background) or
 * never read (first, so not even the first visitor is offered a busy time). A feed that cannot
 * be read keeps the times read before: a calendar's hiccup never frees the owner's busy days.
 */
import { errorText, log } from "../lib/log.ts";
import { readText } from "../lib/request-body.ts";
import { DAY } from "../lib/zoned-time.ts";
import { busyTimes } from "./busy.ts";
import { type BusyRead, CALENDAR } from "./calendar.ts";

/** How long a read counts as current; the Cron Trigger reads as often. */
const BUSY_FRESH_MS = 5 * 60_000;

/** Busy times this far ahead are kept: beyond the furthest the Studio lets a client book. */
const HORIZON_MS = 366 * DAY;

/** A calendar of years is a few hundred kilobytes; anything far larger is not a calendar. */
const MAX_FEED_BYTES = 8_000_000;

type BusyEnv = Pick<Env, "BOOKING_BUSY_FEED_URL" | "BOOKING_CALENDAR">;

/** Reads the feed now, its floating times and all-day events in the owner's `zone`. */
export async function readBusyFeed(env: BusyEnv, zone: string, now = Date.now()): Promise<void> {
  const url = env.BOOKING_BUSY_FEED_URL;
  if (!url) return;
  const calendar = env.BOOKING_CALENDAR.getByName(CALENDAR);
  const read = { zone, readAt: now };
  try {
    const res = await fetch(url, {
      headers: { Accept: "text/calendar" },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`the feed answered ${res.status}`);
    // Read no further than the bound: a feed that goes on and on is refused as it passes it.
    const ics = await readText(res, MAX_FEED_BYTES, { development: false });
    if (ics === null) throw new Error(`the feed is over ${MAX_FEED_BYTES} bytes long`);
    await calendar.keepBusy(read, busyTimes(ics, zone, now, now + HORIZON_MS));
  } catch (error) {
    // The address is a secret: the log names the failure, not the feed.
    log.warn("The owner's calendar could not be read; the busy times read before still count", {
      error: errorText(error),
    });
    await calendar.keepBusy(read);
  }
}

/**
 * Whether a view should read the feed: "first" (before it answers) when it was never read, or
 * read with the owner's days in another zone; "again" (in the background) when read too long ago.
 */
export function busyReadDue(
  env: BusyEnv,
  last: BusyRead | undefined,
  zone: string,
  now = Date.now(),
): "first" | "again" | undefined {
  if (!env.BOOKING_BUSY_FEED_URL) return undefined;
  if (!last || last.zone !== zone) return "first";
  return now - last.readAt >= BUSY_FRESH_MS ? "again" : undefined;
}

/** The Cron Trigger's read, in the zone of the last (none before a first view: nothing to do). */
export async function scheduledBusyRead(env: BusyEnv): Promise<void> {
  if (!env.BOOKING_BUSY_FEED_URL) return;
  const last = await env.BOOKING_CALENDAR.getByName(CALENDAR).busyRead();
  if (last) await readBusyFeed(env, last.zone);
}
