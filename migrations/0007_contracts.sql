-- Signed contracts (docs/booking.md): one per booking (its id is the hold's), written the moment
-- the client signs, before the deposit. The PDF itself is in R2 (CONTRACTS, under `object`);
-- its SHA-256 here is checked each time it is served, so a file changed after signing is never
-- handed out as the signed one.
CREATE TABLE contracts (
  booking TEXT PRIMARY KEY,
  object TEXT NOT NULL,
  pdf_sha256 TEXT NOT NULL,
  -- The audit trail: the filled contract's text (its SHA-256), who typed which name, when, from
  -- which network address (an HMAC of it under the site's key, never the address) and browser.
  text_sha256 TEXT NOT NULL,
  signed_name TEXT NOT NULL,
  email TEXT NOT NULL,
  signed_at INTEGER NOT NULL,
  address_hash TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  language TEXT NOT NULL
);
