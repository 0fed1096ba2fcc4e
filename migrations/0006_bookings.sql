-- Bookings (docs/booking.md): the record of each booking whose deposit was asked for, from the
-- client's hold (its id is the hold's) to the deposit paid, or refunded when the time was taken
-- in the meantime. The calendar's Durable Object decides who holds a time; this is what was
-- booked, by whom, for how much.
CREATE TABLE bookings (
  id TEXT PRIMARY KEY,
  session TEXT NOT NULL,
  session_title TEXT NOT NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  -- The time it keeps from others (with the session's buffers) and the owner's day it is on.
  block_start INTEGER NOT NULL,
  block_end INTEGER NOT NULL,
  day TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  -- The client's answers to the session type's questions, as JSON: { "who": "Me and Lola" }.
  answers TEXT NOT NULL,
  language TEXT NOT NULL,
  currency TEXT NOT NULL,
  -- In the currency's smallest unit, as Stripe counts.
  price INTEGER NOT NULL,
  deposit INTEGER NOT NULL,
  -- awaiting_deposit → booked, or → refunded (paid after the hold lapsed, for a time taken meanwhile).
  status TEXT NOT NULL,
  checkout_session TEXT,
  checkout_url TEXT,
  checkout_expires_at INTEGER,
  payment_intent TEXT,
  created_at INTEGER NOT NULL,
  paid_at INTEGER
);
CREATE INDEX bookings_by_start ON bookings (start);
