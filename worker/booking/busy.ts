/**
 * The owner's busy times, from the calendar feed they paste (an ICS address of Google, Apple or
 * Outlook), so no slot is offered while they are busy. Read with ical.js (Mozilla's parser, as
 * Thunderbird's): its recurrence rules, exceptions and time zones are the hard part of ICS.
 *
 * Busy is every event but those marked free (`TRANSP:TRANSPARENT`) or cancelled. A time with a
 * zone the feed describes (`VTIMEZONE`) or in UTC is that instant; a zone named but not
 * described is read as an IANA name where it is one; a floating time, and an all-day event's
 * days, are the owner's (their zone's wall clock).
 */
import ICAL from "ical.js";
import { DAY, instantOf, isTimeZone } from "../lib/zoned-time.ts";
import type { Taken } from "./slots.ts";

/** At most this many occurrences of one recurring event are kept (a daily one for 13 years). */
const MAX_OCCURRENCES = 5000;
/**
 * At most this many are stepped through to reach them: a daily series begun a century ago, an
 * hourly one five years ago: a series is stepped through from its start, however long ago.
 */
const MAX_STEPS = 50_000;
/** 28 years: every date falls on every weekday in them, and every leap day is there. */
const CALENDAR_CYCLE_DAYS = 28 * 366;
const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** Whether `value` is one of `list` (none: any), counted from the start or (negative) the end. */
const listed = (list: readonly number[] | undefined, value: number, length: number) =>
  !list?.length || list.includes(value) || list.includes(value - length - 1);

/**
 * Whether any day matches a rule's month, day-of-month, day-of-year and weekday filters. ical.js
 * 2.2 steps a rule by the hour or day until a day matches (kewisch/ical.js#1038): for the 30th
 * of February it never stops, and a whole read of the feed hung on one such event.
 */
function someDayMatches(rule: ICAL.Recur, start: ICAL.Time): boolean {
  const { BYMONTH, BYMONTHDAY, BYYEARDAY, BYDAY } = rule.parts;
  const weekdays = BYDAY?.map((day) => WEEKDAYS.indexOf(day.slice(-2)));
  for (let n = 0; n < CALENDAR_CYCLE_DAYS; n++) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + n));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const yearDay = (date.getTime() - Date.UTC(year, 0, 1)) / DAY + 1;
    if (
      listed(BYMONTH, month, 12) &&
      listed(BYMONTHDAY, day, new Date(Date.UTC(year, month, 0)).getUTCDate()) &&
      listed(BYYEARDAY, yearDay, (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / DAY) &&
      (!weekdays?.length || weekdays.includes(date.getUTCDay()))
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Whether ical.js can step through an event's rules: not by the second or the minute (no one's
 * busy times; a year of either is millions of steps), and by the hour, day or week only when a
 * day matches their filters (above). One it cannot counts as its first time alone.
 */
function expandable(event: ICAL.Event): boolean {
  return event.component.getAllProperties("rrule").every((property) => {
    const rule = property.getFirstValue() as ICAL.Recur;
    if (rule.freq === "SECONDLY" || rule.freq === "MINUTELY") return false;
    return (
      rule.freq === "MONTHLY" || rule.freq === "YEARLY" || someDayMatches(rule, event.startDate)
    );
  });
}

/** The instant of an ICS time, `zone` the zone its TZID names (or the owner's). */
function instant(time: ICAL.Time, zone: string): number {
  const known = time.zone && time.zone !== ICAL.Timezone.localTimezone;
  if (known && !time.isDate) return time.toUnixTime() * 1000;
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  // A wall time the zone skips (spring) is taken at the hour after: busy either way.
  return instantOf(zone, wall) ?? instantOf(zone, wall + 3_600_000) ?? wall;
}

/** The zone an event's wall times are in when the feed does not describe it. */
function zoneOf(event: ICAL.Component, ownerZone: string): string {
  const tzid = event.getFirstProperty("dtstart")?.getParameter("tzid");
  return typeof tzid === "string" && isTimeZone(tzid) ? tzid : ownerZone;
}

/** The busy times of the feed `ics` that meet [`from`, `to`), in time order. */
export function busyTimes(ics: string, ownerZone: string, from: number, to: number): Taken[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(zone);
  }
  const events = calendar.getAllSubcomponents("vevent");
  const busy = (event: ICAL.Component) =>
    event.getFirstPropertyValue("transp") !== "TRANSPARENT" &&
    event.getFirstPropertyValue("status") !== "CANCELLED";
  // Each changed occurrence (RECURRENCE-ID) belongs to its series, which answers for it. Given
  // no exceptions, ical.js would relate every sibling's to each event: another series' at the
  // same hour too, and in time that grows with the square of the feed.
  const series = new Map<string, ICAL.Event>();
  for (const component of events) {
    if (!component.hasProperty("recurrence-id")) {
      series.set(
        String(component.getFirstPropertyValue("uid")),
        new ICAL.Event(component, { exceptions: [] }),
      );
    }
  }
  // A changed occurrence whose series is not in the feed (an invitation to one occurrence) is
  // an event of its own.
  const alone: ICAL.Event[] = [];
  for (const component of events) {
    if (component.hasProperty("recurrence-id")) {
      const parent = series.get(String(component.getFirstPropertyValue("uid")));
      if (parent) parent.relateException(component);
      else alone.push(new ICAL.Event(component));
    }
  }
  const times: Taken[] = [];
  const add = (component: ICAL.Component, start: ICAL.Time, end: ICAL.Time) => {
    if (!busy(component)) return;
    const zone = zoneOf(component, ownerZone);
    const taken = { start: instant(start, zone), end: instant(end, zone) };
    // An event with no end (a DATE start alone is a whole day; a DATE-TIME, a moment).
    if (taken.end <= taken.start) taken.end = taken.start + (start.isDate ? DAY : 0);
    if (taken.start < to && taken.end > from) times.push(taken);
  };
  for (const event of [...series.values(), ...alone]) {
    if (!event.isRecurring() || !expandable(event)) {
      add(event.component, event.startDate, event.endDate);
      continue;
    }
    const zone = zoneOf(event.component, ownerZone);
    const occurrences = event.iterator();
    let kept = 0;
    for (let step = 0; step < MAX_STEPS && kept < MAX_OCCURRENCES; step++) {
      const next = occurrences.next();
      if (!next) break;
      // Only the times that may meet the window (a month's slack, for a long one or one moved
      // later) are looked at closely and counted.
      if (instant(next, zone) + 31 * DAY < from) continue;
      const details = event.getOccurrenceDetails(next);
      if (instant(details.startDate, zone) >= to) break;
      add(details.item.component, details.startDate, details.endDate);
      kept++;
    }
  }
  return times.sort((a, b) => a.start - b.start);
}
