-- Invoices (docs/booking.md): one per payment of a booking, numbered per calendar year without
-- gaps. `invoice_numbers` holds each year's last number; an invoice and its number are written
-- in one transaction, so no number is skipped or given twice, whatever is repeated.
CREATE TABLE invoice_numbers (
  year INTEGER PRIMARY KEY,
  last INTEGER NOT NULL
);
CREATE TABLE invoices (
  -- The booking's id and what the payment was ("deposit").
  booking TEXT NOT NULL,
  kind TEXT NOT NULL,
  year INTEGER NOT NULL,
  number INTEGER NOT NULL,
  issued_at INTEGER NOT NULL,
  -- In the currency's smallest unit, as Stripe charged them.
  currency TEXT NOT NULL,
  subtotal INTEGER NOT NULL,
  tax INTEGER NOT NULL,
  total INTEGER NOT NULL,
  -- What was paid for, who paid, and who was paid, as they were when the invoice was issued.
  description TEXT NOT NULL,
  buyer_name TEXT NOT NULL,
  buyer_email TEXT NOT NULL,
  seller TEXT NOT NULL,
  language TEXT NOT NULL,
  PRIMARY KEY (booking, kind),
  UNIQUE (year, number)
);
