-- The e-mails that bring buyers back (docs/store.md, "E-mails that bring buyers back"): each one
-- planned once per kind, occasion and address, whatever is retried, sent by the Cron Trigger
-- when it is due and the recipient's clock says it is a sensible hour.
CREATE TABLE sales_mails (
  -- Random and unguessable: the e-mail's click and unsubscribe links carry it.
  id TEXT PRIMARY KEY,
  -- 'cart': a checkout left unpaid.
  kind TEXT NOT NULL,
  -- What it is about (for 'cart', the cart; a gallery's e-mails, the gallery), so one address gets one per occasion.
  occasion TEXT NOT NULL,
  address TEXT NOT NULL,
  language TEXT NOT NULL,
  -- The recipient's IANA time zone, as Cloudflare placed them; NULL when unknown (UTC then).
  time_zone TEXT,
  -- The site's origin the links lead to.
  origin TEXT NOT NULL,
  due_at INTEGER NOT NULL,
  -- JSON: what the e-mail says, as its kind writes it.
  data TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('due', 'sending', 'sent', 'skipped', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- JSON: the site paths its links lead to, in order (the click redirect's targets).
  links TEXT,
  sent_at INTEGER,
  clicks INTEGER NOT NULL DEFAULT 0,
  last_click_at INTEGER,
  UNIQUE (kind, occasion, address)
) STRICT;
CREATE INDEX sales_mails_due ON sales_mails (status, due_at);
CREATE INDEX sales_mails_address ON sales_mails (address, last_click_at);

-- Addresses that asked for no more of these e-mails, as the SHA-256 of the address in lowercase:
-- the list needs to recognise an address, never to read one.
CREATE TABLE unsubscribed (
  address_hash TEXT PRIMARY KEY,
  at INTEGER NOT NULL
) STRICT;

-- A paid order credited to the e-mail whose link its buyer followed in the 7 days before.
CREATE TABLE sales_mail_orders (
  order_id TEXT PRIMARY KEY,
  mail_id TEXT NOT NULL REFERENCES sales_mails (id),
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  at INTEGER NOT NULL
) STRICT;

-- The discount Stripe took off an order (a promotion code), known once paid.
ALTER TABLE orders ADD COLUMN discount INTEGER;
-- The discount code the cart takes to checkout (its text): typed on the cart page, or from an e-mail's link.
ALTER TABLE carts ADD COLUMN promotion_code TEXT;
