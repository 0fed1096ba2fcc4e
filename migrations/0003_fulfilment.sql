-- Fulfilment (docs/store.md): what happens to a paid order, step by step, each recorded once so
-- that a retried queue message repeats none of them.
ALTER TABLE orders ADD COLUMN fulfilment_state TEXT;
-- The lab's order (Prodigi's ord_…), once it took the prints.
ALTER TABLE orders ADD COLUMN lab_order TEXT;
-- The last thing that went wrong handing the order on (the lab's refusal, an unreachable lab).
ALTER TABLE orders ADD COLUMN fulfilment_error TEXT;
-- The owner's copy in the Studio, and the e-mails to the owner and the buyer.
ALTER TABLE orders ADD COLUMN studio_written_at INTEGER;
ALTER TABLE orders ADD COLUMN owner_mailed_at INTEGER;
ALTER TABLE orders ADD COLUMN buyer_mailed_at INTEGER;
-- Where the fulfilment message was parked for the owner after every retry failed.
ALTER TABLE orders ADD COLUMN parked_at INTEGER;
-- Shipping news (from the lab's callbacks, or the owner's "mark shipped").
ALTER TABLE orders ADD COLUMN shipped_at INTEGER;
ALTER TABLE orders ADD COLUMN tracking_url TEXT;
-- Where the order's links point (the site's origin when it was paid).
ALTER TABLE orders ADD COLUMN origin TEXT;
