-- What a signed contract promised (docs/booking.md, "Signing"): its text as the client read it,
-- and its amounts in the currency's smallest unit. The deposit charged and the price the balance
-- is reckoned from are these, and the held page shows this text, whatever the owner changes in
-- the offer after the signature. Empty for contracts signed before they were kept.
ALTER TABLE contracts ADD COLUMN text TEXT;
ALTER TABLE contracts ADD COLUMN currency TEXT;
ALTER TABLE contracts ADD COLUMN price INTEGER;
ALTER TABLE contracts ADD COLUMN deposit INTEGER;
