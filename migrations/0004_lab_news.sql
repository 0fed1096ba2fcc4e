-- The lab's news (docs/store.md): where the lab's order stands, as its API says when it calls
-- back ("in production", "shipped", "cancelled"). Its tracking link goes in tracking_url, and
-- an order the lab had alone becomes shipped (shipped_at) or cancelled once.
ALTER TABLE orders ADD COLUMN lab_stage TEXT;
