-- When fulfilment found every line of a paid order still for sale (the first thing it does once
-- the money is in). A licence's file is offered only from then on: before, the order page offered
-- it as soon as the order was paid, and a photograph the owner withdrew meanwhile could be
-- downloaded before the check refunded the order. Orders paid before this column were checked as
-- they were handed on.
ALTER TABLE orders ADD COLUMN sale_checked_at INTEGER;
UPDATE orders SET sale_checked_at = COALESCE(paid_at, updated_at)
  WHERE paid_at IS NOT NULL AND COALESCE(fulfilment_state, '') NOT IN ('refunding', 'withdrawn');
