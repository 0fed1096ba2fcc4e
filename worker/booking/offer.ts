/**
 * What the owner offers on `/book`, checked: the hours and the session types as the Studio
 * stores them (content-source's `booking()`), each value within the Studio's own limits. A
 * session type that is malformed is left out; hours that are malformed (or none) turn booking
 * off, so a half-made setting never offers a slot the owner did not mean.
 */
import { isSlug, SLUG_PATTERN } from "../../shared/slug.ts";
import { amountStep, decimalsOf, isCurrency, leastCharge } from "../lib/currency.ts";
import { isTimeZone, minutesOf } from "../lib/zoned-time.ts";
import type { Hours, SessionShape } from "./slots.ts";

export interface Question {
  id: string;
  label: string;
  kind: "text" | "choice" | "date" | "yesno";
  choices: string[];
  required: boolean;
  /** The language of the label and the choices where it is not the page's (no translation). */
  lang?: { label?: string; choices?: string };
}

export interface SessionType {
  slug: string;
  title: string;
  description: string;
  /** The language of the title and the description where it is not the page's. */
  lang?: { title?: string; description?: string };
  location: string;
  shape: SessionShape;
  /** In the currency's major unit, as the Studio keeps it (45.5). */
  price: number;
  deposit: number;
  /** How many payments the balance is made in (its payment plan): 1 to 4. */
  plan: number;
  questions: Question[];
  /** The contract's template (contract.ts), or "" when there is nothing to sign. */
  contract: string;
  /** The id of the Store's licence the contract's `{licence}` names. */
  licence: string | undefined;
}

/** What the bookings already made keep to, whether or not booking is open now. */
export interface Terms {
  /** What heads an invoice (the owner's business, address, tax number); "" when not set. */
  invoiceFrom: string;
  /** The cancellation policy: the share refunded from so many days before, longest first. */
  cancellation: CancellationRule[];
  /** Whether Stripe Tax adds tax to the payments (the Store's setting, as for its sales). */
  tax: boolean;
}

export interface Offer extends Terms {
  hours: Hours;
  sessions: SessionType[];
  /** Stripe's three letters, lowercase ("eur"). */
  currency: string;
}

export interface CancellationRule {
  daysBefore: number;
  /** 0 to 1. */
  share: number;
}

type Raw = Record<string, unknown>;

const isRaw = (value: unknown): value is Raw => typeof value === "object" && value !== null;
const text = (value: unknown, max: number) =>
  typeof value === "string" && value.length <= max ? value : undefined;
const whole = (value: unknown, min: number, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max
    ? value
    : undefined;
const amount = (value: unknown) =>
  typeof value === "number" &&
  value >= 0 &&
  value <= 1_000_000 &&
  // Cents as the Studio's precision(2) keeps them: 19.99 × 100 is 1998.9999999999998 in floating
  // point, so "whole cents" is "within a rounding error of them".
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6
    ? value
    : undefined;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** How a question is answered; the Studio lists the same (tests/node/studio-schema.test.ts). */
export const QUESTION_KINDS = ["text", "choice", "date", "yesno"] as const;
/** The minutes slots may start apart; the Studio offers the same. */
export const STEP_MINUTES = [15, 30, 60] as const;
const KINDS = new Set<string>(QUESTION_KINDS);

export function hoursOf(raw: unknown): Hours | undefined {
  if (!isRaw(raw) || typeof raw.timeZone !== "string" || !isTimeZone(raw.timeZone))
    return undefined;
  const weekly = Array.isArray(raw.weeklyHours) ? raw.weeklyHours : [];
  const windows = weekly.flatMap((each) => {
    if (!isRaw(each)) return [];
    const weekday = whole(each.weekday, 0, 6);
    const from = text(each.from, 5) ?? "";
    // Hours to midnight end at "00:00" in the Studio, which takes times of one day: the day's end.
    const to = each.to === "00:00" ? "24:00" : (text(each.to, 5) ?? "");
    const [start, end] = [minutesOf(from), minutesOf(to)];
    if (weekday === undefined || start === undefined || end === undefined || end <= start)
      return [];
    return [{ weekday, from, to }];
  });
  const datesOff = Array.isArray(raw.datesOff)
    ? raw.datesOff.filter((day): day is string => typeof day === "string" && DATE.test(day))
    : [];
  const noticeHours = whole(raw.noticeHours, 0, 24 * 60) ?? 24;
  const daysAhead = whole(raw.daysAhead, 1, 365) ?? 60;
  const stepMinutes = (STEP_MINUTES as readonly unknown[]).includes(raw.stepMinutes)
    ? (raw.stepMinutes as number)
    : 30;
  if (windows.length === 0) return undefined;
  return {
    timeZone: raw.timeZone,
    weekly: windows,
    datesOff,
    noticeMinutes: noticeHours * 60,
    daysAhead,
    perDay: whole(raw.perDay, 1, 24),
    stepMinutes,
  };
}

/** The policy's lines that make sense, longest notice first (a line in doubt is left out). */
function cancellationOf(raw: unknown): CancellationRule[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .flatMap((line) => {
      if (!isRaw(line)) return [];
      const daysBefore = whole(line.daysBefore, 0, 365);
      const percent = whole(line.refundPercent, 0, 100);
      return daysBefore === undefined || percent === undefined
        ? []
        : [{ daysBefore, share: percent / 100 }];
    })
    .sort((a, b) => b.daysBefore - a.daysBefore);
}

/** The languages the query names for texts shown in the site's own (`lang`), by field. */
function languagesOf<K extends string>(
  raw: unknown,
  fields: readonly K[],
): Partial<Record<K, string>> {
  const named: Partial<Record<K, string>> = {};
  if (!isRaw(raw)) return named;
  for (const field of fields) {
    const language = text(raw[field], 35);
    if (language) named[field] = language;
  }
  return named;
}

function questionOf(raw: unknown): Question | undefined {
  if (!isRaw(raw)) return undefined;
  const id = text(raw.id, 40);
  const label = text(raw.label, 200);
  if (!id || !SLUG_PATTERN.test(id) || !label || !KINDS.has(raw.kind as string)) return undefined;
  const choices = Array.isArray(raw.choices)
    ? raw.choices.filter((each): each is string => typeof each === "string" && each.length <= 200)
    : [];
  if (raw.kind === "choice" && choices.length === 0) return undefined;
  return {
    id,
    label,
    kind: raw.kind as Question["kind"],
    choices,
    required: raw.required === true,
    lang: languagesOf(raw.lang, ["label", "choices"]),
  };
}

/** The longest contract the Studio takes. */
const CONTRACT_MAX = 20_000;

/**
 * The contract to sign in the page's language: its translation, else the site language's text;
 * "" when the session type has none. Undefined (the session type is not offered) for a text past
 * the Studio's limit, which a translation (unchecked there) or the API may write: a contract
 * that cannot be shown must never become one there is no need to sign.
 */
function contractOf(translation: unknown, base: unknown): string | undefined {
  const chosen = typeof translation === "string" && translation.trim() ? translation : base;
  if (chosen === undefined || chosen === null) return "";
  return text(chosen, CONTRACT_MAX)?.trim();
}

export function sessionOf(raw: unknown): SessionType | undefined {
  if (!isRaw(raw)) return undefined;
  const slug = text(raw.slug, 96);
  const title = text(raw.title, 200);
  const durationMinutes = whole(raw.durationMinutes, 15, 24 * 60);
  const price = amount(raw.price);
  const share = whole(raw.depositPercent, 1, 100);
  // A share of the price, to the cent (reckoned in cents: 128.17 × 50 % is 64.09, where the
  // euros' float 6408.4999… would round down), where the owner gave one; else the amount.
  const deposit =
    share !== undefined && price !== undefined
      ? Math.round((Math.round(price * 100) * share) / 100) / 100
      : amount(raw.deposit);
  if (!slug || !isSlug(slug) || !title || durationMinutes === undefined) return undefined;
  // A deposit is paid on Stripe, which takes no less than about half a unit (0.50 €, $0.50);
  // so is each payment of the balance, which is none or that much at least.
  if (price === undefined || deposit === undefined || deposit < 0.5 || deposit > price) {
    return undefined;
  }
  const balanceCents = Math.round(price * 100) - Math.round(deposit * 100);
  if (balanceCents > 0 && balanceCents < 50) return undefined;
  const questions = (Array.isArray(raw.questionnaire) ? raw.questionnaire : []).map(questionOf);
  if (questions.some((each) => each === undefined)) return undefined;
  // Each answer is sent under its question's id: two alike would read as one, and a required
  // date beside a choice of that id could never be answered.
  if (new Set(questions.map((each) => each?.id)).size !== questions.length) return undefined;
  const contract = contractOf(raw.contractTranslation, raw.contract);
  if (contract === undefined) return undefined;
  return {
    slug,
    title,
    description: text(raw.description, 600) ?? "",
    lang: languagesOf(raw.lang, ["title", "description"]),
    location: text(raw.location, 200) ?? "",
    shape: {
      durationMinutes,
      bufferBeforeMinutes: whole(raw.bufferBeforeMinutes, 0, 24 * 60) ?? 0,
      bufferAfterMinutes: whole(raw.bufferAfterMinutes, 0, 24 * 60) ?? 0,
    },
    price,
    deposit,
    // As many payments as the owner asked for, but none of less than half a unit.
    plan: Math.max(1, Math.min(whole(raw.instalments, 1, 4) ?? 1, Math.floor(balanceCents / 50))),
    questions: questions as Question[],
    contract,
    licence: text(raw.licence, 80),
  };
}

/**
 * The owner's offer, or null when booking is off (no hours, no session type, no currency, no
 * booking settings at all).
 */
export function offerOf(raw: {
  hours: unknown;
  sessions: unknown[];
  currency: unknown;
  tax: unknown;
}): Offer | null {
  const hours = hoursOf(raw.hours);
  const sessions = raw.sessions.map(sessionOf).filter((each) => each !== undefined);
  const currency = isCurrency(raw.currency) ? raw.currency : undefined;
  const terms = termsOf(raw);
  if (!hours || sessions.length === 0 || !currency || !terms) return null;
  // A deposit as it is charged, in the currency's own units (50 % of ¥25,005 is ¥12,503, not
  // 12,502.5): the contract's price, deposit and balance add up to what is paid.
  const [decimals, step] = [10 ** decimalsOf(currency), amountStep(currency)];
  const charged = (value: number) => (Math.round((value * decimals) / step) * step) / decimals;
  // No payment less than Stripe's least in the currency (¥50, HUF 175): a deposit under it is no
  // offer, and the balance is paid in no more parts than leave each that much.
  const least = Math.round(leastCharge(currency) * 100);
  const priced = sessions.flatMap((session) => {
    const deposit = charged(session.deposit);
    const balance = Math.round(session.price * 100) - Math.round(deposit * 100);
    if (Math.round(deposit * 100) < least || (balance > 0 && balance < least)) return [];
    const plan = Math.max(1, Math.min(session.plan, Math.floor(balance / least)));
    return [{ ...session, deposit, plan }];
  });
  if (priced.length === 0) return null;
  return { hours, sessions: priced, currency, ...terms };
}

/**
 * The terms of the bookings made (their invoices' heading, the cancellation policy, tax), read
 * alone: turning `/book` off (no hours) ends new bookings, not those made, which are still paid,
 * invoiced and cancelled by them. Undefined without the booking settings.
 */
export function termsOf(raw: { hours: unknown; tax: unknown }): Terms | undefined {
  if (!isRaw(raw.hours)) return undefined;
  return {
    invoiceFrom: text(raw.hours.invoiceFrom, 1000)?.trim() ?? "",
    cancellation: cancellationOf(raw.hours.cancellation),
    tax: raw.tax === true,
  };
}
