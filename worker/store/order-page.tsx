import type { Handler } from "hono";
import type { PlainKey } from "../../shared/i18n/messages.ts";
import { pageNotFound } from "../errors/page-error.ts";
import type { Translator } from "../i18n/translator.ts";
import { errorText, log } from "../lib/log.ts";
import { webAddress } from "../lib/web-address.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor } from "../request/context.ts";
import { formatAmount } from "./catalogue.ts";
import { PRIVATE_HEADERS, storeOf } from "./context.ts";
import { signedFileUrl } from "./files.ts";
import { type Order, type OrderStatus, orderReference, shipTo } from "./orders.ts";
import { type OwnerNotes, sanityOrderCopies } from "./studio.ts";
import { OrderView } from "./views.tsx";

/** How long a download link works. */
const DOWNLOAD_DAYS = 7;

const STATUS_TEXT: Record<OrderStatus, (order: Order) => PlainKey> = {
  open: () => "order.status.open",
  awaiting_payment: () => "order.status.awaitingPayment",
  paid: (order) =>
    order.fulfilment?.state === "refunding"
      ? "order.status.refunding"
      : order.fulfilment?.state === "withdrawn"
        ? "order.status.withdrawn"
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
 * `GET /order/{id}`: an order's own page, at an address nobody can guess (192 random bits): what
 * was bought and where it stands. One buyer's: `private, no-store` and `noindex`; an id that is
 * not an order's is the same 404 as any other address.
 */
export const orderPage: Handler<AppEnv> = async (c) => {
  const store = storeOf(c);
  const order = await store.orders.get(c.req.param("order") ?? "");
  if (!order) {
    const error = pageNotFound(new URL(c.req.url).pathname);
    throw error;
  }
  const layout = await loadLayout(c, { backdrop: false });
  const i18n = await i18nFor(c);
  const { t } = i18n;
  const shipping = await shippingNews(c, order, i18n);
  // A paid licence's file, at an address signed for this order's line that expires.
  const downloads = new Map<number, string>();
  const held = order.fulfilment?.state === "refunding" || order.fulfilment?.state === "withdrawn";
  if (order.status === "paid" && !held) {
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
    ...(order.tax ? [{ label: t("order.tax"), amount: money(order.tax) }] : []),
    ...(order.total !== null ? [{ label: t("order.total"), amount: money(order.total) }] : []),
  ];
  const address = shipTo(order, i18n.locale);
  const res = await renderHtml(c, layout, {
    title: t("order.title", { reference: orderReference(order.id) }),
    description: t("order.description"),
    main: (
      <OrderView
        reference={orderReference(order.id)}
        status={order.status}
        statusText={t(STATUS_TEXT[order.status](order))}
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
