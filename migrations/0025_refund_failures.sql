-- A refund the buyer's (or client's) bank refused after Stripe had sent it (Stripe's
-- refund.failed): Stripe's reason ("expired_or_canceled_card", …). The money is back with the
-- owner and the buyer has none of it: the Studio's copy says so, for the owner to refund another
-- way. An order stays refunded (nothing is delivered); a booking stays as it was.
ALTER TABLE orders ADD COLUMN refund_failed TEXT;
ALTER TABLE bookings ADD COLUMN refund_failed TEXT;
