/**
 * A gallery's settings, as the owner set them in the Studio (docs/galleries.md): parsed from
 * its Sanity document, everything unknown or malformed taken the safe way (no password that
 * cannot be checked: the gallery stays shut; no downloads unless asked for).
 */
import { type PasswordHash, parsePasswordHash } from "./password.ts";

export type Downloads = "original" | "2048" | "off";

export interface GallerySettings {
  title: string;
  clientName: string | undefined;
  clientEmail: string | undefined;
  /** Undefined: the link alone opens the gallery. */
  password: PasswordHash | undefined;
  /** A password the site cannot check (an unknown algorithm): nobody gets in. */
  passwordUnreadable: boolean;
  /** Epoch ms after which the gallery answers 410. */
  expiresAt: number | undefined;
  enabled: boolean;
  downloads: Downloads;
  favouritesLimit: number | undefined;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;

/** The settings in a `clientGallery` document, or undefined when it is not one. */
export function parseGallerySettings(doc: unknown): GallerySettings | undefined {
  if (typeof doc !== "object" || doc === null) return undefined;
  const value = doc as Record<string, unknown>;
  if (value._type !== "clientGallery") return undefined;
  const password = value.password === undefined ? undefined : parsePasswordHash(value.password);
  const expires = text(value.expiresAt) ? Date.parse(value.expiresAt as string) : Number.NaN;
  const limit = value.favouritesLimit;
  return {
    title: text(value.title) ?? "Your photographs",
    clientName: text(value.clientName),
    clientEmail: text(value.clientEmail),
    password,
    passwordUnreadable: value.password !== undefined && value.password !== null && !password,
    expiresAt: Number.isFinite(expires) ? expires : undefined,
    enabled: value.enabled !== false,
    downloads:
      value.downloads === "original" || value.downloads === "2048" ? value.downloads : "off",
    favouritesLimit:
      typeof limit === "number" && Number.isInteger(limit) && limit > 0 ? limit : undefined,
  };
}

/** A gallery anybody may still be let into: it exists, is on, and its password can be checked. */
export const isOpen = (settings: GallerySettings | undefined): settings is GallerySettings =>
  settings?.enabled === true && !settings.passwordUnreadable;

/** Whether the gallery's time is up (it then answers 410). */
export const hasEnded = (settings: GallerySettings, now = Date.now()): boolean =>
  settings.expiresAt !== undefined && now >= settings.expiresAt;
