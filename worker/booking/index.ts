import { Hono } from "hono";
import { csrf } from "hono/csrf";
import type { AppEnv } from "../request/app-env.ts";
import { contractFile, signContract } from "./contract-pages.tsx";
import { ownerFeed } from "./feed.ts";
import { INVOICE_KIND, invoicePage, invoicePdf } from "./invoice-pages.tsx";
import {
  heldPage,
  holdSlot,
  keepDetails,
  payBalance,
  payDeposit,
  sessionsPage,
  slotsPage,
} from "./pages.tsx";

/**
 * Booking (docs/booking.md): the owner's calendar, the Durable Object that decides every hold,
 * the free slots it computes, and `/book`, where a client chooses a kind of session and holds
 * a time. Every answer is one visitor's and one moment's: the private app serves it.
 */
export { scheduledBusyRead } from "./busy-feed.ts";
export { BookingCalendar } from "./calendar.ts";
export { BookingLife } from "./life.ts";

const SESSION = ":session{[a-z0-9]+(?:-[a-z0-9]+)*}";

export const booking = new Hono<AppEnv>()
  // The hold form posts only from the site's own pages (a bare 403 otherwise).
  .use("/book/*", csrf())
  .get("/book", sessionsPage)
  .get("/book/held/:hold", heldPage)
  .get("/book/held/:hold/contract.pdf", contractFile)
  .get(`/book/held/:hold/invoices/:kind{${INVOICE_KIND}\\.pdf}`, invoicePdf)
  .get(`/book/held/:hold/invoices/:kind{${INVOICE_KIND}}`, invoicePage)
  .get("/book/calendar/:file{[A-Za-z0-9_-]{43}\\.ics}", ownerFeed)
  .post("/book/held/:hold", keepDetails)
  .post("/book/held/:hold/pay", payDeposit)
  .post("/book/held/:hold/balance", payBalance)
  .post("/book/held/:hold/sign", signContract)
  .get(`/book/${SESSION}`, slotsPage)
  .post(`/book/${SESSION}/hold`, holdSlot);

/** What the store's Stripe webhook hands over: the events of bookings' Checkout Sessions. */
export { bookingPayments } from "./payment-events.ts";
/** What the publish webhook hands over: a change to a booking's copy in the Studio. */
export { bookingCopyChanged, bookingCopyOf, pendingCancellations } from "./studio-requests.ts";
