-- When a paid order's message reached the fulfilment queue. Its claim (fulfilment_queued_at)
-- is taken before the send; a request cut off between the two left the claim for good, and the
-- paid order was never fulfilled. A claim not followed by this within minutes lapses, and the
-- five-minute Cron Trigger hands such orders over again. Every order handed over before this
-- column was sent.
ALTER TABLE orders ADD COLUMN fulfilment_sent_at INTEGER;
UPDATE orders SET fulfilment_sent_at = fulfilment_queued_at WHERE fulfilment_queued_at IS NOT NULL;
CREATE INDEX orders_not_handed_over ON orders (updated_at)
  WHERE status = 'paid' AND fulfilment_sent_at IS NULL;
