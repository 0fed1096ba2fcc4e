/**
 * A booking's invoices in D1 (migrations/0008_invoices.sql): one per payment, and a credit note
 * (kind "refund", its amounts below nought) for what a cancellation refunded, numbered per
 * calendar year without gaps ("2026-0007"). The number is taken and the invoice written in one
 * batch (a D1 transaction), and only when the booking has no invoice of that kind yet, so a
 * payment told twice (Stripe repeats its events) is invoiced once, and no number is skipped.
 */

/** A payment's: the deposit, the balance (its later instalments "balance-2" to "-4"), a refund. */
export type InvoiceKind = "deposit" | "balance" | `balance-${2 | 3 | 4}` | "refund";

export interface Invoice {
  booking: string;
  kind: InvoiceKind;
  year: number;
  number: number;
  issuedAt: number;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  description: string;
  buyerName: string;
  buyerEmail: string;
  seller: string;
  language: string;
}

/** "2026-0007": the year and the number within it. */
export const invoiceNumber = (invoice: Pick<Invoice, "year" | "number">) =>
  `${invoice.year}-${String(invoice.number).padStart(4, "0")}`;

type Row = Record<string, unknown>;

const invoiceOf = (row: Row): Invoice => ({
  booking: String(row.booking),
  kind: String(row.kind) as InvoiceKind,
  year: Number(row.year),
  number: Number(row.number),
  issuedAt: Number(row.issued_at),
  currency: String(row.currency),
  subtotal: Number(row.subtotal),
  tax: Number(row.tax),
  total: Number(row.total),
  description: String(row.description),
  buyerName: String(row.buyer_name),
  buyerEmail: String(row.buyer_email),
  seller: String(row.seller),
  language: String(row.language),
});

export function d1Invoices(db: D1Database) {
  const get = async (booking: string, kind: InvoiceKind): Promise<Invoice | undefined> => {
    const row = await db
      .prepare("SELECT * FROM invoices WHERE booking = ? AND kind = ?")
      .bind(booking, kind)
      .first<Row>();
    return row ? invoiceOf(row) : undefined;
  };
  return {
    get,
    /**
     * Issues the invoice of a payment, once: the one already issued when there is one. Its year
     * is the owner's (`timeZone`): a payment at half past midnight on New Year's Day in Madrid is
     * of the new year, though still the old one in UTC.
     */
    async issue(draft: Omit<Invoice, "year" | "number">, timeZone: string): Promise<Invoice> {
      const year = Number(
        new Intl.DateTimeFormat("en", { year: "numeric", timeZone }).format(draft.issuedAt),
      );
      const none = "NOT EXISTS (SELECT 1 FROM invoices WHERE booking = ? AND kind = ?)";
      await db.batch([
        db
          .prepare(
            "INSERT INTO invoice_numbers (year, last) VALUES (?, 0) ON CONFLICT (year) DO NOTHING",
          )
          .bind(year),
        db
          .prepare(`UPDATE invoice_numbers SET last = last + 1 WHERE year = ? AND ${none}`)
          .bind(year, draft.booking, draft.kind),
        db
          .prepare(
            `INSERT INTO invoices (booking, kind, year, number, issued_at, currency, subtotal, tax,
              total, description, buyer_name, buyer_email, seller, language)
            SELECT ?, ?, ?, last, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM invoice_numbers
            WHERE year = ? AND ${none}`,
          )
          .bind(
            draft.booking,
            draft.kind,
            year,
            draft.issuedAt,
            draft.currency,
            draft.subtotal,
            draft.tax,
            draft.total,
            draft.description,
            draft.buyerName,
            draft.buyerEmail,
            draft.seller,
            draft.language,
            year,
            draft.booking,
            draft.kind,
          ),
      ]);
      const issued = await get(draft.booking, draft.kind);
      if (!issued) throw new Error("The invoice was not written");
      return issued;
    },
  };
}

export type Invoices = ReturnType<typeof d1Invoices>;
