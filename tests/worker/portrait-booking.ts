// A booking of the demo's portrait session (€250, a €75 deposit) for Ana Ruiz, as the booking
// module tests need one: booked, at `start`, unless `more` says otherwise.
import type { Booking } from "../../worker/booking/bookings.ts";

const HOUR = 3_600_000;

export const portraitBooking = (start: number, more: Partial<Booking> = {}): Booking => ({
  id: crypto.randomUUID(),
  session: "portrait",
  sessionTitle: "Portrait session",
  start,
  end: start + HOUR,
  blockStart: start - HOUR / 2,
  blockEnd: start + 1.5 * HOUR,
  day: new Date(start).toISOString().slice(0, 10),
  timeZone: "Europe/Madrid",
  details: { name: "Ana Ruiz", email: "ana@example.com", answers: {} },
  language: "en",
  currency: "eur",
  price: 25_000,
  deposit: 7_500,
  depositTax: 0,
  balanceTax: 0,
  status: "booked",
  createdAt: start - 30 * 24 * HOUR,
  moves: 0,
  plan: 1,
  balancePayments: [],
  disputes: [],
  ...more,
});
