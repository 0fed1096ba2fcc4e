/**
 * A booking's invoices, one per payment (deposit, balance) and a credit note for a refund: issued once it is paid (invoices.ts
 * numbers it), shown as a page (`GET /book/held/{id}/invoices/deposit`) and as a PDF
 * (`…/deposit.pdf`, text-pdf.ts), both made from the invoice as it was issued; whoever has the
 * booking's address has them.
 */
import type { Context, Handler } from "hono";
import { pageNotFound } from "../errors/page-error.ts";
import type { Translator } from "../i18n/translator.ts";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor, localPath } from "../request/context.ts";
import { formatAmount } from "../store/index.ts";
import { InvoiceView } from "./BookingViews.tsx";
import { bookingInvoice, paymentOf } from "./booking-invoice.ts";
import { d1Bookings } from "./bookings.ts";
import { type Invoice, type InvoiceKind, invoiceNumber } from "./invoices.ts";
import { HOLD_ID, page, pdfDownload } from "./pages.tsx";
import type { PdfText } from "./pdf-text.ts";

/**
 * An invoice's words and figures in the reader's language, dated on the owner's clock: the day
 * it was issued, and the day its payment was made (`paidAt`), which is earlier for one issued late.
 */
export function invoiceText(
  { t, locale }: Pick<Translator, "t" | "locale">,
  invoice: Invoice,
  timeZone: string,
  paidAt = invoice.issuedAt,
) {
  const money = (amount: number) => formatAmount(amount, invoice.currency, locale);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone });
  const date = day.format(invoice.issuedAt);
  const credit = invoice.kind === "refund";
  return {
    title: t(credit ? "booking.creditNote.title" : "booking.invoice.title", {
      number: invoiceNumber(invoice),
    }),
    date,
    lines: [{ description: invoice.description, amount: money(invoice.subtotal) }],
    subtotal: money(invoice.subtotal),
    // A credit note's tax is below nought, as its subtotal: the tax paid back.
    tax: invoice.tax !== 0 ? money(invoice.tax) : undefined,
    total: money(invoice.total),
    paid: t(credit ? "booking.creditNote.refunded" : "booking.invoice.paid", {
      date: day.format(paidAt),
    }),
  };
}

/** The routes' pattern of an invoice's kind (`:kind`), with or without `.pdf`. */
export const INVOICE_KIND = "(?:deposit|balance(?:-[2-4])?|refund)";

/** The booking and the invoice of the payment the address names, with its words; or a 404. */
async function invoiceFor(c: Context<AppEnv>) {
  const id = c.req.param("hold") ?? "";
  const kind = (c.req.param("kind") ?? "").replace(/\.pdf$/, "") as InvoiceKind;
  const booking = HOLD_ID.test(id) ? await d1Bookings(c.env.STORE_DB).get(id) : undefined;
  const invoice = booking && (await bookingInvoice(c, booking, kind));
  if (!booking || !invoice) throw pageNotFound(new URL(c.req.url).pathname);
  const i18n = await i18nFor(c);
  const paidAt = paymentOf(booking, kind)?.at;
  return { booking, invoice, i18n, words: invoiceText(i18n, invoice, booking.timeZone, paidAt) };
}

/** `GET /book/held/{id}/invoices/{deposit|balance|refund}`: the invoice as a page. */
export const invoicePage: Handler<AppEnv> = async (c) => {
  const { booking, invoice, words } = await invoiceFor(c);
  return page(c, {
    title: words.title,
    description: words.title,
    main: (
      <InvoiceView
        {...words}
        seller={invoice.seller}
        buyer={`${invoice.buyerName}\n${invoice.buyerEmail}`}
        pdf={await localPath(c, `/book/held/${booking.id}/invoices/${invoice.kind}.pdf`)}
        back={await localPath(c, `/book/held/${booking.id}`)}
      />
    ),
  });
};

/** `GET /book/held/{id}/invoices/{deposit|balance|refund}.pdf`: the same invoice as a PDF. */
export const invoicePdf: Handler<AppEnv> = async (c) => {
  const { invoice, i18n, words } = await invoiceFor(c);
  const text: PdfText = {
    title: words.title,
    text: [
      `${i18n.t("booking.invoice.from")}\n${invoice.seller}`,
      `${i18n.t("booking.invoice.to")}\n${invoice.buyerName}\n${invoice.buyerEmail}`,
      `${i18n.t("booking.invoice.date")}: ${words.date}`,
      ...words.lines.map((line) => `${line.description}: ${line.amount}`),
      [
        `${i18n.t("booking.invoice.subtotal")}: ${words.subtotal}`,
        ...(words.tax ? [`${i18n.t("booking.invoice.tax")}: ${words.tax}`] : []),
        `${i18n.t("booking.invoice.total")}: ${words.total}`,
      ].join("\n"),
    ].join("\n\n"),
    author: invoice.seller.split("\n")[0] ?? "",
    language: i18n.language,
    rtl: i18n.dir === "rtl",
    madeAt: new Date(invoice.issuedAt),
    closing: { heading: words.paid, lines: [] },
  };
  // pdf-lib and the font load only to make a PDF.
  const { textPdf } = await import("./text-pdf.ts");
  const pdf = await textPdf(text);
  return pdfDownload(pdf, `invoice-${invoiceNumber(invoice)}.pdf`);
};
