import type { Handler } from "hono";
import { formatAmount } from "../content/catalogue.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { errorText, log } from "../lib/log.ts";
import { webAddress } from "../lib/web-address.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { PRIVATE_HEADERS, storeOf } from "./context.ts";
import { signedFileUrl } from "./files.ts";
import type { Order, OrderStatus } from "./orders.ts";
import { type OwnerNotes, sanityOrderCopies } from "./studio.ts";
import { OrderView } from "./views.tsx";

/** How long a download link works. */
const DOWNLOAD_DAYS = 7;

const STATUS_TEXT: Record<OrderStatus, (order: Order) => string> = {
  open: () =>
    "Waiting for your payment on Stripe. If you have just paid, this page will say so in a moment: reload it.",
  awaiting_payment: () =>
    "Your bank transfer is on its way: the order goes ahead as soon as the money arrives.",
  paid: (order) =>
    order.fulfilment?.state === "refunding"
      ? "Something in this order was withdrawn from sale just before your payment arrived: it is being refunded in full."
      : order.fulfilment?.state === "withdrawn"
        ? "Paid, thank you. Something in this order was withdrawn from sale just before your payment arrived: the photographer will write to you."
        : order.hasPrints
          ? "Paid, thank you. Your prints are being made; this page says when they ship."
          : "Paid, thank you. Your licensed files are below.",
  payment_failed: () => "The payment did not go through, so nothing was ordered.",
  expired: () => "This checkout was not completed in time, so nothing was ordered.",
  refunded: () => "This order was refunded in full.",
};

/**
 * What the buyer is told about their prints' journey, when the order has prints: the lab's news
 * (its tracking link), or the owner's "Shipped" and tracking link from the order's copy in the
 * Studio (read past every cache).
 */
async function shippingNews(
  c: Parameters<Handler<AppEnv>>[0],
  order: Order,
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
    return { text: "Your prints are on their way.", ...tracking };
  }
  if (state === "cancelled") {
    return { text: "The lab could not make your prints: the photographer will write to you." };
  }
  // The lab's prints of an order with the owner's own prints too.
  if (order.fulfilment?.labStage === "shipped") {
    return {
      text: "Some of your prints are on their way; the others are being made.",
      ...tracking,
    };
  }
  if (state === "lab") return { text: "Your prints are with the lab." };
  if (state === "owner" || state === "parked") return { text: "Your prints are being made." };
  return undefined;
}

/** The last characters of an order's id: what the buyer and the owner call it. */
export const orderReference = (id: string) => id.slice(0, 8).toUpperCase();

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
  const shipping = await shippingNews(c, order);
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
  const money = (amount: number) => formatAmount(amount, order.currency, layout.site.language);
  const totals = [
    { label: "Subtotal", amount: money(order.subtotal) },
    ...(order.shipping !== null && order.hasPrints
      ? [{ label: "Shipping", amount: money(order.shipping) }]
      : []),
    ...(order.tax ? [{ label: "Tax", amount: money(order.tax) }] : []),
    ...(order.total !== null ? [{ label: "Total", amount: money(order.total) }] : []),
  ];
  const address = order.shippingAddress?.address;
  const shipTo = address
    ? [
        order.shippingAddress?.name,
        address.line1,
        address.line2,
        [address.postal_code, address.city].filter(Boolean).join(" "),
        address.state,
        address.country,
      ].filter((line): line is string => Boolean(line))
    : undefined;
  const res = await renderHtml(c, layout, {
    title: `Order ${orderReference(order.id)}`,
    description: "Your order",
    main: (
      <OrderView
        reference={orderReference(order.id)}
        status={order.status}
        statusText={STATUS_TEXT[order.status](order)}
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
                      Download the licensed file
                    </a>{" "}
                    <span className="text-sm">
                      (this link works for {DOWNLOAD_DAYS} days; this page gives a new one)
                    </span>
                  </span>
                ),
              }
            : {}),
        }))}
        totals={totals}
        {...(shipTo ? { shipTo } : {})}
        email={order.email}
      />
    ),
  });
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) res.headers.set(name, value);
  return res;
};
