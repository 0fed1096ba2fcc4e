import { type Pixels, printFits } from "../../shared/print-resolution.ts";
import { SHIPPING_COUNTRIES } from "../../shared/shipping-countries.ts";
import { SLUG_PATTERN } from "../../shared/slug.ts";
import { licensePage } from "../config/site-defaults.ts";
import { croppedSize, type ImageRef } from "../content/image-urls.ts";
import type { StoreDocument } from "../content/validate.ts";
import { type OwnerWords, ownerWords } from "../i18n/owner-words.ts";
import { amountStep, decimalsOf, isCurrency } from "../lib/currency.ts";

/**
 * The store's catalogue as the worker sells from it: the Studio's Store document
 * (`storeSettings`), each product checked, the ones that cannot be sold (no id, no price, a lab
 * product without its code) left out, and prices in the currency's smallest unit, as Stripe
 * takes them. Everything a cart, a checkout and an order says about a product comes from here,
 * never from the browser.
 */

export interface PrintProduct {
  kind: "print";
  id: string;
  name: string;
  widthInches: number;
  heightInches: number;
  paper: string | undefined;
  /** In the currency's smallest unit (cents). */
  unitAmount: number;
  fulfilment: "lab" | "owner";
  /** The lab's product code (fulfilment "lab" only). */
  labSku: string | undefined;
  /** What the lab asks besides the code (a frame's color), by its own names; none: undefined. */
  labAttributes: Record<string, string> | undefined;
}

export interface LicenceType {
  kind: "licence";
  id: string;
  name: string;
  summary: string | undefined;
  unitAmount: number;
  /** The terms: a path of this site or a web address. */
  termsUrl: string;
  /** The delivered file's long edge in pixels (the photograph's own when smaller). */
  longEdge: number;
}

export type Product = PrintProduct | LicenceType;

export interface ShippingRate {
  id: string;
  name: string;
  unitAmount: number;
  minDays: number | undefined;
  maxDays: number | undefined;
}

/** A discount code the owner made in the Studio (the Store document's "Discount codes"). */
export interface Promotion {
  /** In capitals, as Stripe is asked for it (Stripe compares codes without regard to case). */
  code: string;
  discount: { percentOff: number } | { amountOff: number };
  endsAt: number | undefined;
  limit: number | undefined;
  /** The products it covers, by id; empty: all. */
  products: string[];
}

/** The e-mail to a buyer who left their cart (the Store document's "Cart left behind"). */
export interface CartReminder {
  delayHours: number;
  /** Their own code's discount: a share, or an amount in the smallest unit; none without. */
  offer: { percentOff: number } | { amountOff: number } | undefined;
  offerHours: number;
  /** The owner's words said before the cart; the defaults otherwise. */
  message: OwnerWords;
}

export interface Catalogue {
  /** Whether a photograph that says nothing is for sale. */
  forSale: "all" | "none";
  /** Lowercase ISO 4217, as Stripe takes it. */
  currency: string;
  /** Stripe Tax at checkout. */
  tax: boolean;
  /** A photograph withdrawn between checkout and payment: refund the buyer, or keep the order for the owner. */
  withdrawn: "refund" | "wait";
  prints: PrintProduct[];
  licences: LicenceType[];
  shippingRates: ShippingRate[];
  /** Where prints are shipped (ISO 3166-1 alpha-2). */
  shippingCountries: string[];
  /** Undefined when the owner did not turn it on. */
  cartReminder: CartReminder | undefined;
  /** The discount codes that are on. */
  promotions: Promotion[];
}

const SKU = /^[A-Za-z0-9-]{1,60}$/;
/** A lab option's name, as the Studio takes it. */
const LAB_ATTRIBUTE = /^[A-Za-z][A-Za-z0-9]{0,39}$/;

/** A print's lab options as the Studio keeps them ({ name, value } pairs); malformed ones left out. */
function attributesOf(value: unknown): Record<string, string> | undefined {
  const pairs = (Array.isArray(value) ? value : []).flatMap((pair: unknown) => {
    const { name, value: option } = (pair ?? {}) as { name?: unknown; value?: unknown };
    return typeof name === "string" &&
      LAB_ATTRIBUTE.test(name) &&
      typeof option === "string" &&
      option.trim() &&
      option.length <= 60
      ? [[name, option.trim()] as const]
      : [];
  });
  return pairs.length ? Object.fromEntries(pairs.slice(0, 10)) : undefined;
}
/** The most a line may cost (Stripe's limit is 99 999 999 in the smallest unit). */
const MAX_AMOUNT = 99_999_999;
/** Shipping countries if the owner named none. */
const DEFAULT_COUNTRIES = ["US", "GB", "DE", "FR", "NL", "IT", "ES", "CA", "AU"];

const text = (value: unknown, max = 200): string | undefined =>
  typeof value === "string" && value.trim() && value.trim().length <= max
    ? value.trim()
    : undefined;

const positive = (value: unknown, max: number): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value > 0 && value <= max
    ? value
    : undefined;

/**
 * The smallest unit of `price` in `currency`, or undefined for a price Stripe would refuse: one
 * charged whole is at most Stripe's limit, but not a booking's price, paid in parts (`max`).
 */
export function minorUnits(
  price: unknown,
  currency: string,
  allowZero = false,
  max = MAX_AMOUNT,
): number | undefined {
  if (typeof price !== "number" || !Number.isFinite(price) || price < 0) return undefined;
  const decimals = decimalsOf(currency);
  const step = amountStep(currency);
  const amount = Math.round((price * 10 ** decimals) / step) * step;
  if (amount > max || (!allowZero && amount === 0)) return undefined;
  return amount;
}

/**
 * The amount as the visitor reads it ("€45.00"), in the site's language: with the cents it has
 * where the language writes the currency without them (Stripe counts COP, HUF or IDR in
 * hundredths; a tax or an instalment may have some).
 */
export function formatAmount(amount: number, currency: string, language = "en"): string {
  const decimals = decimalsOf(currency);
  const units = amount / 10 ** decimals;
  const cents = amount % 10 ** decimals !== 0;
  try {
    return new Intl.NumberFormat(language, {
      style: "currency",
      currency,
      ...(cents ? { minimumFractionDigits: decimals, maximumFractionDigits: decimals } : {}),
    }).format(units);
  } catch {
    return `${units.toFixed(decimals)} ${currency.toUpperCase()}`;
  }
}

function unique<T extends { id: string }>(items: (T | undefined)[]): T[] {
  const seen = new Set<string>();
  return items.filter((item): item is T => {
    if (!item || seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

type Raw = Record<string, unknown>;
const entries = (value: unknown): Raw[] =>
  Array.isArray(value)
    ? value.filter((item): item is Raw => typeof item === "object" && item !== null)
    : [];

/** The catalogue of the Store document; null without one (nothing is for sale then). */
export function catalogueOf(doc: StoreDocument | null): Catalogue | null {
  if (!doc) return null;
  const currency = isCurrency(doc.currency) ? doc.currency : undefined;
  if (!currency) return null;
  const id = (value: unknown) =>
    typeof value === "string" && SLUG_PATTERN.test(value) && value.length <= 40 ? value : undefined;
  const prints = entries(doc.prints).map((raw): PrintProduct | undefined => {
    const productId = id(raw.id);
    const name = text(raw.name, 80);
    const widthInches = positive(raw.widthInches, 120);
    const heightInches = positive(raw.heightInches, 120);
    const unitAmount = minorUnits(raw.price, currency);
    const fulfilment = raw.fulfilment === "owner" ? "owner" : "lab";
    const labSku = typeof raw.labSku === "string" && SKU.test(raw.labSku) ? raw.labSku : undefined;
    const labAttributes = attributesOf(raw.labAttributes);
    if (!productId || !name || !widthInches || !heightInches || unitAmount === undefined)
      return undefined;
    if (fulfilment === "lab" && !labSku) return undefined;
    return {
      kind: "print",
      id: productId,
      name,
      widthInches,
      heightInches,
      paper: text(raw.paper, 80),
      unitAmount,
      fulfilment,
      labSku: fulfilment === "lab" ? labSku : undefined,
      labAttributes: fulfilment === "lab" ? labAttributes : undefined,
    };
  });
  const licences = entries(doc.licences).map((raw): LicenceType | undefined => {
    const productId = id(raw.id);
    const name = text(raw.name, 80);
    const unitAmount = minorUnits(raw.price, currency);
    // Its terms' page: one of the site's or a web address, as the Studio asks (it is a link on
    // every photo page for sale, and the base of their licence link).
    const termsUrl = licensePage(text(raw.termsUrl, 500));
    const longEdge = positive(raw.longEdge, 20_000);
    if (!productId || !name || unitAmount === undefined || !termsUrl || !longEdge) return undefined;
    return {
      kind: "licence",
      id: productId,
      name,
      summary: text(raw.summary, 200),
      unitAmount,
      termsUrl,
      longEdge: Math.round(longEdge),
    };
  });
  const shippingRates = entries(doc.shippingRates).map((raw): ShippingRate | undefined => {
    const rateId = id(raw.id);
    const name = text(raw.name, 60);
    const unitAmount = minorUnits(raw.price, currency, true);
    if (!rateId || !name || unitAmount === undefined) return undefined;
    const days = (value: unknown) => {
      const n = positive(value, 90);
      return n === undefined ? undefined : Math.round(n);
    };
    return { id: rateId, name, unitAmount, minDays: days(raw.minDays), maxDays: days(raw.maxDays) };
  });
  // One code Stripe does not know ("UK") would make it refuse every checkout with a print.
  const countries = (Array.isArray(doc.shippingCountries) ? doc.shippingCountries : []).filter(
    (code): code is string => typeof code === "string" && SHIPPING_COUNTRIES.has(code),
  );
  return {
    forSale: doc.forSale === "none" ? "none" : "all",
    currency,
    tax: doc.tax === true,
    withdrawn: doc.withdrawn === "wait" ? "wait" : "refund",
    prints: unique(prints),
    licences: unique(licences),
    shippingRates: unique(shippingRates),
    shippingCountries: countries.length ? [...new Set(countries)] : DEFAULT_COUNTRIES,
    cartReminder: cartReminderOf(doc.cartReminder, currency),
    promotions: (doc.offers ?? []).flatMap((raw): Promotion[] => {
      const code = typeof raw.code === "string" ? raw.code.trim().toUpperCase() : "";
      const percentOff = wholeIn(raw.percentOff, 1, 90, 0);
      const amountOff = minorUnits(raw.amountOff, currency);
      const endsAt = typeof raw.endsAt === "string" ? Date.parse(raw.endsAt) : Number.NaN;
      if (raw.active === false || !/^[A-Z0-9]{3,30}$/.test(code)) return [];
      if (!percentOff && !amountOff) return [];
      return [
        {
          code,
          discount: percentOff ? { percentOff } : { amountOff: amountOff as number },
          endsAt: Number.isFinite(endsAt) ? endsAt : undefined,
          limit: wholeIn(raw.limit, 1, 100_000, 0) || undefined,
          products: (raw.products ?? []).filter((id): id is string => typeof id === "string"),
        },
      ];
    }),
  };
}

const wholeIn = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max
    ? value
    : fallback;

function cartReminderOf(
  raw: StoreDocument["cartReminder"],
  currency: string,
): CartReminder | undefined {
  if (!raw?.enabled) return undefined;
  const percentOff = wholeIn(raw.percentOff, 1, 90, 0);
  const amountOff = minorUnits(raw.amountOff, currency);
  return {
    delayHours: wholeIn(raw.delayHours, 0, 168, 24),
    offer: percentOff ? { percentOff } : amountOff ? { amountOff } : undefined,
    offerHours: wholeIn(raw.offerHours, 1, 720, 24),
    message: ownerWords(raw.message, raw.translations),
  };
}

/** A photograph's own say on whether it is for sale ("default", "yes", "no" or nothing). */
export interface SaleSetting {
  forSale?: string | null;
}

/** Whether a photograph is for sale: its own setting, else the catalogue's default. */
export function isForSale(catalogue: Catalogue, image: SaleSetting): boolean {
  if (image.forSale === "yes") return true;
  if (image.forSale === "no") return false;
  return catalogue.forSale === "all";
}

/** What one photograph is offered as: the prints its pixels carry, and every licence. */
export interface Offer {
  /** The photograph's pixels after the owner's crop. */
  pixels: Pixels;
  prints: PrintProduct[];
  /** Print sizes left out for want of pixels (the page says why). */
  tooLarge: PrintProduct[];
  licences: LicenceType[];
}

/** The prints of `offered` that `pixels` carry, and those they do not. */
function sized(pixels: Pixels, offered: PrintProduct[]): Pick<Offer, "prints" | "tooLarge"> {
  const fits = (print: PrintProduct) =>
    printFits(pixels, { width: print.widthInches, height: print.heightInches });
  return { prints: offered.filter(fits), tooLarge: offered.filter((print) => !fits(print)) };
}

/**
 * The offer for a photograph, or undefined when it is not for sale (or nothing fits it). Every
 * placement of it has its say (`placements`, with the photograph's own): a photograph the owner
 * withheld in one place is not sold through another.
 */
export function offerFor(
  catalogue: Catalogue,
  image: ImageRef & SaleSetting,
  placements: (string | null)[] = [],
): Offer | undefined {
  const says = [image.forSale ?? null, ...placements];
  if (!says.every((forSale) => isForSale(catalogue, { forSale }))) return undefined;
  // What is sold is the original, kept privately where Sanity holds a smaller public copy.
  const pixels = croppedSize({ ...image, asset: image.asset.original ?? image.asset });
  const { prints, tooLarge } = sized(pixels, catalogue.prints);
  if (prints.length === 0 && catalogue.licences.length === 0) return undefined;
  return { pixels, prints, tooLarge, licences: catalogue.licences };
}

/**
 * A client gallery's price list (its document's `printList`, when its "Prints" is on; parsed
 * with the gallery's settings): the store's print products it offers, by id, each at the
 * gallery's own price where it sets one. An empty list offers every print of the store at the
 * store's price.
 */
export type GalleryPriceList = { product: string; price: number | undefined }[];

/**
 * What a client gallery's photograph is offered as: the prints of the gallery's price list its
 * pixels carry (a client's own photographs are never licensed here), or undefined when none
 * fits. A price the store would refuse leaves its product out rather than sell it at another.
 */
export function galleryOfferFor(
  catalogue: Catalogue,
  list: GalleryPriceList,
  pixels: Pixels,
): Offer | undefined {
  const offered = list.length
    ? list.flatMap(({ product, price }) => {
        const print = catalogue.prints.find((candidate) => candidate.id === product);
        const unitAmount =
          price === undefined ? print?.unitAmount : minorUnits(price, catalogue.currency);
        return print && unitAmount !== undefined ? [{ ...print, unitAmount }] : [];
      })
    : catalogue.prints;
  const { prints, tooLarge } = sized(pixels, offered);
  return prints.length ? { pixels, prints, tooLarge, licences: [] } : undefined;
}

/** The product `id` of `kind` a photograph is offered as, or undefined. */
export function offeredProduct(
  offer: Offer,
  kind: Product["kind"],
  id: string,
): Product | undefined {
  return kind === "print"
    ? offer.prints.find((print) => print.id === id)
    : offer.licences.find((licence) => licence.id === id);
}
