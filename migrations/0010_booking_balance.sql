-- The balance of a booking (docs/booking.md): the Checkout Session that asks for it (one at a
-- time, reused while open), and its payment, recorded once.
ALTER TABLE bookings ADD COLUMN balance_session TEXT;
ALTER TABLE bookings ADD COLUMN balance_url TEXT;
ALTER TABLE bookings ADD COLUMN balance_expires_at INTEGER;
ALTER TABLE bookings ADD COLUMN balance_intent TEXT;
ALTER TABLE bookings ADD COLUMN balance_paid_at INTEGER;
-- The client's time zone as Cloudflare placed them when they went to pay (`request.cf`), so
-- their reminders come at a sensible hour of their day; none where it was not known.
ALTER TABLE bookings ADD COLUMN client_zone TEXT;
