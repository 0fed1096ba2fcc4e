/**
 * A cart left behind (docs/store.md, "E-mails that bring buyers back"): a buyer who gave their
 * e-mail on the cart page to be reminded, and whose Checkout Session expired unpaid, gets one
 * e-mail after the owner's delay, with their cart and, when the owner offers one, a code of
 * their own (a Stripe promotion code made for that e-mail: one use, ending when the owner said).
 * Its link puts the cart back (`/cart/again/{order}`), the code with it, which Stripe takes off
 * at checkout and enforces (its end, its one use), whatever the browser sends.
 */
import type { Context, Handler } from "hono";
import type Stripe from "stripe";
import { isLanguage } from "../../shared/i18n/languages.ts";
import { loadConfig, mailSender, storeIsOn } from "../config/config.ts";
import { inLanguage } from "../content/paths.ts";
import { ownerWordsIn } from "../i18n/owner-words.ts";
import { translator } from "../i18n/translator.ts";
import { errorText, log } from "../lib/log.ts";
import { oneLine } from "../lib/mail.ts";
import type { AppEnv } from "../request/app-env.ts";
import { localPath, siteOrigin, siteSettingsFor } from "../request/context.ts";
import { visitorKey } from "../request/visitor-key.ts";
import { type Composer, salesMails } from "../sales-mail/index.ts";
import { CART, tooManyCarts } from "./cart.tsx";
import { CartRefusal, cartCookie, cartIdOf, d1Carts, newCartId } from "./carts.ts";
import type { CartReminder } from "./catalogue.ts";
import { catalogueFor, storeOf } from "./context.ts";
import { orderLineTexts } from "./mail.ts";
import { d1Orders } from "./orders.ts";
import { discountText, personalCode } from "./promotion-codes.ts";
import { stripeClient } from "./stripe.ts";

export const CART_MAIL = "cart";
const HOUR = 60 * 60 * 1000;

/** What the e-mail is written from, kept with it when it is planned. */
interface CartMailData {
  order: string;
  site: string;
  /** `/cart/again/{order}` in the buyer's language. */
  again: string;
  offer: CartReminder["offer"];
  offerHours: number;
  /** The owner's words in the buyer's language, when they wrote some. */
  message: string | undefined;
}

/** An address typed on a form is no proof of whose it is: one mailbox gets one a week at most. */
const APART_MS = 7 * 24 * HOUR;

/**
 * Plans the e-mail for an expired Checkout Session whose buyer asked for it (its metadata's
 * `remind`), while the owner has it on: one per cart, about its last checkout left (a checkout
 * the site expired because the cart changed is followed by the one that replaced it). Every
 * cart's is planned; which of them is sent, one a week to a mailbox, is decided when it is due.
 */
export async function planCartReminder(
  c: Context<AppEnv>,
  session: Stripe.Checkout.Session,
): Promise<void> {
  const { order, cart, remind: address, language: asked, timeZone } = session.metadata ?? {};
  // Only the cart's last checkout speaks for it: Stripe may tell of an earlier one (expired when
  // the buyer came back and checked out again) after the last, a failed delivery retried.
  const last = cart ? await d1Carts(c.env.STORE_DB).checkout(cart) : undefined;
  if (last && last.order !== order) return;
  // A cart's last checkout that named no one (the address cleared on the way back from Stripe's
  // page) calls off what an earlier one planned.
  if (order && cart && !address) await salesMails(c.env.STORE_DB).withdraw(CART_MAIL, cart);
  if (!order || !address) return;
  const reminder = (await catalogueFor(c))?.cartReminder;
  if (!reminder) return;
  const site = await siteSettingsFor(c);
  const language = isLanguage(asked) && site.languages.includes(asked) ? asked : site.language;
  const left = (session.created || Math.floor(Date.now() / 1000)) * 1000;
  const data: CartMailData = {
    order,
    site: site.title,
    again: inLanguage(`/cart/again/${order}`, language, site.baseLanguage),
    offer: reminder.offer,
    offerHours: reminder.offerHours,
    message: ownerWordsIn(reminder.message, language, site.baseLanguage),
  };
  await salesMails(c.env.STORE_DB).plan(
    {
      kind: CART_MAIL,
      occasion: cart ?? order,
      address,
      language,
      timeZone,
      origin: siteOrigin(c),
      dueAt: Math.max(Date.now(), left + reminder.delayHours * HOUR),
      data,
    },
    { replace: true },
  );
}

/**
 * Writes the e-mail when it is due; nothing when the cart was bought (or ordered) after all, or
 * when its mailbox had one less than a week ago (however many carts name it).
 */
export const composeCartReminder: Composer = async (env, mail, link, now) => {
  const data = mail.data as CartMailData;
  if (await salesMails(env.STORE_DB).sentWithin(mail, APART_MS, now)) return undefined;
  const orders = d1Orders(env.STORE_DB);
  const order = await orders.get(data.order);
  if (order?.status !== "expired") return undefined;
  if (await orders.orderedSince(mail.address, order.createdAt)) return undefined;
  // A cart emptied since (its lines bought in a later checkout, whatever address paid) was not
  // left behind.
  const cart = mail.occasion === data.order ? undefined : mail.occasion;
  if (cart && !(await d1Carts(env.STORE_DB).lines(cart))?.length) return undefined;
  const config = loadConfig(env);
  const i18n = translator(isLanguage(mail.language) ? mail.language : "en");
  const { t, locale } = i18n;
  const personal =
    data.offer && storeIsOn(config.store)
      ? await personalCode(
          config.store,
          { id: mail.id, prefix: "BACK" },
          data.offer,
          order.currency,
          now + data.offerHours * HOUR,
        )
      : undefined;
  const code = personal?.code;
  const until = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    ...(mail.timeZone ? { timeZone: mail.timeZone } : { timeZone: "UTC" }),
  }).format(personal?.ends ?? now);
  const discount = data.offer ? discountText(data.offer, order.currency, locale) : "";
  return {
    from: { name: oneLine(data.site, 80), email: mailSender(config, mail.origin, "orders") },
    subject: oneLine(t("cartMail.subject", { site: data.site }), 150),
    text: [
      data.message ?? t("cartMail.text"),
      "",
      ...orderLineTexts(order, i18n),
      "",
      ...(code ? [t("cartMail.offer", { code, discount, until }), ""] : []),
      t("cartMail.link", {
        url: link(code ? `${data.again}?code=${encodeURIComponent(code)}` : data.again),
      }),
    ].join("\n"),
  };
};

const CODE = /^[A-Z0-9]{4,40}$/;

/**
 * `GET /cart/again/{order}`: an e-mail's link puts the order's lines back in the visitor's cart
 * (those it does not hold yet; each is priced and checked again at checkout) and, with `code`,
 * the promotion code Stripe knows by that text while it is active. Then the cart page says so.
 */
export const cartAgain: Handler<AppEnv> = async (c) => {
  const store = storeOf(c);
  const order = await store.orders.get(c.req.param("order") ?? "");
  if (!order || order.status === "paid") return c.redirect(await localPath(c, "/cart"), 303);
  // Each visit may start a cart and ask Stripe about a code: counted as new carts are.
  if (!(await c.env.CART_LIMIT.limit({ key: visitorKey(c) })).success) return tooManyCarts(c, CART);
  const cartId = (await cartIdOf(c, store.keys)) ?? newCartId();
  const held = (await store.carts.lines(cartId)) ?? [];
  let notice = "back";
  for (const line of order.lines) {
    const same = (other: (typeof held)[number]) =>
      other.photo === line.photo && other.kind === line.kind && other.product === line.product;
    if (held.some(same)) continue;
    const { photo, kind, product, quantity } = line;
    const added = await store.carts
      .add(cartId, { photo, kind, product, quantity })
      .catch((error) => {
        if (error instanceof CartRefusal) return undefined;
        throw error;
      });
    // A full cart takes no more: it says so, with what came back.
    if (!added) {
      notice = "full";
      break;
    }
  }
  const code = c.req.query("code")?.toUpperCase();
  if (code && CODE.test(code) && notice === "back") {
    const stripe = await stripeClient(store.keys);
    const found = await stripe.promotionCodes
      .list({ code, active: true, limit: 1 })
      .then(({ data }) => data[0] ?? null)
      .catch((error: unknown) => {
        log.error("Stripe could not be asked about a returning cart's code", {
          path: "/cart/again",
          error: errorText(error),
        });
        return undefined;
      });
    // Stripe not reached: the cart comes back with its code, checked again at checkout.
    const open = found && (!found.expires_at || found.expires_at * 1000 > Date.now());
    await store.carts.setPromotionCode(cartId, open || found === undefined ? code : null);
    if (found !== undefined) notice = open ? "code" : "code-ended";
  }
  c.header("Set-Cookie", await cartCookie(store.keys, cartId));
  return c.redirect(await localPath(c, `/cart?notice=${notice}`), 303);
};
