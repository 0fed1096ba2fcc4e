// A stand-in for the owner's own calendar (the secret ICS address Google, Apple or Outlook
// gives), for the demo and the tests: one busy afternoon that the booking pages must not offer.
// The feed is made on each request, relative to the day it is asked on, as a live calendar's is.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { booking } from "../content.ts";
import { leaveIdleClosingToClients } from "../server/http.ts";

const ZONE = booking.hours.timeZone;

/** The owner's date (YYYY-MM-DD) and weekday (Mon…Sun) of the instant `at`. */
function ownerDay(at: number): { date: string; weekday: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: String(parts.weekday) };
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * The day the owner is busy from 15:00 to 19:00 (their zone): the first day at least two weeks
 * after `now` that the demo's hours open (a working day, not a day off), beyond the days the
 * tests' holds fill.
 */
export function demoBusyDay(now = Date.now()): string {
  const { weeklyHours, datesOff } = booking.hours;
  for (let days = 14; ; days++) {
    const { date, weekday } = ownerDay(now + days * 86_400_000);
    const open = weeklyHours.some((hours) => WEEKDAYS[hours.weekday] === weekday);
    if (open && !datesOff.includes(date)) return date;
  }
}

/** The feed: the busy afternoon, and a cancelled and a "free" event that must not count. */
export function demoFeed(now = Date.now()): string {
  const day = demoBusyDay(now).replaceAll("-", "");
  const event = (uid: string, from: string, to: string, extra: string[] = []) => [
    "BEGIN:VEVENT",
    `UID:${uid}@calendar.example`,
    "DTSTAMP:20261201T000000Z",
    `DTSTART;TZID=${ZONE}:${day}T${from}`,
    `DTEND;TZID=${ZONE}:${day}T${to}`,
    ...extra,
    "END:VEVENT",
  ];
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Photo portfolio demo//Owner's calendar stand-in//EN",
    ...event("afternoon", "150000", "190000", ["SUMMARY:Busy (the demo's owner)"]),
    ...event("cancelled", "110000", "120000", ["SUMMARY:Cancelled", "STATUS:CANCELLED"]),
    ...event("free", "120000", "130000", ["SUMMARY:Free to book", "TRANSP:TRANSPARENT"]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

export interface CalendarStandIn {
  /** The feed's secret address. */
  url: string;
  close(): Promise<void>;
}

/** Serves the feed at a made-up secret path on `port` (0: any free one). */
export async function startCalendarStandIn({
  host = "127.0.0.1",
  port = 0,
} = {}): Promise<CalendarStandIn> {
  const path = `/calendar/${randomBytes(16).toString("hex")}/basic.ics`;
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url !== path) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8" }).end(demoFeed());
  });
  leaveIdleClosingToClients(server);
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, done);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}${path}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
