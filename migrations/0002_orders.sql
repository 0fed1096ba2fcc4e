-- The store's orders (docs/store.md): the record of every sale. The Studio's order documents are
-- the owner's copy of these rows. An order is made at checkout ("open"), before the buyer pays on
-- Stripe, with its lines priced from the catalogue then; Stripe's events move it on.
CREATE TABLE orders (
  -- Random and unguessable: the order page's address (/order/{id}).
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL CHECK (
    status IN ('open', 'awaiting_payment', 'paid', 'payment_failed', 'expired', 'refunded')
  ),
  currency TEXT NOT NULL,
  -- Amounts in the currency's smallest unit. The subtotal is the lines'; the total, shipping
  -- and tax are what Stripe charged (known once paid).
  subtotal INTEGER NOT NULL,
  shipping INTEGER,
  tax INTEGER,
  total INTEGER,
  has_prints INTEGER NOT NULL,
  checkout_session TEXT UNIQUE,
  payment_intent TEXT,
  email TEXT,
  name TEXT,
  -- JSON: Stripe's shipping details (name, address), for prints.
  shipping_address TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  paid_at INTEGER,
  -- When the paid order was handed to the fulfilment queue (once).
  fulfilment_queued_at INTEGER
) STRICT;

CREATE TABLE order_items (
  order_id TEXT NOT NULL REFERENCES orders (id),
  line INTEGER NOT NULL,
  photo TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('print', 'licence')),
  product TEXT NOT NULL,
  -- What was sold, as the catalogue and the photograph said at checkout.
  product_name TEXT NOT NULL,
  photo_title TEXT NOT NULL,
  unit_amount INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 10),
  -- 'lab' or 'owner' for a print, 'download' for a licence.
  fulfilment TEXT NOT NULL CHECK (fulfilment IN ('lab', 'owner', 'download')),
  lab_sku TEXT,
  -- JSON: what the fulfilment needs later (the asset, its crop, a licence's size and terms).
  details TEXT NOT NULL,
  PRIMARY KEY (order_id, line)
) STRICT;

-- Every Stripe event applied, by its id: an event Stripe sends again is recognised and changes
-- nothing the second time.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  order_id TEXT,
  received_at INTEGER NOT NULL
) STRICT;
