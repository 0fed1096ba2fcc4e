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
import type { Taken } from "./slots.ts";
import { DAY, instantOf, isTimeZone } from "./zoned-time.ts";

/** At most this many occurrences of one recurring event are read (a daily one for 13 years). */
const MAX_OCCURRENCES = 5000;

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
  // Each changed occurrence (RECURRENCE-ID) belongs to its series, which answers for it.
  const series = new Map<string, ICAL.Event>();
  for (const component of events) {
    if (!component.hasProperty("recurrence-id")) {
      series.set(String(component.getFirstPropertyValue("uid")), new ICAL.Event(component));
    }
  }
  for (const component of events) {
    if (component.hasProperty("recurrence-id")) {
      series.get(String(component.getFirstPropertyValue("uid")))?.relateException(component);
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
  for (const event of series.values()) {
    if (!event.isRecurring()) {
      add(event.component, event.startDate, event.endDate);
      continue;
    }
    const occurrences = event.iterator();
    for (let count = 0; count < MAX_OCCURRENCES; count++) {
      const next = occurrences.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      if (instant(details.startDate, zoneOf(event.component, ownerZone)) >= to) break;
      add(details.item.component, details.startDate, details.endDate);
    }
  }
  return times.sort((a, b) => a.start - b.start);
}
