import { en } from "../../shared/i18n/catalogues/en.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import type { Catalogue } from "../../shared/i18n/messages.ts";

/** Every shipped language's words: the worker's alone (browser modules get theirs from pages). */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en };
