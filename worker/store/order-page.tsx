import type { Handler } from "hono";
import { formatAmount } from "../content/catalogue.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { PRIVATE_HEADERS, storeOf } from "./context.ts";
import type { Order, OrderStatus } from "./orders.ts";
import { OrderView } from "./views.tsx";

const STATUS_TEXT: Record<OrderStatus, (order: Order) => string> = {
  open: () =>
    "Waiting for your payment on Stripe. If you have just paid, this page will say so in a moment: reload it.",
  awaiting_payment: () =>
    "Your bank transfer is on its way: the order goes ahead as soon as the money arrives.",
  paid: (order) =>
    order.hasPrints
      ? "Paid, thank you. Your prints are being made; you will hear when they ship."
      : "Paid, thank you.",
  payment_failed: () => "The payment did not go through, so nothing was ordered.",
  expired: () => "This checkout was not completed in time, so nothing was ordered.",
  refunded: () => "This order was refunded in full.",
};

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
        rows={order.lines.map((line) => ({
          name: line.productName,
          photoTitle: line.photoTitle,
          photoPath: line.details.path,
          quantity: line.quantity,
          total: money(line.unitAmount * line.quantity),
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
