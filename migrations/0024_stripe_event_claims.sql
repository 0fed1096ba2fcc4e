-- A Stripe event is claimed while it is applied (received_at: when) and recorded once applied
-- (applied_at). A claim never finished (the request was cut off: Stripe gave up waiting and its
-- delivery ended the worker's) lapses, and Stripe's next delivery applies the event again. The
-- events recorded before this were all applied.
ALTER TABLE stripe_events ADD COLUMN applied_at INTEGER;
UPDATE stripe_events SET applied_at = received_at;
