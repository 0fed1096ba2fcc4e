-- A payment plan (docs/booking.md, "The balance"): the balance in the instalments the session type
-- allows (`plan`; 1: one payment), each payment of it a row here, recorded once (its number `n`,
-- from 1). The balance's single payment (migrations/0010, 0012) moves here as the first.
ALTER TABLE bookings ADD COLUMN plan INTEGER NOT NULL DEFAULT 1;
CREATE TABLE booking_instalments (
  booking TEXT NOT NULL,
  n INTEGER NOT NULL,
  payment_intent TEXT,
  -- What Stripe Tax added, in the currency's smallest unit.
  tax INTEGER NOT NULL DEFAULT 0,
  paid_at INTEGER NOT NULL,
  PRIMARY KEY (booking, n)
);
INSERT INTO booking_instalments (booking, n, payment_intent, tax, paid_at)
  SELECT id, 1, balance_intent, balance_tax, balance_paid_at FROM bookings
  WHERE balance_paid_at IS NOT NULL;
ALTER TABLE bookings DROP COLUMN balance_intent;
ALTER TABLE bookings DROP COLUMN balance_tax;
ALTER TABLE bookings DROP COLUMN balance_paid_at;
