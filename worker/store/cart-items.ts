import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../request/app-env.ts";
import { CART_SECONDS, type CartLine, cartIdOf } from "./carts.ts";
import type { Store } from "./context.ts";

/**
 * How many items the visitor's cart holds, for the header's cart link. The public pages are the
 * same for every visitor at the edge, so there the page's head script shows the link from this
 * cookie (client/head/before-paint.js), which says nothing but a number; a private page (the
 * cart, an order, a client gallery) renders it from the context.
 */
export const CART_ITEMS_COOKIE = "cart-items";

/** Tells the header what the cart holds now: `lines` when known, else the visitor's cart. */
export async function tellCartItems(
  c: Context<AppEnv>,
  store: Store,
  lines?: readonly CartLine[],
): Promise<number> {
  let held = lines;
  if (!held) {
    const cartId = await cartIdOf(c, store.keys);
    held = (cartId && (await store.carts.lines(cartId))) || [];
  }
  const items = held.reduce((sum, line) => sum + line.quantity, 0);
  c.set("cartItems", items);
  if (items > 0) {
    setCookie(c, CART_ITEMS_COOKIE, String(items), {
      path: "/",
      maxAge: CART_SECONDS,
      secure: true,
      sameSite: "Lax",
    });
  } else if (getCookie(c, CART_ITEMS_COOKIE) !== undefined) {
    deleteCookie(c, CART_ITEMS_COOKIE, { path: "/", secure: true });
  }
  return items;
}
