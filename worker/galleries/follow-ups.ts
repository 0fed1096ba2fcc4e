/**
 * The e-mails that bring a gallery's clients back (docs/galleries.md, "Reminders"), sent by the
 * sales e-mails' schedule (sales-mail/send.ts: the client's hours, unsubscribe, at most once):
 *
 * - before it closes: 7 days and 1 day before the gallery's expiry, with the favourites the
 *   client has not downloaded yet (and that prints can still be ordered), when the owner turned
 *   "Remind clients before a gallery closes" on;
 * - prints after delivery: the owner's number of days after the gallery was delivered, to a
 *   client with favourites and no order of its prints, showing their favourites, and a code of
 *   their own for a share off when the owner offers one.
 *
 * Each is planned once per client and gallery when the client confirms their e-mail (the one
 * moment the site learns who opened it), due at once; when it is due, the composer reads the
 * gallery as it is then and says when it is really due (`later`: the expiry or the delivery
 * moved), or that it is not to be sent (the gallery closed, the owner turned it off, nothing to
 * suggest), so a change of the gallery's settings is always followed.
 */
import type { Context } from "hono";
import { isLanguage } from "../../shared/i18n/languages.ts";
import { loadConfig, mailSender, storeIsOn } from "../config/config.ts";
import { translator } from "../i18n/translator.ts";
import { errorText, log } from "../lib/log.ts";
import { oneLine } from "../lib/mail.ts";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor, siteOrigin, siteSettingsFor } from "../request/context.ts";
import { beforeTheEvening, type Composer, dateIn, salesMails } from "../sales-mail/index.ts";
import { d1Orders, discountText, personalCode } from "../store/index.ts";
import { galleryStore } from "./access.ts";
import { galleryPaths } from "./ids.ts";
import { downloadsNow, hasEnded, isOpen } from "./settings.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How long a prints e-mail's own code lasts. */
const CODE_DAYS = 7;
/** The most file names an e-mail lists. */
const LISTED = 20;

export const EXPIRY_WEEK = "gallery-expiry-7";
export const EXPIRY_DAY = "gallery-expiry-1";
export const PRINTS = "gallery-prints";

interface FollowUpData {
  gallery: string;
  site: string;
}

/** Plans the gallery's e-mails to a client who just confirmed their e-mail; a failure is logged. */
export async function planFollowUps(c: Context<AppEnv>, gallery: string, email: string) {
  try {
    const [site, i18n] = await Promise.all([siteSettingsFor(c), i18nFor(c)]);
    const zone = c.req.raw.cf?.timezone;
    const data: FollowUpData = { gallery, site: site.title };
    const mails = salesMails(c.env.STORE_DB);
    for (const kind of [EXPIRY_WEEK, EXPIRY_DAY, PRINTS]) {
      await mails.plan({
        kind,
        occasion: gallery,
        address: email,
        language: i18n.language,
        timeZone: typeof zone === "string" ? zone : undefined,
        origin: siteOrigin(c),
        dueAt: Date.now(),
        data,
      });
    }
  } catch (error) {
    log.error("A gallery's reminders could not be planned", { gallery, error: errorText(error) });
  }
}

/** The e-mail's words, its sender and when a moment is on the client's clock. */
function writing(env: Env, mail: Parameters<Composer>[1]) {
  const config = loadConfig(env);
  const i18n = translator(isLanguage(mail.language) ? mail.language : "en");
  const data = mail.data as FollowUpData;
  const when = (instant: number) =>
    new Intl.DateTimeFormat(i18n.locale, {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: mail.timeZone ?? "UTC",
    }).format(instant);
  const from = {
    name: oneLine(data.site, 80),
    email: mailSender(config, mail.origin, "galleries"),
  };
  return { config, i18n, data, when, from };
}

const expiry =
  (days: 7 | 1): Composer =>
  async (env, mail, link, now) => {
    const { i18n, data, when, from } = writing(env, mail);
    const state = await galleryStore(env, data.gallery).followUp(data.gallery, mail.address);
    const { settings } = state;
    if (!settings || !isOpen(settings) || !settings.expiryReminders) return undefined;
    // No expiry yet, or its moment not yet come: looked at again in a day at the latest, for an
    // end the owner sets, or brings forward, after the client confirmed.
    if (settings.expiresAt === undefined) return { later: now + DAY };
    if (hasEnded(settings, now)) return undefined;
    const moment = beforeTheEvening(mail.timeZone, settings.expiresAt - days * DAY);
    if (moment > now + 10 * MINUTE) return { later: Math.min(moment, now + DAY) };
    // A week's reminder whose moment passed while a day's is due too: the day's says it.
    if (days === 7 && settings.expiresAt - now <= DAY) return undefined;
    const { t } = i18n;
    const gallery = settings.title || data.site;
    const left =
      downloadsNow(settings) === "off"
        ? []
        : state.favourites.filter((name) => !state.downloaded.includes(name));
    const prints =
      settings.prints !== undefined &&
      !(await d1Orders(env.STORE_DB).galleryOrderedBy(data.gallery, mail.address));
    return {
      from,
      subject: oneLine(
        t(
          days === 7
            ? "galleryMail.expiry.subjectWeek"
            : // Sent on the closing day itself (its date set less than a day ahead).
              dateIn(mail.timeZone, now) === dateIn(mail.timeZone, settings.expiresAt)
              ? "galleryMail.expiry.subjectToday"
              : "galleryMail.expiry.subjectDay",
          { gallery },
        ),
        150,
      ),
      text: [
        ...opening(
          settings.reminderWords?.expiry,
          t("galleryMail.expiry.text", { gallery, date: when(settings.expiresAt) }),
          t("galleryMail.expiry.until", { gallery, date: when(settings.expiresAt) }),
        ),
        ...(left.length
          ? ["", t("galleryMail.notDownloaded", { count: left.length }), ...listed(left)]
          : []),
        ...(prints ? ["", t("galleryMail.printsToo")] : []),
        "",
        t("galleryMail.link", { url: link(galleryPaths.root(data.gallery)) }),
      ].join("\n"),
    };
  };

/**
 * The e-mail's first lines: the owner's words and then `fact` (what the default says besides its
 * greeting), or the default alone.
 */
const opening = (words: string | undefined, byDefault: string, fact: string) =>
  words ? [words, "", fact] : [byDefault];

const listed = (names: string[]) => [
  ...names.slice(0, LISTED).map((name) => `- ${name}`),
  ...(names.length > LISTED ? ["- …"] : []),
];

const printsAfterDelivery: Composer = async (env, mail, link, now) => {
  const { config, i18n, data, when, from } = writing(env, mail);
  const state = await galleryStore(env, data.gallery).followUp(data.gallery, mail.address);
  const { settings } = state;
  const reminder = settings?.printsReminder;
  if (!settings || !isOpen(settings) || !settings.prints || !reminder) return undefined;
  if (hasEnded(settings, now)) return undefined;
  // Still proofing: looked at again in two days.
  if (settings.stage !== "delivered") return { later: now + 2 * DAY };
  const moment = (state.deliveredAt ?? now) + reminder.days * DAY;
  if (moment > now + 10 * MINUTE) return { later: moment };
  if (state.favourites.length === 0) return undefined;
  if (await d1Orders(env.STORE_DB).galleryOrderedBy(data.gallery, mail.address)) return undefined;
  const { t, locale } = i18n;
  const gallery = settings.title || data.site;
  const discount = reminder.percentOff ? { percentOff: reminder.percentOff } : undefined;
  const personal =
    discount && storeIsOn(config.store)
      ? await personalCode(
          config.store,
          { id: mail.id, prefix: "PRINT", kinds: "print" },
          discount,
          "",
          now + CODE_DAYS * DAY,
        )
      : undefined;
  return {
    from,
    subject: oneLine(t("galleryMail.prints.subject", { gallery }), 150),
    text: [
      ...opening(
        settings.reminderWords?.prints,
        t("galleryMail.prints.text", { gallery }),
        t("galleryMail.prints.favourites", { gallery }),
      ),
      ...listed(state.favourites),
      ...(personal && discount
        ? [
            "",
            t("galleryMail.prints.code", {
              code: personal.code,
              discount: discountText(discount, "", locale),
              until: when(personal.ends),
            }),
          ]
        : []),
      "",
      t("galleryMail.link", { url: link(galleryPaths.root(data.gallery)) }),
    ].join("\n"),
  };
};

/** The galleries' kinds of e-mail, for the schedule (worker/index.ts). */
export const galleryFollowUps: Record<string, Composer> = {
  [EXPIRY_WEEK]: expiry(7),
  [EXPIRY_DAY]: expiry(1),
  [PRINTS]: printsAfterDelivery,
};
