-- Stripe Tax on a booking's payments (docs/booking.md, "Tax"): what Stripe added to the deposit
-- and to the balance, in the currency's smallest unit; 0 where the Store charges no tax.
ALTER TABLE bookings ADD COLUMN deposit_tax INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN balance_tax INTEGER NOT NULL DEFAULT 0;
