import type { Context } from "hono";
import { type Phrase, phrase } from "../../shared/i18n/messages.ts";
import { type StoreKeys, storeIsOn } from "../config/config.ts";
import { echoPath, PageError, pageNotFound } from "../errors/page-error.ts";
import { errorText, log } from "../lib/log.ts";
import { readText } from "../lib/request-body.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, pathOf, siteSettingsFor } from "../request/context.ts";
import { type Carts, d1Carts } from "./carts.ts";
import { type Catalogue, catalogueOf } from "./catalogue.ts";
import type { GalleryPrints } from "./gallery-prints.ts";
import { d1Orders, type Orders } from "./orders.ts";
import type { Shelves } from "./sellable.ts";

/** Every answer of the cart and order pages is one visitor's: kept by nobody, never indexed. */
export const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
} as const;

export interface Store {
  keys: StoreKeys;
  carts: Carts;
  orders: Orders;
}

/** The store, or a 404: with the store off (no Stripe keys), its addresses are not there. */
export function storeOf(c: Context<AppEnv>): Store {
  const keys = c.var.config.store;
  if (!storeIsOn(keys)) {
    const path = new URL(c.req.url).pathname;
    // On a developer's machine the page names the settings that are missing (never a value).
    if (c.var.config.development) {
      const off = `. The store is off: ${keys.off} (in .dev.vars, or \`wrangler secret put\` for a deploy).`;
      throw new PageError(404, phrase("error.notFound", { path: `${echoPath(path)}${off}` }), {
        fatal: true,
      });
    }
    throw pageNotFound(path);
  }
  return { keys, carts: d1Carts(c.env.STORE_DB), orders: d1Orders(c.env.STORE_DB) };
}

/** The catalogue (null when the owner has not set one up: nothing is for sale then). */
export async function catalogueFor(c: Context<AppEnv>): Promise<Catalogue | null> {
  return catalogueOf(await contentFor(c).store());
}

/**
 * The store's catalogue, for a page that may show a Buy section: null when the store is off (no
 * Stripe keys) or the owner set up no catalogue, and null when it cannot be read now (logged):
 * the page still shows, its Buy section waits for the next view.
 */
export async function saleCatalogue(c: Context<AppEnv>): Promise<Catalogue | null> {
  if (!storeIsOn(c.var.config.store)) return null;
  try {
    return await catalogueFor(c);
  } catch (error) {
    log.warn("The store's catalogue could not be read", {
      path: pathOf(c),
      error: errorText(error),
    });
    return null;
  }
}

/** Where this request reads the photographs a line names (prices are written by `i18nFor`). */
export async function shelvesFor(c: Context<AppEnv>, galleries: GalleryPrints): Promise<Shelves> {
  const site = await siteSettingsFor(c);
  return {
    content: contentFor(c),
    galleries,
    env: c.env,
    owner: site.owner,
    language: site.language,
  };
}

/**
 * A form's fields (at most `limit` bytes, 16 KiB unless said), or null for a body that is no
 * form; a larger body is a 413 (saying `tooLarge`), unread.
 */
export async function formOf(
  c: Context<AppEnv>,
  limit = 16 * 1024,
  tooLarge: Phrase = phrase("error.tooLarge"),
): Promise<URLSearchParams | null> {
  const type = c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  const text = await readText(c.req.raw, limit, c.var.config);
  if (text === null) throw new PageError(413, tooLarge, { fatal: false });
  return type === "application/x-www-form-urlencoded" ? new URLSearchParams(text) : null;
}

/** "print:fine-art-8x10" → its kind and id, or undefined. */
export function productOf(
  value: string | null,
): { kind: "print" | "licence"; id: string } | undefined {
  const match = /^(print|licence):([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(value ?? "");
  if (!match?.[1] || !match[2] || match[2].length > 40) return undefined;
  return { kind: match[1] as "print" | "licence", id: match[2] };
}

/** A quantity as typed: whole numbers from `min` to 10, nothing else. */
export function quantityOf(value: string | null, min = 1): number | undefined {
  if (value === null || !/^\s*\d{1,2}\s*$/.test(value)) return undefined;
  const quantity = Number(value);
  return quantity >= min && quantity <= 10 ? quantity : undefined;
}
