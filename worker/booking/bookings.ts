/**
 * The bookings' record in D1 (migrations/0006_bookings.sql): one row per hold whose deposit was
 * asked for. Every change of status is a conditional UPDATE, so whatever Stripe repeats a
 * booking is paid once and refunded once.
 */
import type { DisputeStanding } from "../store/index.ts";
import type { Details } from "./details.ts";

export type BookingStatus = "awaiting_deposit" | "booked" | "refunded" | "cancelled";

/** Who cancelled: the client (refunded by the owner's policy) or the owner (in full). */
export type CancelledBy = "client" | "owner";

export interface Booking {
  id: string;
  session: string;
  sessionTitle: string;
  start: number;
  end: number;
  /** The time it keeps from others (with its buffers), and the owner's day it counts against. */
  blockStart: number;
  blockEnd: number;
  day: string;
  timeZone: string;
  details: Details;
  language: string;
  currency: string;
  price: number;
  deposit: number;
  /** What Stripe Tax added to the deposit and to the balance's payments so far (0: no tax). */
  depositTax: number;
  balanceTax: number;
  status: BookingStatus;
  checkout?: { session: string; url: string; expiresAt: number } | undefined;
  paymentIntent?: string | undefined;
  /** When its deposit was first asked for, and when paid (or refunded). */
  createdAt: number;
  paidAt?: number | undefined;
  /** The client gallery made for the shoot (its id). */
  gallery?: string | undefined;
  /** The client's time zone when they went to pay the deposit, where Cloudflare knew it. */
  clientZone?: string | undefined;
  /** How many payments the balance is made in (the session type's payment plan; 1: one). */
  plan: number;
  /** The Checkout Session open for the balance's next payment. */
  balanceCheckout?: { session: string; url: string; expiresAt: number } | undefined;
  /** The balance's payments so far, in order (`n` from 1). */
  balancePayments: BalancePayment[];
  /** When the balance was paid in full (its last payment). */
  balancePaidAt?: number | undefined;
  /** Once cancelled: by whom, when, and what was refunded (the currency's smallest unit). */
  cancelled?: { by: CancelledBy; at: number; refunded: number } | undefined;
  /** How many times the owner moved it (0: never), and when last. */
  moves: number;
  movedAt?: number | undefined;
  /** The disputes of its payments by the client's bank, the first opened first. */
  disputes: BookingDispute[];
  /** Why the client's bank refused a refund after Stripe sent it (migrations/0025). */
  refundFailed?: string | undefined;
}

/** A dispute of one of a booking's payments, as Stripe last said it stands. */
export interface BookingDispute {
  /** Stripe's (`dp_…`). */
  id: string;
  /** The payment disputed: 0 the deposit, n the balance's payment n. */
  payment: number;
  /** What the bank took back (the currency's smallest unit). */
  amount: number;
  standing: DisputeStanding;
  /** Until when the owner can answer it on Stripe, with evidence (while it is open). */
  answerBy?: number | undefined;
}

/** One payment of a booking's balance (the only one, or an instalment of its plan). */
export interface BalancePayment {
  n: number;
  paymentIntent?: string | undefined;
  tax: number;
  paidAt: number;
}

/** What a booking costs: its currency, price and deposit (the currency's smallest unit). */
export type Terms = Pick<Booking, "currency" | "price" | "deposit">;

/** Where a booking is in time: the session, the time it keeps with its buffers, its day. */
export type BookingTime = Pick<Booking, "start" | "end" | "blockStart" | "blockEnd" | "day">;

/** What is left to pay after the deposit (the smallest unit of the currency). */
export const balanceOf = (booking: Pick<Booking, "price" | "deposit">): number =>
  Math.max(0, booking.price - booking.deposit);

type Row = Record<string, unknown>;

/** A Checkout Session's columns (`checkout_…` or `balance_…`), where one was opened. */
const sessionOf = (row: Row, prefix: "checkout" | "balance") => {
  const [session, url] = [row[`${prefix}_session`], row[`${prefix}_url`]];
  return typeof session === "string" && typeof url === "string"
    ? { session, url, expiresAt: Number(row[`${prefix}_expires_at`]) }
    : undefined;
};

const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The disputes as the row's JSON (`SELECT_BOOKING`) lists them, the first opened first. */
const disputesOf = (row: Row): BookingDispute[] =>
  (JSON.parse(String(row.disputes ?? "[]")) as Row[]).map((each) => ({
    id: String(each.id),
    payment: Number(each.payment),
    amount: Number(each.amount),
    standing: String(each.standing) as DisputeStanding,
    answerBy: typeof each.answerBy === "number" ? each.answerBy : undefined,
  }));

/** The balance's payments as the row's JSON (`SELECT_BOOKING`) lists them, in order. */
function balancePaymentsOf(row: Row): BalancePayment[] {
  const listed = JSON.parse(String(row.balance_payments ?? "[]")) as Row[];
  return listed
    .map((each) => ({
      n: Number(each.n),
      paymentIntent: textOf(each.intent),
      tax: Number(each.tax ?? 0),
      paidAt: Number(each.paidAt),
    }))
    .sort((a, b) => a.n - b.n);
}

function bookingOf(row: Row): Booking {
  const plan = Math.max(1, Number(row.plan ?? 1));
  const payments = balancePaymentsOf(row);
  return {
    id: String(row.id),
    session: String(row.session),
    sessionTitle: String(row.session_title),
    start: Number(row.start),
    end: Number(row.end),
    blockStart: Number(row.block_start),
    blockEnd: Number(row.block_end),
    day: String(row.day),
    timeZone: String(row.time_zone),
    details: {
      name: String(row.name),
      email: String(row.email),
      answers: JSON.parse(String(row.answers)) as Record<string, string>,
    },
    language: String(row.language),
    currency: String(row.currency),
    price: Number(row.price),
    deposit: Number(row.deposit),
    depositTax: Number(row.deposit_tax ?? 0),
    balanceTax: payments.reduce((sum, each) => sum + each.tax, 0),
    status: String(row.status) as BookingStatus,
    checkout: sessionOf(row, "checkout"),
    paymentIntent: textOf(row.payment_intent),
    createdAt: Number(row.created_at),
    paidAt: typeof row.paid_at === "number" ? row.paid_at : undefined,
    gallery: textOf(row.gallery),
    clientZone: textOf(row.client_zone),
    plan,
    balanceCheckout: sessionOf(row, "balance"),
    balancePayments: payments,
    balancePaidAt: payments.length >= plan ? payments.at(-1)?.paidAt : undefined,
    cancelled:
      typeof row.cancelled_at === "number"
        ? {
            by: row.cancelled_by === "owner" ? "owner" : "client",
            at: row.cancelled_at,
            refunded: Number(row.refunded ?? 0),
          }
        : undefined,
    moves: Number(row.moves ?? 0),
    movedAt: typeof row.moved_at === "number" ? row.moved_at : undefined,
    disputes: disputesOf(row),
    refundFailed: textOf(row.refund_failed),
  };
}

/** A booking's row with its balance's payments (migrations/0014) and disputes (0023) as lists. */
const SELECT_BOOKING = `SELECT *, (SELECT json_group_array(json_object('n', n, 'intent',
  payment_intent, 'tax', tax, 'paidAt', paid_at)) FROM booking_instalments
  WHERE booking_instalments.booking = bookings.id) AS balance_payments,
  (SELECT json_group_array(json_object('id', id, 'payment', payment, 'amount', amount,
  'standing', standing, 'answerBy', answer_by)) FROM (SELECT * FROM booking_disputes
  WHERE booking_disputes.booking = bookings.id ORDER BY rowid)) AS disputes FROM bookings`;

export function d1Bookings(db: D1Database) {
  return {
    async get(id: string): Promise<Booking | undefined> {
      const row = await db.prepare(`${SELECT_BOOKING} WHERE id = ?`).bind(id).first<Row>();
      return row ? bookingOf(row) : undefined;
    },
    /** Every booked session that ends after `since`, in time order (the owner's feed). */
    async booked(since: number): Promise<Booking[]> {
      const { results } = await db
        .prepare(`${SELECT_BOOKING} WHERE status = 'booked' AND end > ? ORDER BY start`)
        .bind(since)
        .all<Row>();
      return results.map(bookingOf);
    },
    /** Records a booking asked to pay its deposit; one already recorded is kept as it is. */
    async open(
      booking: Omit<
        Booking,
        | "status"
        | "createdAt"
        | "depositTax"
        | "balanceTax"
        | "balancePayments"
        | "moves"
        | "disputes"
      >,
      now = Date.now(),
    ): Promise<void> {
      await db
        .prepare(
          `INSERT INTO bookings (id, session, session_title, start, end, block_start, block_end, day,
            time_zone, name, email, answers, language, currency, price, deposit, status, created_at,
            client_zone, plan)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'awaiting_deposit', ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email,
            answers = excluded.answers, language = excluded.language
          WHERE bookings.status = 'awaiting_deposit'`,
        )
        .bind(
          booking.id,
          booking.session,
          booking.sessionTitle,
          booking.start,
          booking.end,
          booking.blockStart,
          booking.blockEnd,
          booking.day,
          booking.timeZone,
          booking.details.name,
          booking.details.email,
          JSON.stringify(booking.details.answers),
          booking.language,
          booking.currency,
          booking.price,
          booking.deposit,
          now,
          booking.clientZone ?? null,
          booking.plan,
        )
        .run();
    },
    async setCheckout(id: string, checkout: NonNullable<Booking["checkout"]>): Promise<void> {
      await db
        .prepare(
          "UPDATE bookings SET checkout_session = ?, checkout_url = ?, checkout_expires_at = ? WHERE id = ? AND status = 'awaiting_deposit'",
        )
        .bind(checkout.session, checkout.url, checkout.expiresAt, id)
        .run();
    },
    /** The deposit paid (with the tax Stripe added): true the one time it becomes so. */
    async markPaid(id: string, paymentIntent: string | null, tax = 0, now = Date.now()) {
      const result = await db
        .prepare(
          "UPDATE bookings SET status = 'booked', payment_intent = ?, deposit_tax = ?, paid_at = ? WHERE id = ? AND status = 'awaiting_deposit'",
        )
        .bind(paymentIntent, tax, now, id)
        .run();
      return result.meta.changes === 1;
    },
    /** The gallery of a booked shoot: `gallery` the first time, the one taken before after. */
    async keepGallery(id: string, gallery: string): Promise<string | undefined> {
      await db
        .prepare(
          "UPDATE bookings SET gallery = ? WHERE id = ? AND status = 'booked' AND gallery IS NULL",
        )
        .bind(gallery, id)
        .run();
      const row = await db
        .prepare("SELECT gallery FROM bookings WHERE id = ?")
        .bind(id)
        .first<Row>();
      return typeof row?.gallery === "string" ? row.gallery : undefined;
    },
    async setBalanceCheckout(
      id: string,
      checkout: NonNullable<Booking["balanceCheckout"]>,
    ): Promise<void> {
      await db
        .prepare(
          "UPDATE bookings SET balance_session = ?, balance_url = ?, balance_expires_at = ? WHERE id = ? AND status = 'booked'",
        )
        .bind(checkout.session, checkout.url, checkout.expiresAt, id)
        .run();
    },
    /**
     * The balance's payment `n` made through Checkout Session `session` (with the tax Stripe
     * added): true the one time it becomes so; no page kept for it is opened again.
     */
    async markBalancePaid(
      id: string,
      n: number,
      session: string,
      paymentIntent: string | null,
      tax = 0,
      now = Date.now(),
    ) {
      const [recorded] = await db.batch([
        db
          .prepare(
            "INSERT OR IGNORE INTO booking_instalments (booking, n, payment_intent, tax, paid_at) SELECT id, ?, ?, ?, ? FROM bookings WHERE id = ? AND status = 'booked'",
          )
          .bind(n, paymentIntent, tax, now, id),
        // The page kept for the balance is done with: this one, or (this payment just recorded)
        // any other, made for this payment from another tab. Kept, it would be offered for the
        // next payment and charge this one's amount again.
        db
          .prepare(
            `UPDATE bookings SET balance_session = NULL, balance_url = NULL, balance_expires_at = NULL
             WHERE id = ?1 AND (balance_session = ?2 OR
               (SELECT paid_at FROM booking_instalments WHERE booking = ?1 AND n = ?3) = ?4)`,
          )
          .bind(id, session, n, now),
      ]);
      return recorded?.meta.changes === 1;
    },
    /**
     * A booked session cancelled, with what was refunded: true the one time it becomes so, while
     * its balance's payments are still the `payments` the refund was reckoned from.
     */
    /**
     * Claims a booked session's cancellation for one delivery: false while another holds it
     * (given back with `releaseCancel`, or lapsed after ten minutes).
     */
    async claimCancel(id: string, now = Date.now()) {
      const result = await db
        .prepare(
          `UPDATE bookings SET cancel_claimed_at = ?2 WHERE id = ?1 AND status = 'booked'
             AND (cancel_claimed_at IS NULL OR cancel_claimed_at <= ?2 - ?3)`,
        )
        .bind(id, now, 10 * 60_000)
        .run();
      return result.meta.changes === 1;
    },
    async releaseCancel(id: string) {
      await db.prepare("UPDATE bookings SET cancel_claimed_at = NULL WHERE id = ?").bind(id).run();
    },
    async markCancelled(
      id: string,
      cancelled: NonNullable<Booking["cancelled"]>,
      payments: number,
    ) {
      const result = await db
        .prepare(
          `UPDATE bookings SET status = 'cancelled', cancelled_by = ?, cancelled_at = ?, refunded = ?
           WHERE id = ? AND status = 'booked'
             AND (SELECT COUNT(*) FROM booking_instalments WHERE booking = bookings.id) = ?`,
        )
        .bind(cancelled.by, cancelled.at, cancelled.refunded, id, payments)
        .run();
      return result.meta.changes === 1;
    },
    /** A booked session moved from `from` (its start) to `to`: true the one time it is so. */
    async markMoved(id: string, from: number, to: BookingTime, now = Date.now()) {
      const result = await db
        .prepare(
          "UPDATE bookings SET start = ?, end = ?, block_start = ?, block_end = ?, day = ?, moves = moves + 1, moved_at = ? WHERE id = ? AND status = 'booked' AND start = ?",
        )
        .bind(to.start, to.end, to.blockStart, to.blockEnd, to.day, now, id, from)
        .run();
      return result.meta.changes === 1;
    },
    /**
     * The booking a payment (its PaymentIntent; none: no booking) paid for, and which payment it
     * was (0: the deposit; n: the balance's).
     */
    async paidBy(
      paymentIntent: string | null,
    ): Promise<{ booking: string; payment: number } | undefined> {
      if (!paymentIntent) return undefined;
      const row = await db
        .prepare(
          `SELECT id AS booking, 0 AS payment FROM bookings WHERE payment_intent = ?1
           UNION ALL SELECT booking, n FROM booking_instalments WHERE payment_intent = ?1 LIMIT 1`,
        )
        .bind(paymentIntent)
        .first<Row>();
      return row ? { booking: String(row.booking), payment: Number(row.payment) } : undefined;
    },
    /**
     * A dispute of one of the booking's payments as it stands now: true when that changed what
     * was recorded. A decided dispute stays decided, whatever older news comes after.
     */
    async recordDispute(booking: string, dispute: BookingDispute): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT INTO booking_disputes (id, booking, payment, amount, standing, answer_by)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET amount = excluded.amount, standing = excluded.standing,
             answer_by = excluded.answer_by
           WHERE booking_disputes.standing = 'open' AND excluded.standing != 'open'`,
        )
        .bind(
          dispute.id,
          booking,
          dispute.payment,
          dispute.amount,
          dispute.standing,
          dispute.answerBy ?? null,
        )
        .run();
      return result.meta.changes === 1;
    },
    /** A refund of one of its payments refused by the client's bank, for Stripe's `reason`. */
    async markRefundFailed(id: string, reason: string): Promise<void> {
      await db.prepare("UPDATE bookings SET refund_failed = ? WHERE id = ?").bind(reason, id).run();
    },
    /** A deposit paid for a time that was taken meanwhile: refunded (true the one time). */
    async markRefunded(id: string, paymentIntent: string, now = Date.now()): Promise<boolean> {
      const result = await db
        .prepare(
          "UPDATE bookings SET status = 'refunded', payment_intent = ?, paid_at = ? WHERE id = ? AND status = 'awaiting_deposit'",
        )
        .bind(paymentIntent, now, id)
        .run();
      return result.meta.changes === 1;
    },
  };
}

export type Bookings = ReturnType<typeof d1Bookings>;
