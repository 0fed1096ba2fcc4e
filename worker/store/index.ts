import { Hono, type MiddlewareHandler } from "hono";
import { csrf } from "hono/csrf";
import type { AppEnv } from "../request/app-env.ts";
import { addGalleryPrint, addToCart, cartPage, updateCart } from "./cart.tsx";
import { cartAgain } from "./cart-reminder.ts";
import { checkout } from "./checkout.ts";
import { PRIVATE_HEADERS } from "./context.ts";
import { licenceDownload, printFile } from "./files-route.ts";
import { FULFILMENT_DLQ, FULFILMENT_QUEUE, handOver } from "./fulfil.ts";
import { GALLERY_BUY_ROUTE, type GalleryPrints } from "./gallery-prints.ts";
import { labCallback } from "./lab-news.ts";
import { orderPage } from "./order-page.tsx";
import { type OtherCheckouts, stripeWebhook } from "./webhook.ts";

// What other features use of the store: the Buy section of a photo page and of a client
// gallery's photograph, and the vocabulary of what the galleries lend it (gallery-prints.ts).
export { BuySection, buySectionProps } from "./BuySection.tsx";
export { CART_MAIL, composeCartReminder } from "./cart-reminder.ts";
export { removeOldCarts } from "./carts.ts";
export { formatAmount, galleryOfferFor, minorUnits, offerFor } from "./catalogue.ts";
export { catalogueFor, formOf, saleCatalogue } from "./context.ts";
export { fulfilOrders, handOverStranded } from "./fulfil.ts";
export { type GalleryPhotoForSale, type GalleryPrints, galleryBuyPath } from "./gallery-prints.ts";
export { d1Orders } from "./orders.ts";
export { discountText, personalCode } from "./promotion-codes.ts";
export { checkoutNaming, priceTax, stripeClient, taxOn } from "./stripe.ts";
export { type DisputeStanding, disputeStanding, idOf, type OtherCheckouts } from "./webhook.ts";

export const isFulfilmentQueue = (queue: string): boolean =>
  queue === FULFILMENT_QUEUE || queue === FULFILMENT_DLQ;

/**
 * A payment, and what Stripe's events plan (a cart's reminder: on or off, the owner's words), is
 * decided on the catalogue and the photographs as they are now, past every cache.
 */
const asItIsNow: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("uncached", true);
  await next();
};

/** Whatever the cart and order pages answer (error pages too) is one visitor's: kept by nobody. */
const privateAnswers: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) c.res.headers.set(name, value);
};

/**
 * The store (docs/store.md): the cart (`/cart`, its forms and checkout), a client gallery's Buy
 * form (`/g/{gallery}/p/{photo}/buy`, behind the gallery's own check, lent by the galleries
 * through the entry), the order pages (`/order/{id}`), Stripe's webhook (`/_app/store/stripe`),
 * the lab's print files and its callbacks (`/_app/store/lab/{order}/{secret}`). Stripe's events
 * for checkouts that are not orders (a booking's deposit) go to `others`, which the entry hands
 * over. A photo page's Buy section is part of the photo page (photo-viewer/),
 * which posts to `/cart/add`. With the store off (no Stripe keys), every address here is a 404.
 * Mounted before the pages, whose `/{slug}` would take `/cart`, and after the galleries, whose
 * middleware reads a gallery's forms first.
 */
export function storeApp(galleries: GalleryPrints, others?: OtherCheckouts): Hono<AppEnv> {
  const store = new Hono<AppEnv>();

  // The cart's forms post only from the site's own pages (a bare 403 otherwise).
  store.use("/cart", csrf());
  store.use("/cart/*", csrf());
  store.use("/cart", privateAnswers);
  store.use("/cart/*", privateAnswers);
  store.use("/order/*", privateAnswers);

  store.get("/cart", cartPage(galleries));
  store.post("/cart", updateCart);
  store.post("/cart/add", addToCart);
  store.post("/cart/checkout", asItIsNow, checkout(galleries));
  store.get("/cart/again/:order{[A-Za-z0-9_-]{32}}", cartAgain);
  store.post(GALLERY_BUY_ROUTE, galleries.guard, addGalleryPrint(galleries));
  store.get("/order/:order{[A-Za-z0-9_-]{32}}", orderPage);
  store.get("/order/:order{[A-Za-z0-9_-]{32}}/download/:line{[1-9][0-9]{0,2}}", licenceDownload);
  // Every address under /order/ is a buyer's: a malformed one is the store's private 404, not a
  // page of the public site's (which the edge would keep).
  store.get("/order/*", (c) => c.notFound());
  store.post("/_app/store/stripe", asItIsNow, stripeWebhook(handOver, others));
  store.post("/_app/store/lab/:order{[A-Za-z0-9_-]{32}}/:secret{[A-Za-z0-9_-]{43}}", labCallback);
  store.get(
    "/_app/store/print/:order{[A-Za-z0-9_-]{32}}/:line{[1-9][0-9]{0,2}}",
    printFile(galleries),
  );
  return store;
}
