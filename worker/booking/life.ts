/**
 * A booking's life until the shoot, in a Cloudflare Workflow (one instance per booking, named
 * by its id, started once its deposit is paid): the client's reminders a week and a day before
 * the shoot, each at 10:00 on their own clock (the zone Cloudflare placed them in when they
 * paid, else the owner's), each asking for the balance while it is unpaid. A Workflow, not the
 * calendar's alarms, because it waits days at no cost, keeps each step's result (a step that
 * sent its e-mail is not run again when the instance resumes), retries a failed step, and runs
 * under the Vite plugin and the test pool alike. Each step reads the booking afresh: a booking
 * no longer booked is reminded of nothing.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { loadConfig } from "../config/config.ts";
import { type Booking, d1Bookings } from "./bookings.ts";
import { type BookingMailContext, type Reminder, reminderEmail } from "./mail.ts";
import { DAY, instantOf, wallAt } from "./zoned-time.ts";

/** What the booking's page knew that the Workflow cannot read (the site's address, its title). */
export interface LifeParams {
  booking: string;
  origin: string;
  siteTitle: string;
  location: string;
}

/** The hour of the client's day a reminder comes at. */
const REMINDER_HOUR = 10;

const BEFORE: Record<Reminder, number> = { week: 7, day: 1 };

/**
 * When a reminder `days` before the shoot comes: 10:00 on that day in `zone` (an hour later on
 * the rare day 10:00 does not exist there).
 */
export function reminderAt(start: number, zone: string, days: number): number {
  const wall = wallAt(zone, start);
  const at = Math.floor(wall / DAY) * DAY - days * DAY + REMINDER_HOUR * 3_600_000;
  return instantOf(zone, at) ?? instantOf(zone, at + 3_600_000) ?? at;
}

/** The reminders still to come for a booking made at `now`, in order. */
export function remindersOf(booking: Booking, now: number): { reminder: Reminder; at: number }[] {
  const zone = booking.clientZone ?? booking.timeZone;
  return (["week", "day"] as const)
    .map((reminder) => ({ reminder, at: reminderAt(booking.start, zone, BEFORE[reminder]) }))
    .filter(({ at }) => at > now && at < booking.start);
}

/** Starts the booking's life (its reminders): once, whatever repeats the payment's news. */
export async function startLife(
  env: Pick<Env, "BOOKING_LIFE">,
  booking: Booking,
  mail: Omit<BookingMailContext, "config" | "url">,
): Promise<void> {
  const params: LifeParams = {
    booking: booking.id,
    origin: mail.origin,
    siteTitle: mail.siteTitle,
    location: mail.location,
  };
  try {
    await env.BOOKING_LIFE.create({ id: booking.id, params });
  } catch (error) {
    // Made before (the same booking told twice): it already runs.
    if (await env.BOOKING_LIFE.get(booking.id).catch(() => undefined)) return;
    throw error;
  }
}

export class BookingLife extends WorkflowEntrypoint<Env, LifeParams> {
  override async run(event: Readonly<WorkflowEvent<LifeParams>>, step: WorkflowStep) {
    const { payload } = event;
    // Planned once (a step's result is kept: the instance resuming later plans nothing again).
    const plan = await step.do("plan the reminders", async () => {
      const booking = await this.booked(payload.booking);
      return booking ? remindersOf(booking, Date.now()) : [];
    });
    const sent: string[] = [];
    for (const { reminder, at } of plan) {
      await step.sleepUntil(`until the ${reminder} reminder`, at);
      const mail = await step.do(`the ${reminder} reminder`, async () => {
        const booking = await this.booked(payload.booking);
        if (!booking) return undefined;
        const email = reminderEmail(booking, reminder, this.mailContext(payload));
        await this.env.CLIENT_MAIL.send(email);
        return { to: booking.details.email, subject: email.subject, text: email.text ?? "" };
      });
      if (mail) sent.push(reminder);
    }
    return { sent };
  }

  /** The booking, while it is booked. */
  private async booked(id: string): Promise<Booking | undefined> {
    const booking = await d1Bookings(this.env.STORE_DB).get(id);
    return booking?.status === "booked" ? booking : undefined;
  }

  private mailContext(params: LifeParams): BookingMailContext {
    return {
      config: loadConfig(this.env),
      origin: params.origin,
      siteTitle: params.siteTitle,
      location: params.location,
      url: `${params.origin}/book/held/${params.booking}`,
    };
  }
}
