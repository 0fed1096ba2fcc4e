-- The mailbox each e-mail reaches (worker/lib/mail.ts, mailboxOf: no "+tag", no dots at Gmail),
-- so that the spellings of one mailbox share its limit of one a week. E-mails planned before
-- count by their address in lower case, as they did.
ALTER TABLE sales_mails ADD COLUMN mailbox TEXT;
UPDATE sales_mails SET mailbox = address;
CREATE INDEX sales_mails_mailbox ON sales_mails (kind, mailbox, due_at);
