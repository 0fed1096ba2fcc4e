-- The store's carts (docs/store.md). A cart is a random id, held by the visitor in a signed
-- cookie; its items name a photograph and a product of the catalogue, never a price (prices are
-- read from the catalogue at checkout). Carts untouched for 30 days are removed.
CREATE TABLE carts (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE cart_items (
  cart_id TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  -- The photograph: "post/{slug}/{key}" or "page/{slug}/{key}".
  photo TEXT NOT NULL,
  -- "print" or "licence", and the product's id in the catalogue.
  kind TEXT NOT NULL CHECK (kind IN ('print', 'licence')),
  product TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 10),
  added_at INTEGER NOT NULL,
  PRIMARY KEY (cart_id, photo, kind, product)
) STRICT;

CREATE INDEX carts_updated_at ON carts (updated_at);
