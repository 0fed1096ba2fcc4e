import { createContext, use } from "react";
import type { Language } from "../../shared/i18n/languages.ts";
import type { Translator } from "../i18n/translator.ts";

/**
 * The page's language, and the site's own (the language of content shown for want of a
 * translation): renderHtml provides it around every page it renders.
 */
export type PageLanguage = Translator & {
  base: Language;
  /** A tag's or a place's name as the page shows it (content/names.ts). */
  name(stored: string): string;
  /** The owner's time zone, whose calendar a post's date is on (site-settings.ts). */
  timeZone: string;
};

export const I18n = createContext<PageLanguage | null>(null);

/** The page's words, dates and numbers, in the page's language. */
export function useI18n(): PageLanguage {
  const i18n = use(I18n);
  if (!i18n) throw new Error("A view that writes words was rendered outside renderHtml");
  return i18n;
}
