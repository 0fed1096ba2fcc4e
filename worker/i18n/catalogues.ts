import { ar } from "../../shared/i18n/catalogues/ar.ts";
import { de } from "../../shared/i18n/catalogues/de.ts";
import { en } from "../../shared/i18n/catalogues/en.ts";
import { es } from "../../shared/i18n/catalogues/es.ts";
import { fr } from "../../shared/i18n/catalogues/fr.ts";
import { it } from "../../shared/i18n/catalogues/it.ts";
import { pt } from "../../shared/i18n/catalogues/pt.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import type { Catalogue } from "../../shared/i18n/messages.ts";

/** Every shipped language's words: the worker's alone (browser modules get theirs from pages). */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, de, fr, es, it, pt, ar };
