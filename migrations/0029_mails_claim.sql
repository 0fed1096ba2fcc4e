-- The attempt sending a paid order's e-mails (fulfil.ts), while it sends them: Queues deliver a
-- message at least once, and two deliveries of one order running at once each found the e-mails
-- unsent and sent them. A claim older than ten minutes is an attempt cut off, and lapses.
ALTER TABLE orders ADD COLUMN mails_claimed_at INTEGER;
