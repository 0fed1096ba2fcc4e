import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { translator } from "../i18n/translator.ts";
import { invoiceText } from "./invoice-pages.tsx";
import { d1Invoices, type Invoice, invoiceNumber } from "./invoices.ts";

const draft = (booking: string, issuedAt: number): Omit<Invoice, "year" | "number"> => ({
  booking,
  kind: "deposit",
  issuedAt,
  currency: "eur",
  subtotal: 7500,
  tax: 0,
  total: 7500,
  description: "Deposit: Portrait session",
  buyerName: "Ana Ruiz",
  buyerEmail: "ana@example.com",
  seller: "Jane Doe Photography",
  language: "en",
});

describe("invoices", () => {
  it("are numbered per year without gaps, once per payment, whatever is repeated at once", async () => {
    const invoices = d1Invoices(env.STORE_DB);
    // A year no other test invoices in.
    const inYear = (year: number, day: number) => Date.UTC(year, 0, day, 12);
    const bookings = Array.from({ length: 12 }, () => crypto.randomUUID());
    // Each payment told three times, all at once (Stripe repeats its events).
    const issued = await Promise.all(
      [...bookings, ...bookings, ...bookings].map((booking, index) =>
        invoices.issue(draft(booking, inYear(2031, 1 + (index % 12))), "Europe/Madrid"),
      ),
    );
    const numbers = new Map(issued.map((invoice) => [invoice.booking, invoice.number]));
    expect([...numbers.values()].toSorted((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    for (const invoice of issued) expect(invoice.number).toBe(numbers.get(invoice.booking));
    // A new year starts at one.
    const next = await invoices.issue(draft(crypto.randomUUID(), inYear(2032, 1)), "Europe/Madrid");
    expect(invoiceNumber(next)).toBe("2032-0001");
    // Half past midnight on New Year's Day in Madrid is the new year's, though not yet in UTC.
    const newYear = Date.UTC(2032, 11, 31, 23, 30);
    const madrid = await invoices.issue(draft(crypto.randomUUID(), newYear), "Europe/Madrid");
    expect(invoiceNumber(madrid)).toBe("2033-0001");
    const utc = await invoices.issue(draft(crypto.randomUUID(), newYear), "UTC");
    expect(invoiceNumber(utc)).toBe("2032-0002");
    expect(invoiceNumber({ year: 2031, number: 12 })).toBe("2031-0012");
  });
});

describe("an invoice's words", () => {
  it("show its tax, and a credit note's tax paid back, as each charged it", () => {
    const words = (figures: Pick<Invoice, "kind" | "subtotal" | "tax" | "total">) =>
      invoiceText(
        translator("en"),
        { ...draft("b", Date.UTC(2031, 0, 1)), year: 2031, number: 1, ...figures },
        "UTC",
      );
    expect(words({ kind: "deposit", subtotal: 7_500, tax: 1_500, total: 9_000 }).tax).toBe(
      "€15.00",
    );
    expect(words({ kind: "refund", subtotal: -12_500, tax: -2_500, total: -15_000 }).tax).toBe(
      "-€25.00",
    );
    expect(words({ kind: "deposit", subtotal: 7_500, tax: 0, total: 7_500 }).tax).toBeUndefined();
  });
});
