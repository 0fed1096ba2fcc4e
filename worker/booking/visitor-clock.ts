// The slot page's second clock: each free time as the visitor's own clock reads it, beside the
// owner's, with no script (docs/booking.md, "The pages").
import { isTimeZone } from "../lib/zoned-time.ts";

/**
 * The visitor's time zone as Cloudflare places them (`request.cf.timezone`, from their address),
 * when it is a zone other than the owner's: the slots show its time too, with no script.
 */
export function visitorZone(request: Request, ownerZone: string): string | undefined {
  const zone = placedZone(request);
  return zone !== ownerZone ? zone : undefined;
}

/** The visitor's time zone as Cloudflare places them, where it does. */
export function placedZone(request: Request): string | undefined {
  const zone = (request.cf as { timezone?: unknown } | undefined)?.timezone;
  return typeof zone === "string" && isTimeZone(zone) ? zone : undefined;
}

/**
 * A slot's time on the visitor's clock, with the weekday where their date is not the owner's;
 * undefined where both clocks read the same (a zone with the owner's offset).
 */
export function visitorClock(locale: string, ownerZone: string, yourZone: string) {
  const clock = (timeZone: string, weekday?: "short") =>
    new Intl.DateTimeFormat(locale, { weekday, hour: "numeric", minute: "2-digit", timeZone });
  const date = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone });
  const [owners, ownersDate, yourTime, yourDayAndTime, yourDate] = [
    clock(ownerZone),
    date(ownerZone),
    clock(yourZone),
    clock(yourZone, "short"),
    date(yourZone),
  ];
  return (start: number): string | undefined => {
    if (yourDate.format(start) !== ownersDate.format(start)) return yourDayAndTime.format(start);
    const time = yourTime.format(start);
    return time === owners.format(start) ? undefined : time;
  };
}
