-- The shipping the buyer chose and paid for (docs/store.md), recorded before the prints are handed
-- on: JSON, the Store's rate's id (which names the lab's method: "express") and the name the buyer
-- saw. Read from Stripe's Checkout Session, whose rates the checkout makes with that id in their
-- metadata; the id is null for a session made before it did.
ALTER TABLE orders ADD COLUMN shipping_rate TEXT;
