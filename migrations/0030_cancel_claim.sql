-- The delivery cancelling a booking, while it refunds and records (booking/cancel.ts): two at
-- once (Sanity's publish webhook again, for a copy the site wrote meanwhile) each reckoned the
-- refunds from what it saw paid, and together refunded more than the policy gives. A claim older
-- than ten minutes is a delivery cut off, and lapses.
ALTER TABLE bookings ADD COLUMN cancel_claimed_at INTEGER;
