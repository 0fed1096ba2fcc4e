import type { Context, Handler } from "hono";
import { type Phrase, phrase } from "../../shared/i18n/messages.ts";
import { parsePhotoRef, photoRefOf } from "../../shared/inquiries.ts";
import { countStep } from "../insights/index.ts";
import { wantsJson } from "../lib/request-body.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, i18nFor, localPath } from "../request/context.ts";
import { LIMIT_PERIOD_SECONDS, LIMIT_WAIT, visitorKey } from "../request/visitor-key.ts";
import { tellCartItems } from "./cart-items.ts";
import { type CartLine, CartRefusal, cartCookie, cartIdOf, MAX_LINES, newCartId } from "./carts.ts";
import {
  type Catalogue,
  formatAmount,
  galleryOfferFor,
  type Offer,
  offeredProduct,
} from "./catalogue.ts";
import {
  catalogueFor,
  formOf,
  PRIVATE_HEADERS,
  productOf,
  quantityOf,
  shelvesFor,
  storeOf,
} from "./context.ts";
import { photoForSale } from "./for-sale.ts";
import {
  type GalleryPrints,
  galleryPhotoRef,
  parseGalleryPhotoRef,
  publicPhotos,
} from "./gallery-prints.ts";
import { sellable } from "./sellable.ts";
import { type CartRow, CartView, StoreMessage } from "./views.tsx";

/** A line's key in the cart form: "{photo}|{kind}:{product}". */
const lineKey = (line: Pick<CartLine, "photo" | "kind" | "product">) =>
  `${line.photo}|${line.kind}:${line.product}`;

function parseLineKey(value: string | null): Omit<CartLine, "quantity"> | undefined {
  const [photo, product, ...rest] = (value ?? "").split("|");
  const parsed = productOf(product ?? null);
  if (rest.length || !photo || !parsed) return undefined;
  if (!parsePhotoRef(photo) && !parseGalleryPhotoRef(photo)) return undefined;
  return { photo, kind: parsed.kind, product: parsed.id };
}

async function privatePage(c: Context<AppEnv>, view: Parameters<typeof renderHtml>[2]) {
  const res = await renderHtml(c, await loadLayout(c, { backdrop: false }), view);
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) res.headers.set(name, value);
  return res;
}

/** The way back a refusal offers (the language middleware puts a further language's prefix on it). */
export interface Back {
  href: string;
  label: Phrase;
}

export const CART: Back = { href: "/cart", label: phrase("cart.back") };

/** A refused request: its status, what was wrong, and the way back; nothing changed. */
export async function refusal(
  c: Context<AppEnv>,
  status: 400 | 404 | 409 | 429 | 502 | 503,
  message: Phrase,
  back: Back = CART,
) {
  const i18n = await i18nFor(c);
  return privatePage(c, {
    title: i18n.t("cart.refused.title"),
    status,
    main: (
      <StoreMessage
        title={i18n.t("cart.refused.heading")}
        message={i18n.phrase(message)}
        back={{ href: back.href, label: i18n.phrase(back.label) }}
      />
    ),
  });
}

/** A cart's lines, each priced from the catalogue now, or marked as no longer offered. */
export async function pricedRows(
  c: Context<AppEnv>,
  galleries: GalleryPrints,
  catalogue: Catalogue | null,
  lines: CartLine[],
): Promise<{ rows: CartRow[]; subtotal: number }> {
  const shelves = await shelvesFor(c, galleries);
  const { locale } = await i18nFor(c);
  let subtotal = 0;
  const rows: CartRow[] = [];
  for (const line of lines) {
    const now = catalogue ? await sellable(shelves, catalogue, line) : undefined;
    const row: CartRow = {
      line: lineKey(line),
      photoTitle: now?.title ?? line.photo,
      photoPath: now?.path ?? "/",
      thumbnail: now?.thumbnail,
      productName: now?.product.name ?? line.product,
      kind: line.kind,
      quantity: line.quantity,
    };
    if (now && catalogue) {
      const total = now.product.unitAmount * line.quantity;
      subtotal += total;
      row.price = formatAmount(now.product.unitAmount, catalogue.currency, locale);
      row.total = formatAmount(total, catalogue.currency, locale);
    }
    rows.push(row);
  }
  return { rows, subtotal };
}

const NOTICES: Record<string, Phrase> = {
  changed: phrase("cart.notice.changed"),
  empty: phrase("cart.notice.empty"),
  back: phrase("cart.notice.back"),
  code: phrase("cart.notice.code"),
  "code-ended": phrase("cart.notice.codeEnded"),
  "code-unknown": phrase("cart.notice.codeUnknown"),
  "code-products": phrase("cart.notice.codeProducts"),
  // An e-mail's link put back only what a full cart had room for.
  full: phrase("cart.error.full", { max: MAX_LINES }),
};

/** `GET /cart`: the visitor's cart, priced from the catalogue now. */
export const cartPage =
  (galleries: GalleryPrints): Handler<AppEnv> =>
  async (c) => {
    const store = storeOf(c);
    const cartId = await cartIdOf(c, store.keys);
    const lines = (cartId && (await store.carts.lines(cartId))) || [];
    await tellCartItems(c, store, lines);
    const catalogue = lines.length ? await catalogueFor(c) : null;
    const remind = Boolean(catalogue?.cartReminder);
    const code = cartId ? await store.carts.promotionCode(cartId) : undefined;
    const { rows, subtotal } = await pricedRows(c, galleries, catalogue, lines);
    const notice = NOTICES[c.req.query("notice") ?? ""];
    const i18n = await i18nFor(c);
    return privatePage(c, {
      title: i18n.t("cart.title"),
      description: i18n.t("cart.title"),
      main: (
        <CartView
          rows={rows}
          subtotal={catalogue ? formatAmount(subtotal, catalogue.currency, i18n.locale) : undefined}
          {...(notice ? { notice: i18n.phrase(notice) } : {})}
          remind={remind}
          code={code}
        />
      ),
    });
  };

/** A refused addition: JSON for the Buy section's script, else the refusal page. */
const refuseToAdd = async (
  c: Context<AppEnv>,
  status: 400 | 404 | 409 | 429,
  message: Phrase,
  back: Back,
) =>
  wantsJson(c.req.raw)
    ? c.json({ error: (await i18nFor(c)).phrase(message) }, status, PRIVATE_HEADERS)
    : refusal(c, status, message, back);

/** A visitor over CART_LIMIT: 429, when to try again, and nothing written. */
export async function tooManyCarts(c: Context<AppEnv>, back: Back): Promise<Response> {
  const res = await refuseToAdd(
    c,
    429,
    phrase("cart.error.tooManyCarts", { when: LIMIT_WAIT }),
    back,
  );
  res.headers.set("Retry-After", String(LIMIT_PERIOD_SECONDS));
  return res;
}

/** A photograph the worker found for sale: how carts name it, and what it is offered as. */
interface Found {
  ref: string;
  offer: Offer;
}

/**
 * Adds what the Buy form asked for to the visitor's cart, after checking it against what the
 * photograph is offered as now (`find`, looked up once the form itself is sound): an unknown or
 * altered product, a size the photograph has not the pixels for or a quantity out of range is
 * refused (400), a photograph not for sale (404), and nothing changes. A plain form goes on to
 * the cart (303); the Buy section's script gets JSON and the visitor stays on the page.
 */
async function addChecked(
  c: Context<AppEnv>,
  form: { get(name: string): string | null | undefined },
  find: () => Promise<Found | undefined>,
  back: Back,
): Promise<Response> {
  const store = storeOf(c);
  const product = productOf(form.get("product") ?? null);
  const quantity = quantityOf(form.get("quantity") ?? "1");
  if (!product) return refuseToAdd(c, 400, phrase("cart.error.choose"), back);
  if (quantity === undefined) return refuseToAdd(c, 400, phrase("cart.error.quantity"), back);
  const held = await cartIdOf(c, store.keys);
  // Each new cart is a row kept for 30 days: a visitor starts only so many a minute (CART_LIMIT).
  if (!held && !(await c.env.CART_LIMIT.limit({ key: visitorKey(c) })).success) {
    return tooManyCarts(c, back);
  }
  const photo = await find();
  if (!photo) return refuseToAdd(c, 404, phrase("cart.error.notForSale"), back);
  const chosen = offeredProduct(photo.offer, product.kind, product.id);
  if (!chosen) {
    const tooLarge = photo.offer.tooLarge.some((print) => print.id === product.id);
    return refuseToAdd(
      c,
      400,
      phrase(tooLarge && product.kind === "print" ? "cart.error.pixels" : "cart.error.notOffered"),
      back,
    );
  }
  const cartId = held ?? newCartId();
  let result: Awaited<ReturnType<typeof store.carts.add>>;
  try {
    result = await store.carts.add(cartId, {
      photo: photo.ref,
      kind: product.kind,
      product: product.id,
      quantity,
    });
  } catch (error) {
    if (error instanceof CartRefusal) return refuseToAdd(c, 409, error.phrase, back);
    throw error;
  }
  c.header("Set-Cookie", await cartCookie(store.keys, cartId), { append: true });
  if (result.added > 0)
    countStep(c.req.raw, c.env, c.executionCtx, "cart", publicPhotos([photo.ref]));
  if (!wantsJson(c.req.raw)) return c.redirect("/cart", 303);
  const items = await tellCartItems(c, store, (await store.carts.lines(cartId)) ?? []);
  const { t } = await i18nFor(c);
  const { added, holds } = result;
  // At its limit (10 of a print, one licence) a line takes fewer than asked, or none: said so.
  const message =
    added === 0
      ? t("cart.notAdded", { quantity: holds, product: chosen.name })
      : added < quantity && chosen.kind === "print"
        ? t("cart.addedToLimit", { quantity: added, product: chosen.name, max: holds })
        : t("cart.added", { quantity: added, product: chosen.name });
  return c.json(
    {
      added: added > 0,
      message,
      cart: t("cart.holds", { count: items }),
      // The header's cart link shows it at once (its cookie is set too, for the next pages).
      items,
      // In the page's language: the script links the cart by this address.
      cartPath: await localPath(c, "/cart"),
    },
    200,
    PRIVATE_HEADERS,
  );
}

/** `POST /cart/add` (a photo page's Buy form): a photograph, a product of the catalogue and a quantity. */
export const addToCart: Handler<AppEnv> = async (c) => {
  const form = await formOf(c);
  if (!form) return refusal(c, 400, phrase("cart.error.notForm"));
  const ref = parsePhotoRef(form.get("photo") ?? "");
  if (!ref) {
    return refuseToAdd(c, 400, phrase("cart.error.notOurs"), CART);
  }
  const back = { href: photoPathOf(ref), label: phrase("cart.backToPhoto") };
  return addChecked(
    c,
    form,
    async () => {
      const catalogue = await catalogueFor(c);
      const photo = catalogue && (await photoForSale(contentFor(c), catalogue, ref));
      return photo ? { ref: photoRefOf(ref), offer: photo.offer } : undefined;
    },
    back,
  );
};

/**
 * `POST /g/{gallery}/p/{photo}/buy` (a client gallery's Buy form, behind the gallery's own
 * access check, session included): a print of one of the gallery's photographs, from the
 * gallery's price list, into the same cart. Another gallery's photograph fails the check (it is
 * not this gallery's: 404), and a gallery that sells no prints sells nothing (404).
 */
export const addGalleryPrint =
  (galleries: GalleryPrints): Handler<AppEnv> =>
  async (c) => {
    const { form, photo } = galleries.clientPhoto(c);
    const back = {
      href: photo?.path ?? `/g/${c.req.param("gallery")}`,
      label: phrase("cart.backToPhoto"),
    };
    return addChecked(
      c,
      new Map(Object.entries(form)),
      async () => {
        const catalogue = photo && (await catalogueFor(c));
        const offer = catalogue && galleryOfferFor(catalogue, photo.prices, photo.pixels);
        return offer ? { ref: galleryPhotoRef(photo), offer } : undefined;
      },
      back,
    );
  };

const photoPathOf = (ref: NonNullable<ReturnType<typeof parsePhotoRef>>) =>
  ref.kind === "post" ? `/post/${ref.slug}/photo/${ref.key}` : `/${ref.slug}/photo/${ref.key}`;

/**
 * `POST /cart`: the cart page's form: new quantities (0 removes a line) or one line's Remove.
 * Only lines the cart holds change; anything else in the form is ignored.
 */
export const updateCart: Handler<AppEnv> = async (c) => {
  const store = storeOf(c);
  const form = await formOf(c);
  if (!form) return refusal(c, 400, phrase("cart.error.notForm"));
  const cartId = await cartIdOf(c, store.keys);
  const lines = cartId ? await store.carts.lines(cartId) : undefined;
  if (!cartId || !lines) return c.redirect("/cart", 303);
  const held = new Map(lines.map((line) => [lineKey(line), line]));
  const remove = form.get("remove");
  if (remove !== null) {
    const line = held.get(remove);
    if (line) await store.carts.set(cartId, line, 0);
    return c.redirect("/cart", 303);
  }
  for (let index = 0; index < 100 && form.has(`line.${index}`); index++) {
    const parsed = parseLineKey(form.get(`line.${index}`));
    const line = parsed && held.get(lineKey(parsed));
    if (!line) continue;
    const quantity = quantityOf(form.get(`quantity.${index}`), 0);
    if (quantity === undefined) {
      return refusal(c, 400, phrase("cart.error.quantityOrZero"));
    }
    if (quantity !== line.quantity) await store.carts.set(cartId, line, quantity);
  }
  return c.redirect("/cart", 303);
};
