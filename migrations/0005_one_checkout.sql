-- One cart, one checkout (docs/store.md): the order of the cart's checkout under way, and when it
-- was claimed. A checkout claims it with a conditional UPDATE (only while it is empty), so of two
-- checkouts of one cart at once only one makes an order and a Checkout Session; the claim is let
-- go when that session has expired (or was never made).
ALTER TABLE carts ADD COLUMN checkout_order TEXT;
ALTER TABLE carts ADD COLUMN checkout_at INTEGER;
