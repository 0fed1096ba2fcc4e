/**
 * Sending the e-mails that bring buyers back (docs/store.md), from the Cron Trigger (every five
 * minutes): each one due, at a sensible hour of its recipient's day, to an address that has not
 * unsubscribed, once. A cron rather than a Workflow or an alarm per e-mail: the one rule every
 * e-mail obeys (its recipient's hours, the unsubscribed list, at most once) lives here, a due
 * e-mail waits in D1 where the owner's dashboard reads it, and the owner's schedule command on
 * `npm start` is the same run.
 */
import { isLanguage } from "../../shared/i18n/languages.ts";
import { loadConfig } from "../config/config.ts";
import { translator } from "../i18n/translator.ts";
import { errorText, log } from "../lib/log.ts";
import { retried } from "../lib/retried.ts";
import { type SalesMail, salesMails } from "./ledger.ts";

/** One kind's e-mail, written: undefined when its occasion is over (the cart was paid since). */
export interface Composed {
  from: EmailAddress;
  subject: string;
  text: string;
}

/**
 * Writes one kind's e-mail at `now` (the schedule's time); `link(path)` is the address of a site
 * path that counts the click. Undefined: not to be sent (its occasion is over); `later`: not yet
 * (its moment moved on).
 */
export type Composer = (
  env: Env,
  mail: SalesMail,
  link: (path: string) => string,
  now: number,
) => Promise<Composed | { later: number } | undefined>;

/** From 09:00 to 20:00 on the recipient's clock (UTC when their zone is unknown). */
const FIRST_HOUR = 9;
const LAST_HOUR = 20;

/** The hour (0–23) on `timeZone`'s clock at `now`; UTC's for an unknown or missing zone. */
export function hourIn(timeZone: string | undefined, now: number): number {
  try {
    const format = new Intl.DateTimeFormat("en", { timeZone, hour: "numeric", hourCycle: "h23" });
    return Number(format.format(now));
  } catch {
    return new Date(now).getUTCHours();
  }
}

/** The date (YYYY-MM-DD) on `timeZone`'s clock at `now`; UTC's for an unknown or missing zone. */
export function dateIn(timeZone: string | undefined, now: number): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

/**
 * `at`, or when that is in the recipient's evening the last sensible hour before it, the same
 * day: an e-mail about the next day is not left to that day's morning.
 */
export function beforeTheEvening(timeZone: string | undefined, at: number): number {
  let moment = at;
  while (hourIn(timeZone, moment) >= LAST_HOUR) moment -= HOUR;
  return moment;
}

export const sensibleHour = (timeZone: string | undefined, now: number): boolean => {
  const hour = hourIn(timeZone, now);
  return hour >= FIRST_HOUR && hour < LAST_HOUR;
};

/** The unsubscribe address of an e-mail: its own id, so it can only unsubscribe its own address. */
export const unsubscribeUrl = (mail: SalesMail) => `${mail.origin}/unsubscribe/${mail.id}`;

const HOUR = 3_600_000;
/**
 * The most e-mails one run looks at, a batch at a time: each costs up to five D1 queries, and a
 * run (with the cron's other work) may make 1,000 (Workers Paid); the rest wait five minutes.
 */
const BATCH = 50;
const BATCHES = 2;

/** The start of the next hour at `now` or after that is FIRST_HOUR on `timeZone`'s clock. */
export function nextMorning(timeZone: string | undefined, now: number): number {
  let at = Math.ceil(now / HOUR) * HOUR;
  for (let hours = 0; hours < 48 && hourIn(timeZone, at) !== FIRST_HOUR; hours++) at += HOUR;
  return at;
}

/**
 * Sends every e-mail due at `now` whose recipient's hour is sensible; one whose recipient is
 * asleep is due again at their morning, so it never holds up the e-mails behind it. First, the
 * addresses of e-mails not sent the day before, and of those past the insights' keeping, are
 * forgotten.
 */
export async function sendDueMails(
  env: Env,
  now: number,
  composers: Record<string, Composer>,
): Promise<void> {
  const mails = salesMails(env.STORE_DB);
  await mails.forgetAddresses(now, loadConfig(env).insightsKeepDays * 86_400_000);
  for (let batch = 0; batch < BATCHES; batch++) {
    const due = await mails.due(now, BATCH);
    for (const mail of due) await sendOne(env, mails, mail, now, composers);
    if (due.length < BATCH) return;
  }
}

async function sendOne(
  env: Env,
  mails: ReturnType<typeof salesMails>,
  mail: SalesMail,
  now: number,
  composers: Record<string, Composer>,
): Promise<void> {
  if (!sensibleHour(mail.timeZone, now)) {
    await mails.wait(mail.id, nextMorning(mail.timeZone, now));
    return;
  }
  const compose = composers[mail.kind];
  if (!compose || (await mails.isUnsubscribed(mail.address))) {
    await mails.skip(mail.id);
    return;
  }
  if (!(await mails.claim(mail.id, now))) return;
  const links: string[] = [];
  const link = (path: string) => {
    links.push(path);
    return `${mail.origin}/m/${mail.id}/${links.length - 1}`;
  };
  try {
    const message = await compose(env, mail, link, now);
    if (!message) {
      await mails.skip(mail.id);
      return;
    }
    if ("later" in message) {
      await mails.postpone(mail.id, message.later);
      return;
    }
    const unsubscribe = unsubscribeUrl(mail);
    const { t } = translator(isLanguage(mail.language) ? mail.language : "en");
    await env.CLIENT_MAIL.send({
      from: message.from,
      to: mail.address,
      subject: message.subject,
      text: `${message.text}\n\n--\n${t("salesMail.footer", { url: unsubscribe })}`,
      // One-click unsubscribe (RFC 8058): the mail client posts to the address itself.
      headers: {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "X-Sales-Mail": mail.kind,
      },
    });
  } catch (error) {
    await mails.failed(mail.id, now);
    log.error("A sales e-mail could not be sent; a later run tries again", {
      kind: mail.kind,
      mail: mail.id,
      error: errorText(error),
    });
    return;
  }
  // Sent: never counted as a failed send (it would go again), its record tried again instead.
  try {
    await retried(() => mails.sent(mail.id, links, now));
    log.info("Sales e-mail sent", { kind: mail.kind, mail: mail.id });
  } catch (error) {
    log.error("A sales e-mail was sent but not recorded; it goes again once its claim lapses", {
      kind: mail.kind,
      mail: mail.id,
      error: errorText(error),
    });
  }
}
