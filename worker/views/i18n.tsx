import { createContext, use } from "react";
import type { Translator } from "../i18n/translator.ts";

/** The page's language: renderHtml provides it around every page it renders. */
export const I18n = createContext<Translator | null>(null);

/** The page's words, dates and numbers, in the page's language. */
export function useI18n(): Translator {
  const i18n = use(I18n);
  if (!i18n) throw new Error("A view that writes words was rendered outside renderHtml");
  return i18n;
}
