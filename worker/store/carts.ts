/**
 * Carts in D1 (migrations/0001_carts.sql), keyed by a random id the visitor holds in a signed
 * cookie. The cookie is Hono's signed cookie, as the galleries' are, under a key made of the
 * store's own secret (STRIPE_SECRET_KEY) and the cookie's purpose: a made-up or altered cookie,
 * or one signed for anything else, is no cart at all, and the visitor simply gets a new one. A
 * cart holds photographs and product ids, never a price: prices are read from the catalogue
 * whenever the cart is shown and at checkout.
 */
import type { Context } from "hono";
import { deleteCookie, generateSignedCookie, getSignedCookie } from "hono/cookie";
import { type Phrase, phrase } from "../../shared/i18n/messages.ts";
import type { StoreKeys } from "../config/config.ts";
import { english } from "../i18n/translator.ts";
import { errorText, log } from "../lib/log.ts";
import { toBase64url } from "../lib/signing.ts";
import type { Product } from "./catalogue.ts";

export const CART_COOKIE = "cart";
/** A cart lasts 30 days after it was last changed. */
export const CART_SECONDS = 30 * 24 * 60 * 60;
/** The most of one print a cart holds (a licence is one). */
export const MAX_QUANTITY = 10;
/** The most lines a cart holds. */
export const MAX_LINES = 30;

const CART_ID = /^[A-Za-z0-9_-]{32}$/;

const cookieKey = (keys: StoreKeys) => `portfolio store cart\n${keys.stripe.secretKey}`;

/** A new cart id: 24 random bytes, base64url (32 characters). */
export const newCartId = (): string => toBase64url(crypto.getRandomValues(new Uint8Array(24)));

/** The cart id a request's cookie holds, when the cookie is genuine. */
export async function cartIdOf(c: Context, keys: StoreKeys): Promise<string | undefined> {
  const value = await getSignedCookie(c, cookieKey(keys), CART_COOKIE);
  return typeof value === "string" && CART_ID.test(value) ? value : undefined;
}

/** The Set-Cookie value that gives the visitor `cartId` (renewed at every change). */
export function cartCookie(keys: StoreKeys, cartId: string): Promise<string> {
  return generateSignedCookie(CART_COOKIE, cartId, cookieKey(keys), {
    maxAge: CART_SECONDS,
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
  });
}

export function forgetCart(c: Context): void {
  deleteCookie(c, CART_COOKIE, { path: "/", secure: true });
}

export interface CartLine {
  photo: string;
  kind: Product["kind"];
  product: string;
  quantity: number;
}

/** Refused changes, each with the words the cart page shows. */
export class CartRefusal extends Error {
  override name = "CartRefusal";
  /** What the visitor is told, in the page's language. */
  readonly phrase: Phrase;
  constructor(phrase: Phrase) {
    super(english().phrase(phrase));
    this.phrase = phrase;
  }
}

export interface Carts {
  /** The lines of a cart that exists and has not expired, oldest first; undefined otherwise. */
  lines(cartId: string, now?: number): Promise<CartLine[] | undefined>;
  /**
   * Adds `quantity` of a line (a licence stays one, a print at most MAX_QUANTITY), making the
   * cart when it is new: how many were added, and how many the line holds now.
   */
  add(cartId: string, line: CartLine, now?: number): Promise<{ added: number; holds: number }>;
  /** Sets a line's quantity; 0 removes it. */
  set(
    cartId: string,
    line: Omit<CartLine, "quantity">,
    quantity: number,
    now?: number,
  ): Promise<void>;
  /**
   * Takes a paid order's lines out of its cart and lets the cart's checkout go: what the buyer
   * added meanwhile stays (the cart itself goes once it is empty), and a discount code typed
   * since the checkout was made (the order's went with it).
   */
  removeOrdered(
    cartId: string,
    order: string,
    lines: readonly Omit<CartLine, "quantity">[],
  ): Promise<void>;
  /**
   * Claims the cart's one checkout for `order`: false when another has it (one conditional
   * UPDATE, so of two checkouts at once exactly one gets it).
   */
  claimCheckout(cartId: string, order: string, now?: number): Promise<boolean>;
  /**
   * The cart's checkout under way: its order, when its lines were read (the claim's `now`), and
   * whether the cart changed since.
   */
  checkout(cartId: string): Promise<{ order: string; at: number; changed: boolean } | undefined>;
  /** Lets `order`'s claim go (its Checkout Session is over, or was never made). */
  releaseCheckout(cartId: string, order: string): Promise<void>;
  /** The discount code (its text) the cart takes to checkout: typed, or from an e-mail's link. */
  promotionCode(cartId: string): Promise<string | undefined>;
  /** A code other than the cart's is a change of the cart (a checkout under way is made again). */
  setPromotionCode(cartId: string, code: string | null, now?: number): Promise<void>;
  /** Removes carts untouched for CART_SECONDS (their lines with them); how many went. */
  removeOld(now?: number): Promise<number>;
}

/** A licence is sold once per order: a second would license the same file twice. */
const quantityOf = (kind: Product["kind"], quantity: number) =>
  kind === "licence" ? 1 : Math.min(MAX_QUANTITY, Math.max(1, Math.floor(quantity)));

export function d1Carts(db: D1Database): Carts {
  const alive = (now: number) => now - CART_SECONDS * 1000;
  return {
    async lines(cartId, now = Date.now()) {
      const cart = await db
        .prepare("SELECT updated_at FROM carts WHERE id = ? AND updated_at > ?")
        .bind(cartId, alive(now))
        .first<{ updated_at: number }>();
      if (!cart) return undefined;
      const { results } = await db
        .prepare(
          "SELECT photo, kind, product, quantity FROM cart_items WHERE cart_id = ? ORDER BY added_at, photo, kind, product",
        )
        .bind(cartId)
        .all<CartLine>();
      return results;
    },
    async add(cartId, line, now = Date.now()) {
      const count = await db
        .prepare(
          "SELECT COUNT(*) AS lines, MAX(CASE WHEN photo = ?1 AND kind = ?2 AND product = ?3 THEN quantity END) AS held FROM cart_items WHERE cart_id = ?4",
        )
        .bind(line.photo, line.kind, line.product, cartId)
        .first<{ lines: number; held: number | null }>();
      const held = count?.held ?? null;
      if ((count?.lines ?? 0) >= MAX_LINES && held === null) {
        throw new CartRefusal(phrase("cart.error.full", { max: MAX_LINES }));
      }
      const quantity = quantityOf(line.kind, line.quantity);
      const [, upsert] = await db.batch<{ quantity: number }>([
        db
          .prepare(
            "INSERT INTO carts (id, created_at, updated_at) VALUES (?1, ?2, ?2) ON CONFLICT (id) DO UPDATE SET updated_at = ?2",
          )
          .bind(cartId, now),
        // The limit again, in the statement itself: adds at the same moment all passed the count.
        db
          .prepare(
            `INSERT INTO cart_items (cart_id, photo, kind, product, quantity, added_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6
             WHERE (SELECT COUNT(*) FROM cart_items WHERE cart_id = ?1) < ${MAX_LINES}
               OR EXISTS (SELECT 1 FROM cart_items WHERE cart_id = ?1 AND photo = ?2 AND kind = ?3 AND product = ?4)
             ON CONFLICT (cart_id, photo, kind, product) DO UPDATE SET quantity =
               CASE WHEN excluded.kind = 'licence' THEN 1 ELSE MIN(${MAX_QUANTITY}, quantity + excluded.quantity) END
             RETURNING quantity`,
          )
          .bind(cartId, line.photo, line.kind, line.product, quantity, now),
      ]);
      const holds = upsert?.results[0]?.quantity;
      if (holds === undefined) throw new CartRefusal(phrase("cart.error.full", { max: MAX_LINES }));
      return { added: Math.max(0, holds - (held ?? 0)), holds };
    },
    async set(cartId, line, quantity, now = Date.now()) {
      const statements = [
        db.prepare("UPDATE carts SET updated_at = ?2 WHERE id = ?1").bind(cartId, now),
        quantity <= 0
          ? db
              .prepare(
                "DELETE FROM cart_items WHERE cart_id = ? AND photo = ? AND kind = ? AND product = ?",
              )
              .bind(cartId, line.photo, line.kind, line.product)
          : db
              .prepare(
                "UPDATE cart_items SET quantity = ? WHERE cart_id = ? AND photo = ? AND kind = ? AND product = ?",
              )
              .bind(quantityOf(line.kind, quantity), cartId, line.photo, line.kind, line.product),
      ];
      await db.batch(statements);
    },
    async claimCheckout(cartId, order, now = Date.now()) {
      const result = await db
        .prepare(
          "UPDATE carts SET checkout_order = ?2, checkout_at = ?3, checkout_code = promotion_code WHERE id = ?1 AND checkout_order IS NULL",
        )
        .bind(cartId, order, now)
        .run();
      return result.meta.changes === 1;
    },
    async checkout(cartId) {
      const row = await db
        .prepare(
          "SELECT checkout_order AS 'order', checkout_at AS at, updated_at > checkout_at AS changed FROM carts WHERE id = ? AND checkout_order IS NOT NULL",
        )
        .bind(cartId)
        .first<{ order: string; at: number; changed: number }>();
      return row ? { order: row.order, at: row.at, changed: row.changed === 1 } : undefined;
    },
    async releaseCheckout(cartId, order) {
      await db
        .prepare(
          "UPDATE carts SET checkout_order = NULL, checkout_at = NULL WHERE id = ? AND checkout_order = ?",
        )
        .bind(cartId, order)
        .run();
    },
    async promotionCode(cartId) {
      const row = await db
        .prepare("SELECT promotion_code FROM carts WHERE id = ?")
        .bind(cartId)
        .first<{ promotion_code: string | null }>();
      return row?.promotion_code ?? undefined;
    },
    async setPromotionCode(cartId, code, now = Date.now()) {
      await db
        .prepare(
          "UPDATE carts SET promotion_code = ?2, updated_at = ?3 WHERE id = ?1 AND promotion_code IS NOT ?2",
        )
        .bind(cartId, code, now)
        .run();
    },
    async removeOrdered(cartId, order, lines) {
      await db.batch([
        ...lines.map((line) =>
          db
            .prepare(
              "DELETE FROM cart_items WHERE cart_id = ? AND photo = ? AND kind = ? AND product = ?",
            )
            .bind(cartId, line.photo, line.kind, line.product),
        ),
        db
          .prepare(
            `UPDATE carts SET checkout_order = NULL, checkout_at = NULL, checkout_code = NULL,
               promotion_code = CASE WHEN promotion_code IS checkout_code THEN NULL ELSE promotion_code END
             WHERE id = ? AND checkout_order = ?`,
          )
          .bind(cartId, order),
        db
          .prepare(
            "DELETE FROM carts WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM cart_items WHERE cart_id = ?1)",
          )
          .bind(cartId),
      ]);
    },
    async removeOld(now = Date.now()) {
      // A thousand at a time: a run is short whatever piled up; the next hour takes the rest.
      const result = await db
        .prepare(
          "DELETE FROM carts WHERE id IN (SELECT id FROM carts WHERE updated_at <= ? LIMIT 1000)",
        )
        .bind(alive(now))
        .run();
      return result.meta.changes;
    },
  };
}

/** The hourly sweep of carts left for 30 days: a failure waits for the next hour. */
export const removeOldCarts = (env: Env, now: number): Promise<void> =>
  d1Carts(env.STORE_DB)
    .removeOld(now)
    .then(
      (removed) => (removed ? log.info("Old carts removed", { removed }) : undefined),
      (error: unknown) => log.warn("Old carts could not be removed", { error: errorText(error) }),
    );
