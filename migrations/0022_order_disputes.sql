-- When the buyer's bank opened a dispute of the order's payment (Stripe's charge.dispute.created):
-- while it is set, nothing more is delivered (licence files, prints not yet at the lab). A dispute
-- won clears it; one lost keeps it, and the order is closed as refunded.
ALTER TABLE orders ADD COLUMN disputed_at INTEGER;
