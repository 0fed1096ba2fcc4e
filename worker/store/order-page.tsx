import type { Context, Handler } from "hono";
import type { PlainKey } from "../../shared/i18n/messages.ts";
import { pageNotFound } from "../errors/page-error.ts";
import type { Translator } from "../i18n/translator.ts";
import { errorText, log } from "../lib/log.ts";
import { webAddress } from "../lib/web-address.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor, siteOrigin } from "../request/context.ts";
import { visitorKey } from "../request/visitor-key.ts";
import { tellCartItems } from "./cart-items.ts";
import { formatAmount } from "./catalogue.ts";
import { PRIVATE_HEADERS, type Store, storeOf } from "./context.ts";
import { signedFileUrl } from "./files.ts";
import { handOver } from "./fulfil.ts";
import { deliverable, type Order, type OrderStatus, orderReference, shipTo } from "./orders.ts";
import { stripeClient } from "./stripe.ts";
import { type OwnerNotes, sanityOrderCopies } from "./studio.ts";
import { OrderView } from "./views.tsx";
import { applySession } from "./webhook.ts";

/** How long a download link works. */
const DOWNLOAD_DAYS = 7;
/** How often the page of an order not paid yet looks again. */
const WAITING_REFRESH_SECONDS = 5;
/** How often the page of a paid licence being checked still for sale looks again. */
const PREPARING_REFRESH_SECONDS = 2;

/** With licences whose files wait for fulfilment's check that they are still for sale. */
const preparing = (order: Order) =>
  order.fulfilment.saleCheckedAt === null && order.lines.some((line) => line.kind === "licence");

/** Looks again: waiting for the payment, or for the check fulfilment is making now. */
const refreshSeconds = (order: Order): number | undefined =>
  order.status === "open"
    ? WAITING_REFRESH_SECONDS
    : order.status === "paid" &&
        order.disputedAt === null &&
        order.fulfilment.state === null &&
        preparing(order)
      ? PREPARING_REFRESH_SECONDS
      : undefined;

const STATUS_TEXT: Record<OrderStatus, (order: Order) => PlainKey> = {
  open: () => "order.status.open",
  awaiting_payment: () => "order.status.awaitingPayment",
  paid: (order) =>
    order.disputedAt !== null
      ? "order.status.disputed"
      : order.fulfilment?.state === "refunding"
        ? "order.status.refunding"
        : order.fulfilment?.state === "withdrawn"
          ? "order.status.withdrawn"
          : preparing(order)
            ? "order.status.preparing"
            : order.hasPrints
              ? "order.status.prints"
              : "order.status.licences",
  payment_failed: () => "order.status.failed",
  expired: () => "order.status.expired",
  refunded: () => "order.status.refunded",
};

/**
 * What the buyer is told about their prints' journey, when the order has prints: the lab's news
 * (its tracking link), or the owner's "Shipped" and tracking link from the order's copy in the
 * Studio (read past every cache).
 */
async function shippingNews(
  c: Parameters<Handler<AppEnv>>[0],
  order: Order,
  { t }: Translator,
): Promise<{ text: string; trackingUrl?: string } | undefined> {
  if (order.status !== "paid" || !order.hasPrints) return undefined;
  const state = order.fulfilment?.state;
  let notes: OwnerNotes | undefined;
  if (order.fulfilment?.studioWrittenAt) {
    try {
      notes = await sanityOrderCopies(c.var.config).notes(order.id);
    } catch (error) {
      log.warn("An order's Studio copy could not be read", {
        order: order.id,
        error: errorText(error),
      });
    }
  }
  // Only a web address becomes a link, whatever the document holds.
  const trackingUrl = webAddress(notes?.trackingUrl ?? order.fulfilment?.trackingUrl)?.href;
  const tracking = trackingUrl ? { trackingUrl } : {};
  if (notes?.shipped || order.fulfilment?.shippedAt) {
    return { text: t("order.shipped"), ...tracking };
  }
  if (state === "cancelled") return { text: t("order.labCancelled") };
  // The lab's prints of an order with the owner's own prints too.
  if (order.fulfilment?.labStage === "shipped") {
    return { text: t("order.partlyShipped"), ...tracking };
  }
  if (state === "lab") return { text: t("order.atLab") };
  if (state === "owner" || state === "parked") return { text: t("order.beingMade") };
  return undefined;
}

/**
 * The order as Stripe says it is, when the buyer comes back from paying before Stripe's webhook
 * has said so: Stripe adds the Checkout Session's id to the success address (`?session=`), and
 * when that is this order's own session, still open here, the session is read from Stripe and
 * its state applied as the webhook applies it (`applySession`: conditional, so once, whoever
 * comes first), the order handed to fulfilment. The query string decides nothing by itself: only
 * the order's own session is asked about, and only Stripe's answer moves the order.
 */
async function asStripeSays(c: Context<AppEnv>, store: Store, order: Order): Promise<Order> {
  const asked = c.req.query("session");
  if (order.status !== "open" || !asked || asked !== order.checkoutSession) return order;
  // Each view asks Stripe: counted as carts are (CART_LIMIT), so a script reloading open orders
  // cannot spend the owner's Stripe calls; past it, the page waits for the webhook.
  if (!(await c.env.CART_LIMIT.limit({ key: visitorKey(c) })).success) return order;
  try {
    const session = await (await stripeClient(store.keys)).checkout.sessions.retrieve(asked);
    const applied = await applySession(store.orders, session, store.carts);
    if (applied.paid) {
      log.info("Order paid", { order: order.id, on: "the order page" });
      await handOver(c.env, order.id, siteOrigin(c));
    }
  } catch (error) {
    // Stripe's webhook will say it; the page looks again until then.
    log.warn("Stripe could not be asked about a returning buyer's payment", {
      order: order.id,
      error: errorText(error),
    });
  }
  return (await store.orders.get(order.id)) ?? order;
}

/**
 * `GET /order/{id}`: an order's own page, at an address nobody can guess (192 random bits): what
 * was bought and where it stands, paid as soon as Stripe says so (asStripeSays); while it waits
 * for the payment, it looks again (in place, or by a reload without JavaScript). One buyer's: `private, no-store` and `noindex`; an id that
 * is not an order's is the same 404 as any other address.
 */
export const orderPage: Handler<AppEnv> = async (c) => {
  const store = storeOf(c);
  const found = await store.orders.get(c.req.param("order") ?? "");
  if (!found) throw pageNotFound(new URL(c.req.url).pathname);
  const order = await asStripeSays(c, store, found);
  // A paid order empties its cart: the header stops showing it.
  await tellCartItems(c, store);
  const layout = await loadLayout(c, { backdrop: false });
  const i18n = await i18nFor(c);
  const { t } = i18n;
  const shipping = await shippingNews(c, order, i18n);
  // A paid licence's file, at an address signed for this order's line that expires.
  const downloads = new Map<number, string>();
  if (deliverable(order)) {
    for (const line of order.lines.filter((candidate) => candidate.kind === "licence")) {
      downloads.set(
        line.line,
        await signedFileUrl(store.keys, "", "licence", order.id, line.line, DOWNLOAD_DAYS * 86_400),
      );
    }
  }
  const money = (amount: number) => formatAmount(amount, order.currency, i18n.locale);
  const totals = [
    { label: t("order.subtotal"), amount: money(order.subtotal) },
    ...(order.shipping !== null && order.hasPrints
      ? [{ label: t("order.shipping"), amount: money(order.shipping) }]
      : []),
    ...(order.discount ? [{ label: t("order.discount"), amount: money(-order.discount) }] : []),
    ...(order.tax ? [{ label: t("order.tax"), amount: money(order.tax) }] : []),
    ...(order.total !== null ? [{ label: t("order.total"), amount: money(order.total) }] : []),
  ];
  const address = shipTo(order, i18n.locale);
  const refresh = refreshSeconds(order);
  const res = await renderHtml(c, layout, {
    title: t("order.title", { reference: orderReference(order.id) }),
    description: t("order.description"),
    // With JavaScript the page updates itself in place (client/store/order-status.ts): a reload
    // would send a screen reader back to the top every few seconds.
    ...(refresh
      ? {
          head: (
            <noscript>
              <meta httpEquiv="refresh" content={String(refresh)} />
            </noscript>
          ),
        }
      : {}),
    main: (
      <OrderView
        reference={orderReference(order.id)}
        status={order.status}
        statusText={t(STATUS_TEXT[order.status](order))}
        {...(refresh ? { refreshSeconds: refresh } : {})}
        {...(shipping ? { shipping } : {})}
        rows={order.lines.map((line) => ({
          name: line.productName,
          photoTitle: line.photoTitle,
          photoPath: line.details.path,
          quantity: line.quantity,
          total: money(line.unitAmount * line.quantity),
          ...(downloads.has(line.line)
            ? {
                download: (
                  <span className="mt-1 block">
                    <a
                      href={downloads.get(line.line)}
                      download
                      className="store-link focus-ring"
                      data-licence-download
                      // Each row's link named apart from the others' (one per licence).
                      aria-label={`${t("order.download")}: ${line.photoTitle} (${line.productName})`}
                    >
                      {t("order.download")}
                    </a>{" "}
                    <span className="text-sm">
                      {t("order.downloadNote", { count: DOWNLOAD_DAYS })}
                    </span>
                  </span>
                ),
              }
            : {}),
        }))}
        totals={totals}
        {...(address ? { shipTo: address } : {})}
        email={order.email}
      />
    ),
  });
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) res.headers.set(name, value);
  return res;
};
