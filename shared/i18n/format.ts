/**
 * How a message of the catalogues (shared/i18n/catalogues/) becomes text, in the worker and in
 * the browser alike: `{name}` placeholders filled in (numbers and times from now written as the
 * language writes them), and a plural message's form chosen by `Intl.PluralRules` from its
 * `count`. A few lines
 * over `Intl` rather than a library: nothing else is needed, and browser modules that format a
 * message carry only this.
 */

/** A message's forms by plural category (`Intl.PluralRules`); `other` is always there. */
export interface PluralForms {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

/** A message: text with `{placeholders}`, or its plural forms, chosen by `{count}`. */
export type Message = string | PluralForms;

/** A time from now, written as the language says it: "in 1 minute", "dans 1 minute". */
export interface RelativeTime {
  readonly in: number;
  readonly unit: Intl.RelativeTimeFormatUnit;
}

/** What fills a placeholder: text, a number or a time from now, written in the language. */
export type MessageValue = string | number | RelativeTime;

export type MessageValues = Readonly<Record<string, MessageValue>>;

const plurals = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();
const relativeTimes = new Map<string, Intl.RelativeTimeFormat>();
const regions = new Map<string, Intl.DisplayNames>();

/** One `Intl` object per locale and kind, made on first use (each costs a lookup in ICU). */
function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let value = cache.get(locale);
  if (!value) {
    value = make();
    cache.set(locale, value);
  }
  return value;
}

/** "1,234" in English, "1.234" in German, "١٬٢٣٤" in Arabic. */
export const formatNumber = (locale: string, value: number): string =>
  cached(numbers, locale, () => new Intl.NumberFormat(locale)).format(value);

/** "DE" → "Germany" in English, "Deutschland" in German; the code itself where ICU has no name. */
export function formatCountry(locale: string, code: string): string {
  try {
    const names = cached(regions, locale, () => new Intl.DisplayNames(locale, { type: "region" }));
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "in 1 minute" in English, "in 1 Minute" in German, "خلال دقيقة واحدة" in Arabic. */
export const formatRelativeTime = (locale: string, time: RelativeTime): string =>
  cached(
    relativeTimes,
    locale,
    () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }),
  ).format(time.in, time.unit);

/** The form of `message` for `count` in `locale`. */
function formFor(locale: string, message: PluralForms, count: number): string {
  const category = cached(plurals, locale, () => new Intl.PluralRules(locale)).select(count);
  return message[category] ?? message.other;
}

/**
 * `message` with its placeholders filled in from `values`, in `locale`.
 *
 * @example
 * formatMessage("en-GB", { one: "{count} photograph", other: "{count} photographs" }, { count: 1234 })
 * // → "1,234 photographs"
 */
export function formatMessage(
  locale: string,
  message: Message,
  values: MessageValues = {},
): string {
  const text =
    typeof message === "string" ? message : formFor(locale, message, Number(values.count ?? 0));
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    if (typeof value === "number") return formatNumber(locale, value);
    return typeof value === "string" ? value : formatRelativeTime(locale, value);
  });
}

/** The placeholders a text names: `"{a} of {b}"` → `"a" | "b"`. */
type Placeholders<S> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The placeholders of a message (a plural message also takes its `count`). */
export type PlaceholdersOf<M> = M extends string
  ? Placeholders<M>
  : M extends PluralForms
    ? Placeholders<M[keyof M]> | "count"
    : never;

/**
 * What a message needs to be written: each placeholder's value (`count`, a number; `when`, a
 * time from now).
 */
export type ValuesOf<M> = {
  readonly [P in PlaceholdersOf<M>]: P extends "count"
    ? number
    : P extends "when"
      ? RelativeTime
      : string | number;
};

/** The arguments after a message's key: its values, when it has placeholders, else none. */
export type ValueArgs<M> = [PlaceholdersOf<M>] extends [never] ? [] : [values: ValuesOf<M>];
