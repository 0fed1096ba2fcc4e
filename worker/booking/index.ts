/**
 * Booking (docs/booking.md): so far the owner's calendar, the Durable Object that decides every
 * hold, and the free slots it computes; its pages come next.
 */
export { BookingCalendar } from "./calendar.ts";
