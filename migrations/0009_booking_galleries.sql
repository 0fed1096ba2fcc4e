-- The client gallery made for a booked shoot (docs/booking.md): its id, taken once, so the
-- gallery is made once whatever is repeated.
ALTER TABLE bookings ADD COLUMN gallery TEXT;
