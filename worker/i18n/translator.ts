import {
  formatMessage,
  formatNumber,
  type Message,
  type MessageValues,
} from "../../shared/i18n/format.ts";
import { LANGUAGES, type Language } from "../../shared/i18n/languages.ts";
import type { ArgsOf, MessageKey, Phrase } from "../../shared/i18n/messages.ts";
import { CATALOGUES } from "./catalogues.ts";

/** The site's words in one language, with its dates and numbers. */
export interface Translator {
  readonly language: Language;
  /** Where dates and numbers are written from ("en-GB" for English). */
  readonly locale: string;
  readonly dir: "ltr" | "rtl";
  /** A message, its placeholders filled in. */
  t<K extends MessageKey>(key: K, ...values: ArgsOf<K>): string;
  /** A message chosen earlier (an error's), written now. */
  phrase(phrase: Phrase): string;
  number(value: number): string;
  /**
   * A date as a reader reads it ("10 February 2026"), or "" when `iso` is not a date: the day
   * it is in `timeZone` (a zone `Intl` knows), UTC's by default.
   */
  date(iso: string | number, timeZone?: string): string;
  /** The messages of `keys` as they are, for a browser module to write itself. */
  messages(keys: readonly MessageKey[]): Record<string, Message>;
}

/**
 * Dates read the same everywhere, never on the data centre's clock: on the clock of the zone
 * asked for (the owner's), else UTC's. A long month name, as the language writes it.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (locale: string, timeZone: string) => {
  const key = `${locale} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone });
    dateFormats.set(key, format);
  }
  return format;
};

function make(language: Language): Translator {
  const catalogue = CATALOGUES[language];
  const { locale, dir } = LANGUAGES[language];
  const write = (key: MessageKey, values?: MessageValues) =>
    formatMessage(locale, catalogue[key], values);
  return {
    language,
    locale,
    dir,
    t: (key, ...values) => write(key, values[0]),
    phrase: ({ key, values }) => write(key, values),
    number: (value) => formatNumber(locale, value),
    date(iso, timeZone = "UTC") {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? "" : dateFormat(locale, timeZone).format(date);
    },
    messages: (keys) => Object.fromEntries(keys.map((key) => [key, catalogue[key]])),
  };
}

const translators = new Map<Language, Translator>();

/** The site's words in `language`, made once per isolate. */
export function translator(language: Language): Translator {
  let made = translators.get(language);
  if (!made) {
    made = make(language);
    translators.set(language, made);
  }
  return made;
}

/** English, for what only the log reads. */
export const english = (): Translator => translator("en");
