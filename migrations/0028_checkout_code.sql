-- The discount code a cart's checkout under way was made with. When that order is paid, or its
-- bank transfer is on its way and the cart changed, its lines leave the cart, and its code with
-- them only if it is this one: a code typed since (for what was added meanwhile) stays. Before,
-- the code went whatever it was, so a code typed with the next checkout was dropped from it.
ALTER TABLE carts ADD COLUMN checkout_code TEXT;
UPDATE carts SET checkout_code = promotion_code WHERE checkout_order IS NOT NULL;
