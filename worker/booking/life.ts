/**
 * A booking's life from its deposit to its photographs, in a Cloudflare Workflow (one instance
 * per booking, named by its id, started once its deposit is paid): the client's reminders a week
 * and a day before the shoot, each at 10:00 on their own clock (the zone Cloudflare placed them
 * in when they paid, else the owner's), each asking for what is left of the balance, and one on
 * the day each payment of a payment plan falls due, unless it is paid by then; after
 * the shoot, the client's e-mail once the owner's upload to the shoot's gallery is done (its
 * count of photographs unchanged over GALLERY_CHECK_EVERY), at a sensible hour on their clock. A
 * Workflow, not the
 * calendar's alarms, because it waits days at no cost, keeps each step's result (a step that
 * sent its e-mail is not run again when the instance resumes), retries a failed step, and runs
 * under the Vite plugin and the test pool alike. Each step reads the booking afresh: a booking
 * no longer booked, or moved to another time (whose life is a new instance, lifeOf), is reminded
 * of nothing.
 */
import {
  WorkflowEntrypoint,
  type WorkflowEvent,
  type WorkflowStep,
  type WorkflowStepConfig,
} from "cloudflare:workers";
import { loadConfig } from "../config/config.ts";
import { galleryPaths, galleryPhotoCount } from "../galleries/index.ts";
import { errorText, log } from "../lib/log.ts";
import { DAY, instantOf, wallAt } from "../lib/zoned-time.ts";
import { nextMorning, sensibleHour } from "../sales-mail/index.ts";
import { type Booking, d1Bookings } from "./bookings.ts";
import { instalmentsOf } from "./instalments.ts";
import {
  type BookingMailContext,
  galleryEmail,
  instalmentDueEmail,
  type Reminder,
  reminderEmail,
} from "./mail.ts";

/** What the booking's page knew that the Workflow cannot read (the site's address, its title). */
export interface LifeParams {
  booking: string;
  /** The shoot's start this life was planned for (a moved booking has a new life). */
  start?: number;
  origin: string;
  siteTitle: string;
  location: string;
  /**
   * The booking's page in the client's language, whole; a life started without it (before it
   * was kept here) links the page in the site's base language.
   */
  page?: string;
  /** The owner's address, where the client's replies to the reminders go. */
  replyTo?: string | undefined;
}

/**
 * Each step is tried again for about four hours (a minute, then twice as long each time): past an
 * outage of the mail service or D1 that long, and still before a day-before reminder's shoot.
 * The Workflow's own default, five tries within five minutes, ended the whole life at the first
 * longer one.
 */
const RETRIES = {
  retries: { limit: 8, delay: "1 minute", backoff: "exponential" },
} satisfies WorkflowStepConfig;

/** The hour of the client's day a reminder comes at. */
const REMINDER_HOUR = 10;

const BEFORE: Record<Reminder, number> = { week: 7, day: 1 };

/** How often the shoot's gallery is looked at after the shoot, and for how long at most. */
const GALLERY_CHECK_EVERY = "6 hours";
const GALLERY_CHECKS = 4 * 60;

/**
 * When a reminder `days` before the shoot comes: on the day as the owner's calendar (`ownerZone`)
 * counts it, which is the date the e-mail writes ("tomorrow, Tuesday 9 June, 15:00"), at 10:00 on
 * the client's clock (`zone`; an hour later on the rare day 10:00 does not exist there). For a
 * client half a day or more behind or ahead of the owner, the 10:00 of their day before or after
 * the same date is the one inside the owner's day.
 */
export function reminderAt(start: number, ownerZone: string, zone: string, days: number): number {
  const ownerDay = (instant: number) => Math.floor(wallAt(ownerZone, instant) / DAY) * DAY;
  const day = ownerDay(start) - days * DAY;
  const tenOn = (date: number) => {
    const at = date + REMINDER_HOUR * 3_600_000;
    return instantOf(zone, at) ?? instantOf(zone, at + 3_600_000) ?? at;
  };
  const within = [day, day - DAY, day + DAY].map(tenOn).find((at) => ownerDay(at) === day);
  return within ?? tenOn(day);
}

/** A reminder to come: before the shoot, or of a payment of the plan (`n`) due that day. */
export type Planned =
  | { reminder: Reminder; at: number }
  | { reminder: "instalment"; at: number; n: number };

/**
 * The reminders still to come for a booking made at `now`, in order: a week and a day before the
 * shoot, and on the day each payment of its plan falls due (but the last, due with the week's).
 */
export function remindersOf(booking: Booking, now: number): Planned[] {
  const zone = booking.clientZone ?? booking.timeZone;
  const at = (instant: number, days: number) => reminderAt(instant, booking.timeZone, zone, days);
  const dues: Planned[] = instalmentsOf(booking)
    .filter((part) => part.of > 1 && part.n < part.of && !part.paid)
    .map((part) => ({ reminder: "instalment", n: part.n, at: at(part.dueAt, 0) }));
  const before: Planned[] = (["week", "day"] as const).map((reminder) => ({
    reminder,
    at: at(booking.start, BEFORE[reminder]),
  }));
  return [...dues, ...before]
    .filter(({ at }) => at > now && at < booking.start)
    .sort((a, b) => a.at - b.at);
}

/** The name of a booking's life: its id, and for each time it was moved, a new one. */
export const lifeOf = (booking: Pick<Booking, "id" | "moves">): string =>
  booking.moves > 0 ? `${booking.id}-moved-${booking.moves}` : booking.id;

/** Starts the booking's life (its reminders): once, whatever repeats the payment's news. */
export async function startLife(
  env: Pick<Env, "BOOKING_LIFE">,
  booking: Booking,
  mail: Omit<BookingMailContext, "config">,
): Promise<void> {
  const params: LifeParams = {
    booking: booking.id,
    start: booking.start,
    origin: mail.origin,
    siteTitle: mail.siteTitle,
    location: mail.location,
    page: mail.url,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  };
  const id = lifeOf(booking);
  try {
    await env.BOOKING_LIFE.create({ id, params });
  } catch (error) {
    // Made before (the same booking told twice): it already runs.
    if (await env.BOOKING_LIFE.get(id).catch(() => undefined)) return;
    throw error;
  }
}

export class BookingLife extends WorkflowEntrypoint<Env, LifeParams> {
  override async run(event: Readonly<WorkflowEvent<LifeParams>>, step: WorkflowStep) {
    const { payload } = event;
    // A step that still fails is logged, and the life goes on without it: one reminder the mail
    // service refused all morning keeps neither the next nor the gallery's e-mail from coming.
    const tried = async <T extends Rpc.Serializable<T>>(
      name: string,
      run: () => Promise<T>,
    ): Promise<T | undefined> => {
      try {
        return await step.do(name, RETRIES, run);
      } catch (error) {
        log.error("A step of a booking's life failed; the rest go on", {
          booking: payload.booking,
          step: name,
          error: errorText(error),
        });
        return undefined;
      }
    };
    // Planned once (a step's result is kept: the instance resuming later plans nothing again).
    const plan =
      (await tried("plan the reminders", async () => {
        const booking = await this.booked(payload);
        return booking ? remindersOf(booking, Date.now()) : [];
      })) ?? [];
    const sent: string[] = [];
    for (const planned of plan) {
      const name = planned.reminder === "instalment" ? `instalment ${planned.n}` : planned.reminder;
      await step.sleepUntil(`until the ${name} reminder`, planned.at);
      const mail = await tried(`the ${name} reminder`, async () => {
        const booking = await this.booked(payload);
        if (!booking) return undefined;
        const context = this.mailContext(payload);
        const email = this.reminder(booking, planned, context);
        if (!email) return undefined;
        await this.env.CLIENT_MAIL.send(email);
        return {
          to: booking.details.email,
          replyTo: context.replyTo,
          subject: email.subject,
          text: email.text ?? "",
        };
      });
      if (mail) sent.push(name);
    }
    const end = await tried("when the shoot ends", async () => {
      const booking = await this.booked(payload);
      return booking?.gallery ? booking.end : undefined;
    });
    if (end === undefined) return { sent };
    await step.sleepUntil("until the shoot is over", end);
    // The upload is done when the count stops changing: one look, then one every few hours.
    let last = 0;
    for (let look = 1; look <= GALLERY_CHECKS; look++) {
      const count = await tried(`photographs in the gallery, look ${look}`, async () => {
        const booking = await this.booked(payload);
        return booking?.gallery ? galleryPhotoCount(this.env, booking.gallery) : null;
      });
      if (count === null) return { sent };
      if (count !== undefined && count > 0 && count === last) {
        // Sent at a sensible hour on the client's clock, as their every other e-mail is: an
        // upload finished at night waits for their morning.
        const morning = await tried("the client's next sensible hour", async () => {
          const booking = await this.booked(payload);
          const zone = booking?.clientZone ?? booking?.timeZone;
          const now = Date.now();
          return booking && !sensibleHour(zone, now) ? nextMorning(zone, now) : null;
        });
        if (morning) await step.sleepUntil("until the client's morning", morning);
        const mail = await tried("the gallery's e-mail", async () => {
          const booking = await this.booked(payload);
          if (!booking?.gallery) return undefined;
          const context = this.mailContext(payload);
          const url = `${payload.origin}${galleryPaths.root(booking.gallery)}`;
          const email = galleryEmail(booking, url, context);
          await this.env.CLIENT_MAIL.send(email);
          return { to: booking.details.email, subject: email.subject, text: email.text ?? "" };
        });
        if (mail) sent.push("gallery");
        return { sent };
      }
      last = count ?? last;
      await step.sleep(`the upload's time, look ${look}`, GALLERY_CHECK_EVERY);
    }
    return { sent };
  }

  /** A planned reminder's e-mail: none for a payment paid meanwhile. */
  private reminder(booking: Booking, planned: Planned, context: BookingMailContext) {
    if (planned.reminder !== "instalment") return reminderEmail(booking, planned.reminder, context);
    const part = instalmentsOf(booking).find((each) => each.n === planned.n);
    return part && !part.paid ? instalmentDueEmail(booking, part, context) : undefined;
  }

  /** The booking, while it is booked at the time this life was planned for. */
  private async booked({ booking: id, start }: LifeParams): Promise<Booking | undefined> {
    const booking = await d1Bookings(this.env.STORE_DB).get(id);
    const same = start === undefined || booking?.start === start;
    return booking?.status === "booked" && same ? booking : undefined;
  }

  private mailContext(params: LifeParams): BookingMailContext {
    return {
      config: loadConfig(this.env),
      origin: params.origin,
      siteTitle: params.siteTitle,
      location: params.location,
      url: params.page ?? `${params.origin}/book/held/${params.booking}`,
      replyTo: params.replyTo,
    };
  }
}
