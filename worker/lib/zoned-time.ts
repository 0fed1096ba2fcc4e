/**
 * Wall-clock times in the owner's time zone, through `Intl` (workerd carries the full zone
 * database). A wall time is written as the milliseconds `Date.UTC` gives for its fields, so
 * days and minutes are added to it without any zone's rules getting in the way; only turning
 * it into an instant asks the zone, and that is where daylight saving is decided:
 *
 * - a wall time that does not exist (the hour skipped in spring) has no instant;
 * - one that happens twice (the hour repeated in autumn) is its first instant, only.
 */

const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether `timeZone` is a zone `Intl` knows (an IANA name such as "Europe/Madrid"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall time in `timeZone` at `instant` (epoch ms), as `Date.UTC` of its fields. */
export function wallAt(timeZone: string, instant: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The first instant whose wall time in `timeZone` is `wall`; undefined when none is. */
export function instantOf(timeZone: string, wall: number): number | undefined {
  // A zone's offset changes at most once in a day: the offsets before and after every instant
  // the wall time may be (offsets run from -12 to +14 hours) are the only candidates, and each is
  // kept only if it really gives the wall time back.
  const found = [wall - 14 * 60 * MINUTE, wall + 12 * 60 * MINUTE]
    .map((probe) => wall - (wallAt(timeZone, probe) - probe))
    .filter((instant) => wallAt(timeZone, instant) === wall)
    .sort((a, b) => a - b);
  return found[0];
}

const dayOffsets = new Map<string, number | null>();

/**
 * The offset (wall time less instant, in ms) that holds all through the wall day starting at
 * `day` in `timeZone`, or null on a day the offset changes (a daylight-saving day), whose times
 * are each asked of the zone (`instantOf`). Kept once known: a zone's rules do not change while
 * the worker runs, and asking `Intl` for every slot of 90 days cost about 100 ms of CPU.
 */
export function dayOffset(timeZone: string, day: number): number | null {
  const key = `${timeZone} ${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const end = day + DAY - MINUTE;
    const [first, last] = [instantOf(timeZone, day), instantOf(timeZone, end)];
    offset =
      first !== undefined && last !== undefined && day - first === end - last ? day - first : null;
    // A bound, not a policy: a year of days in a few zones fits many times over.
    if (dayOffsets.size >= 10_000) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset;
}

/** "2026-03-29" of a wall time. */
export const dayOf = (wall: number): string => new Date(wall).toISOString().slice(0, 10);

/** A wall day's start from "2026-03-29"; undefined for anything else. */
export function wallDay(day: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const wall = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(wall) || dayOf(wall) !== day ? undefined : wall;
}

/** Minutes since midnight of "09:30" (00:00 to 24:00); undefined for anything else. */
export function minutesOf(time: string): number | undefined {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : undefined;
}

export const minutes = (count: number) => count * MINUTE;
