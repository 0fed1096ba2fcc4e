import type { PlainKey } from "../../shared/i18n/messages.ts";
import { type Config, mailSender } from "../config/config.ts";
import { english, type Translator } from "../i18n/translator.ts";
import { oneLine } from "../lib/mail.ts";
import { formatAmount } from "./catalogue.ts";
import { type Order, shipTo } from "./orders.ts";

/**
 * The store's e-mails, through Cloudflare Email Service's `send_email` binding (CLIENT_MAIL), as
 * the inquiries' are: the owner's for every paid order, the buyer's with their order page. Plain
 * text; every header a field of its own, so nothing the buyer typed at checkout adds one.
 */

export interface StoreEmail {
  from: EmailAddress;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** An order's lines, one a line ("2 × Fine art print, 8×10 in, …: €90.00"), in `i18n`'s language. */
export function orderLineTexts(order: Order, { t, locale }: Translator): string[] {
  return order.lines.map((line) =>
    t("order.mail.line", {
      quantity: line.quantity,
      product: line.productName,
      photo: line.photoTitle,
      amount: formatAmount(line.unitAmount * line.quantity, order.currency, locale),
    }),
  );
}

/** What was bought and paid, one line each, and the total, in `i18n`'s language. */
function lines(order: Order, i18n: Translator): string[] {
  const total = formatAmount(order.total ?? order.subtotal, order.currency, i18n.locale);
  return [...orderLineTexts(order, i18n), "", i18n.t("order.mail.total", { amount: total })];
}

export function ownerEmail(
  config: Config,
  order: Order,
  to: string,
  reference: string,
  orderUrl: string,
  siteTitle: string,
): StoreEmail {
  const origin = order.fulfilment.origin ?? orderUrl;
  const ownPrints = order.lines.filter((line) => line.fulfilment === "owner");
  const address = shipTo(order, english().locale);
  return {
    from: { name: oneLine(siteTitle, 80), email: mailSender(config, origin, "orders") },
    to,
    subject: oneLine(`New order ${reference} from ${order.name ?? order.email ?? "a buyer"}`, 150),
    text: [
      `${order.name ?? "Someone"} <${order.email ?? "no e-mail"}> paid for order ${reference} on ${siteTitle}.`,
      ...(order.fulfilment.state === "refunding"
        ? ["", `Refunded in full: ${order.fulfilment.error ?? "something was no longer for sale"}.`]
        : order.fulfilment.state === "withdrawn" || order.fulfilment.error
          ? [
              "",
              `Waiting for you: ${order.fulfilment.error ?? "something was no longer for sale"}.`,
            ]
          : []),
      "",
      // The owner's own e-mail is in English, as their Studio is.
      ...lines(order, english()),
      ...(address ? ["", "Ship to:", ...address] : []),
      ...(order.shippingRate ? [`Shipping paid for: ${order.shippingRate.name}`] : []),
      ...(ownPrints.length
        ? [
            "",
            `You print ${ownPrints.length === 1 ? "one item" : `${ownPrints.length} items`} yourself: mark the order shipped in your Studio, under Orders, with its tracking link.`,
          ]
        : []),
      "",
      "--",
      `The order is in your Studio, under Orders (order.${order.id}).`,
    ].join("\n"),
    headers: { "X-Order-Id": order.id },
  };
}

/**
 * What the buyer is told of an order withdrawn from sale when its payment arrived (fulfil.ts),
 * as its page says it: refunded, or waiting for the photographer; in place of the thanks and of
 * what the page delivers.
 */
const WITHDRAWN: Partial<Record<string, { text: PlainKey; instead: PlainKey[] }>> = {
  refunding: { text: "order.status.refunding", instead: ["order.mail.refunding"] },
  withdrawn: { text: "order.status.withdrawn", instead: [] },
};

export function buyerEmail(
  config: Config,
  order: Order,
  to: string,
  reference: string,
  orderUrl: string,
  siteTitle: string,
  i18n: Translator,
): StoreEmail {
  const { t } = i18n;
  const licences = order.lines.some((line) => line.kind === "licence");
  const prints = order.lines.some((line) => line.kind === "print");
  const withdrawn = WITHDRAWN[order.fulfilment.state ?? ""];
  const thanks = order.name
    ? t("order.mail.thanksName", { name: order.name })
    : t("order.mail.thanks");
  const delivered = [
    ...(licences ? [t("order.mail.licences")] : []),
    ...(prints ? [t("order.mail.prints")] : []),
  ];
  return {
    from: { name: oneLine(siteTitle, 80), email: mailSender(config, orderUrl, "orders") },
    to,
    subject: oneLine(t("order.mail.subject", { reference, site: siteTitle }), 150),
    text: [
      withdrawn ? t(withdrawn.text) : thanks,
      "",
      ...lines(order, i18n),
      "",
      t("order.mail.page", { url: orderUrl }),
      ...(withdrawn ? withdrawn.instead.map((key) => t(key)) : delivered),
      t("order.mail.keep"),
    ].join("\n"),
    headers: { "X-Order-Id": order.id },
  };
}
