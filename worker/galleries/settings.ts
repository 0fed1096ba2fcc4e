/**
 * A gallery's settings, as the owner set them in the Studio (docs/galleries.md): parsed from
 * its Sanity document, everything unknown or malformed taken the safe way (no password that
 * cannot be checked: the gallery stays shut; no downloads unless asked for).
 */
import { SLUG_PATTERN } from "../../shared/slug.ts";
import { ownerText } from "../i18n/owner-words.ts";
import { type PasswordHash, parsePasswordHash } from "./password.ts";

export type Downloads = "original" | "2048" | "off";

/** Proofing: every photograph carries the owner's watermark. Delivered: clean, as downloads allow. */
export type Stage = "proofing" | "delivered";

/** What a client may download while proofing: nothing, or the watermarked web size. */
export type ProofDownloads = "off" | "marked";

export const WATERMARK_POSITIONS = [
  "center",
  "bottom-right",
  "bottom-left",
  "top-right",
  "top-left",
] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

/**
 * The owner's watermark, set once in the Studio's site settings: an image (their logo, a Sanity
 * image asset) and/or a line of text, where, how big (its height, in hundredths of the
 * photograph's shorter side) and how opaque. The upload command draws it (cli/gallery/mark.ts);
 * the worker only serves what it drew.
 */
export interface Watermark {
  /** The line of text; empty when the mark is the image alone. */
  text: string;
  /** The image's asset id (`image-{hash}-{w}x{h}-{format}`), drawn before the text. */
  image: string | undefined;
  position: WatermarkPosition;
  size: number;
  opacity: number;
}

export const DEFAULT_WATERMARK: Watermark = {
  text: "PROOF",
  image: undefined,
  position: "center",
  size: 12,
  opacity: 0.55,
};

/** A Sanity image asset's id, as an image field's `asset._ref` holds it. */
const IMAGE_ASSET = /^image-[A-Za-z0-9]+-\d{1,5}x\d{1,5}-[a-z]{3,4}$/;

/**
 * The watermark of the site settings' `galleries.watermark`, each field checked: an image
 * alone has no text unless one is given; neither gives the default text.
 */
export function parseWatermark(value: unknown): Watermark {
  const mark = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const asset = (mark.image as { asset?: { _ref?: unknown } } | undefined)?.asset?._ref;
  const image = typeof asset === "string" && IMAGE_ASSET.test(asset) ? asset : undefined;
  const size = Number(mark.size);
  const opacity = Number(mark.opacity);
  return {
    text: text(mark.text)?.slice(0, 80) ?? (image ? "" : DEFAULT_WATERMARK.text),
    image,
    position: (WATERMARK_POSITIONS as readonly unknown[]).includes(mark.position)
      ? (mark.position as WatermarkPosition)
      : DEFAULT_WATERMARK.position,
    size: Number.isFinite(size) && size >= 2 && size <= 50 ? size : DEFAULT_WATERMARK.size,
    opacity:
      Number.isFinite(opacity) && opacity >= 0.1 && opacity <= 1
        ? opacity
        : DEFAULT_WATERMARK.opacity,
  };
}

export interface GallerySettings {
  title: string;
  /** The cover's file name (the owner's); undefined: the first photograph. */
  cover?: string | undefined;
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
  /** Absent in a gallery made before stages: delivered, as it was. */
  stage: Stage;
  /** The owner's setting for proofs (site settings). */
  proofDownloads: ProofDownloads;
  /** How many days the activity timeline is kept (site settings; 180 unless set). */
  activityDays: number;
  /** The owner's e-mail (site settings), for a selection's e-mail without CONTACT_EMAIL_TO. */
  ownerEmail: string | undefined;
  /** Whether the owner is e-mailed when a gallery is first opened (site settings; off unless set). */
  mailFirstOpened: boolean;
  /** Clients are reminded 7 days and 1 day before the gallery closes (site settings). */
  expiryReminders?: boolean | undefined;
  /** Prints suggested this many days after delivery, with a code for a share off (site settings). */
  printsReminder?: { days: number; percentOff: number | undefined } | undefined;
  /**
   * The owner's words opening those e-mails (site settings; the defaults where none), in the
   * site's own language, as a gallery and its e-mails are.
   */
  reminderWords?: { expiry: string | undefined; prints: string | undefined } | undefined;
  /** The owner's watermark (site settings), for the upload command. */
  watermark: Watermark;
  /**
   * The gallery's price list when its client may order prints (its "Prints" on), else
   * undefined (the store's GalleryPriceList, spelt out: the upload command and the Node tests
   * read these settings without the store). Optional: settings a store kept from before prints
   * existed have none (off).
   */
  prints?: PriceList | undefined;
}

const wholeIn = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max
    ? value
    : undefined;

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;

type PriceList = { product: string; price: number | undefined }[];

/** The price list of a gallery document's `printList` (entries without a product id left out). */
export function galleryPriceList(value: unknown): PriceList {
  const list = (Array.isArray(value) ? value : []).flatMap((raw) =>
    typeof raw?.product === "string" && SLUG_PATTERN.test(raw.product)
      ? [{ product: raw.product, price: typeof raw.price === "number" ? raw.price : undefined }]
      : [],
  );
  return list.filter((item, index) => list.findIndex((o) => o.product === item.product) === index);
}

/** The settings in a `clientGallery` document, or undefined when it is not one. */
export function parseGallerySettings(
  doc: unknown,
  siteSettings?: unknown,
): GallerySettings | undefined {
  if (typeof doc !== "object" || doc === null) return undefined;
  const value = doc as Record<string, unknown>;
  if (value._type !== "clientGallery") return undefined;
  const site = (typeof siteSettings === "object" && siteSettings !== null ? siteSettings : {}) as {
    galleries?: unknown;
  };
  const owner = (
    typeof site.galleries === "object" && site.galleries !== null ? site.galleries : {}
  ) as Record<string, unknown>;
  const password = value.password === undefined ? undefined : parsePasswordHash(value.password);
  const expires = text(value.expiresAt) ? Date.parse(value.expiresAt as string) : Number.NaN;
  const limit = value.favouritesLimit;
  return {
    // Empty when the owner left it out (the Studio asks for it): pages say "Your photographs".
    title: text(value.title) ?? "",
    cover: text(value.cover),
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
    stage: value.stage === "proofing" ? "proofing" : "delivered",
    prints: value.prints === true ? galleryPriceList(value.printList) : undefined,
    proofDownloads: owner.proofDownloads === "marked" ? "marked" : "off",
    watermark: parseWatermark(owner.watermark),
    ownerEmail: text((site as Record<string, unknown>).email),
    mailFirstOpened: owner.mailFirstOpened === true,
    expiryReminders: owner.expiryReminders === true,
    printsReminder: wholeIn(owner.printsReminderDays, 1, 60)
      ? {
          days: wholeIn(owner.printsReminderDays, 1, 60) as number,
          percentOff: wholeIn(owner.printsReminderPercent, 1, 90),
        }
      : undefined,
    reminderWords: {
      expiry: ownerText(owner.expiryMessage),
      prints: ownerText(owner.printsMessage),
    },
    activityDays:
      typeof owner.activityDays === "number" &&
      Number.isInteger(owner.activityDays) &&
      owner.activityDays >= 1 &&
      owner.activityDays <= 3650
        ? owner.activityDays
        : 180,
  };
}

/** What a client may download now: the owner's setting once delivered, the proofs' before. */
export const downloadsNow = (settings: GallerySettings): Downloads =>
  settings.stage === "delivered"
    ? settings.downloads
    : settings.proofDownloads === "marked"
      ? "2048"
      : "off";

/** A gallery anybody may still be let into: it exists, is on, and its password can be checked. */
export const isOpen = (settings: GallerySettings | undefined): settings is GallerySettings =>
  settings?.enabled === true && !settings.passwordUnreadable;

/** Whether the gallery's time is up (it then answers 410). */
export const hasEnded = (settings: GallerySettings, now = Date.now()): boolean =>
  settings.expiresAt !== undefined && now >= settings.expiresAt;
