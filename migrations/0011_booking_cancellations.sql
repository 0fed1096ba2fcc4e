-- A booking cancelled (docs/booking.md, "Cancelling"): by whom ("client": refunded by the
-- cancellation policy; "owner": in full), when, and how much was refunded through Stripe.
ALTER TABLE bookings ADD COLUMN cancelled_by TEXT;
ALTER TABLE bookings ADD COLUMN cancelled_at INTEGER;
ALTER TABLE bookings ADD COLUMN refunded INTEGER;
