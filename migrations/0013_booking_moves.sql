-- A booked session moved to another time by the owner (docs/booking.md, "Moving"): how many times
-- (the invitation's SEQUENCE, so calendars replace it; and the name of the reminders' Workflow
-- instance, which is planned again for each time), and when it last was.
ALTER TABLE bookings ADD COLUMN moves INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN moved_at INTEGER;
