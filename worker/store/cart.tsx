import type { Context, Handler } from "hono";
import { type Phrase, phrase } from "../../shared/i18n/messages.ts";
import { parsePhotoRef, photoRefOf } from "../../shared/inquiries.ts";
import { type Catalogue, formatAmount, offeredProduct } from "../content/catalogue.ts";
import { photoForSale } from "../content/for-sale.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, i18nFor } from "../request/context.ts";
import { type CartLine, CartRefusal, cartCookie, cartIdOf, newCartId } from "./carts.ts";
import {
  catalogueFor,
  formOf,
  PRIVATE_HEADERS,
  productOf,
  quantityOf,
  storeOf,
} from "./context.ts";
import { type CartRow, CartView, StoreMessage } from "./views.tsx";

/** A line's key in the cart form: "{photo}|{kind}:{product}". */
const lineKey = (line: Pick<CartLine, "photo" | "kind" | "product">) =>
  `${line.photo}|${line.kind}:${line.product}`;

function parseLineKey(value: string | null): Omit<CartLine, "quantity"> | undefined {
  const [photo, product, ...rest] = (value ?? "").split("|");
  const parsed = productOf(product ?? null);
  if (rest.length || !photo || !parsed || !parsePhotoRef(photo)) return undefined;
  return { photo, kind: parsed.kind, product: parsed.id };
}

async function privatePage(c: Context<AppEnv>, view: Parameters<typeof renderHtml>[2]) {
  const res = await renderHtml(c, await loadLayout(c, { backdrop: false }), view);
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) res.headers.set(name, value);
  return res;
}

/** A refused request: its status, what was wrong, and the way back; nothing changed. */
export async function refusal(
  c: Context<AppEnv>,
  status: 400 | 404 | 409 | 502 | 503,
  message: Phrase,
  back: { href: string; label: Phrase } = { href: "/cart", label: phrase("cart.back") },
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
  catalogue: Catalogue | null,
  lines: CartLine[],
): Promise<{ rows: CartRow[]; subtotal: number }> {
  const content = contentFor(c);
  const { locale } = await i18nFor(c);
  let subtotal = 0;
  const rows: CartRow[] = [];
  for (const line of lines) {
    const ref = parsePhotoRef(line.photo);
    const photo = ref && catalogue ? await photoForSale(content, catalogue, ref) : undefined;
    const product = photo && offeredProduct(photo.offer, line.kind, line.product);
    const row: CartRow = {
      line: lineKey(line),
      photoTitle: photo?.title ?? line.photo,
      photoPath: photo?.path ?? "/",
      productName: product?.name ?? line.product,
      kind: line.kind,
      quantity: line.quantity,
    };
    if (product && catalogue) {
      const total = product.unitAmount * line.quantity;
      subtotal += total;
      row.price = formatAmount(product.unitAmount, catalogue.currency, locale);
      row.total = formatAmount(total, catalogue.currency, locale);
    }
    rows.push(row);
  }
  return { rows, subtotal };
}

const NOTICES: Record<string, Phrase> = {
  changed: phrase("cart.notice.changed"),
  empty: phrase("cart.notice.empty"),
};

/** `GET /cart`: the visitor's cart, priced from the catalogue now. */
export const cartPage: Handler<AppEnv> = async (c) => {
  const store = storeOf(c);
  const cartId = await cartIdOf(c, store.keys);
  const lines = (cartId && (await store.carts.lines(cartId))) || [];
  const catalogue = lines.length ? await catalogueFor(c) : null;
  const { rows, subtotal } = await pricedRows(c, catalogue, lines);
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
      />
    ),
  });
};

/**
 * `POST /cart/add` (the photo page's Buy form): a photograph, a product of the catalogue and a
 * quantity. Everything is checked against the catalogue and the photograph now: an unknown or
 * altered product, a size the photograph has not the pixels for, a photograph not for sale or
 * a quantity out of range is refused (400) and changes nothing.
 */
export const addToCart: Handler<AppEnv> = async (c) => {
  const store = storeOf(c);
  const form = await formOf(c);
  if (!form) return refusal(c, 400, phrase("cart.error.notForm"));
  const ref = parsePhotoRef(form.get("photo") ?? "");
  const product = productOf(form.get("product"));
  const quantity = quantityOf(form.get("quantity") ?? "1");
  if (!ref) return refusal(c, 400, phrase("cart.error.notOurs"));
  const back = { href: photoPathOf(ref), label: phrase("cart.backToPhoto") };
  if (!product) return refusal(c, 400, phrase("cart.error.choose"), back);
  if (quantity === undefined) {
    return refusal(c, 400, phrase("cart.error.quantity"), back);
  }
  const catalogue = await catalogueFor(c);
  const photo = catalogue ? await photoForSale(contentFor(c), catalogue, ref) : undefined;
  if (!catalogue || !photo) {
    return refusal(c, 404, phrase("cart.error.notForSale"), back);
  }
  if (!offeredProduct(photo.offer, product.kind, product.id)) {
    const tooLarge = photo.offer.tooLarge.some((print) => print.id === product.id);
    return refusal(
      c,
      400,
      phrase(tooLarge && product.kind === "print" ? "cart.error.pixels" : "cart.error.notOffered"),
      back,
    );
  }
  const cartId = (await cartIdOf(c, store.keys)) ?? newCartId();
  try {
    await store.carts.add(cartId, {
      photo: photoRefOf(ref),
      kind: product.kind,
      product: product.id,
      quantity,
    });
  } catch (error) {
    if (error instanceof CartRefusal) return refusal(c, 409, error.phrase);
    throw error;
  }
  c.header("Set-Cookie", await cartCookie(store.keys, cartId), { append: true });
  return c.redirect("/cart", 303);
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
