-- Disputes of a booking's payments (its deposit, a payment of its balance), each as Stripe says it
-- stands now (Stripe's charge.dispute.created and .closed, the dispute read again from Stripe):
-- open (the owner answers in Stripe before `answer_by`), won or lost. A decided dispute stays so.
CREATE TABLE booking_disputes (
  id TEXT PRIMARY KEY,
  booking TEXT NOT NULL,
  -- 0: the deposit; n: the balance's payment n (booking_instalments).
  payment INTEGER NOT NULL,
  -- What the bank took back, in the currency's smallest unit.
  amount INTEGER NOT NULL,
  standing TEXT NOT NULL,
  answer_by INTEGER
);
CREATE INDEX booking_disputes_booking ON booking_disputes (booking);
