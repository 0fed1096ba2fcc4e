/**
 * iCalendar files of bookings, written with ical.js (the library that reads the owner's busy
 * times): the client's invitation, and the owner's feed of every booking. Each event is in
 * UTC, its UID the booking's, so a calendar that has it already replaces it rather than adding
 * a second; its SEQUENCE counts the times it was moved (and cancelled), so the latest wins.
 */
import ICAL from "ical.js";

// ical.js folds a long line into parts of 75 octets and puts the space before each part after
// the first, making lines of 76: RFC 5545 holds a line, its leading space included, to 75.
ICAL.foldLength = 74;

export interface CalendarEvent {
  uid: string;
  start: number;
  end: number;
  summary: string;
  location?: string | undefined;
  description?: string | undefined;
  url?: string | undefined;
  /** The event's revision (RFC 5545 SEQUENCE): 0, then one more for each move or cancellation. */
  sequence?: number | undefined;
  /** Cancelled (STATUS:CANCELLED): a calendar that has the event marks or removes it. */
  cancelled?: boolean | undefined;
}

export function icsCalendar(
  origin: string,
  events: readonly CalendarEvent[],
  extra: { method?: "PUBLISH"; name?: string } = {},
): string {
  const host = new URL(origin).hostname;
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", `-//${host}//booking//EN`);
  calendar.updatePropertyWithValue("version", "2.0");
  if (extra.method) calendar.updatePropertyWithValue("method", extra.method);
  if (extra.name) calendar.updatePropertyWithValue("x-wr-calname", extra.name);
  const now = ICAL.Time.fromJSDate(new Date(), true);
  for (const each of events) {
    const vevent = new ICAL.Component("vevent");
    const event = new ICAL.Event(vevent);
    event.uid = `${each.uid}@${host}`;
    event.summary = each.summary;
    if (each.location) event.location = each.location;
    if (each.description) event.description = each.description;
    event.startDate = ICAL.Time.fromJSDate(new Date(each.start), true);
    event.endDate = ICAL.Time.fromJSDate(new Date(each.end), true);
    vevent.updatePropertyWithValue("dtstamp", now);
    if (each.url) vevent.updatePropertyWithValue("url", each.url);
    if (each.sequence) vevent.updatePropertyWithValue("sequence", each.sequence);
    if (each.cancelled) vevent.updatePropertyWithValue("status", "CANCELLED");
    calendar.addSubcomponent(vevent);
  }
  // Every line ends with CRLF, the last too (ical.js only puts one between lines).
  return `${calendar.toString()}\r\n`;
}
