/**
 * `/book` (docs/booking.md): the owner's kinds of session, a kind's free times, and holding
 * one. Every answer here is one moment's (the free times change with each hold), so none is
 * kept by any cache; a hold is decided by the calendar's Durable Object alone (calendar.ts).
 */
import type { Context, Handler } from "hono";
import { phrase } from "../../shared/i18n/messages.ts";
import { storeIsOn } from "../config/config.ts";
import { PageError, pageNotFound } from "../errors/page-error.ts";
import { askTurnstile, checkStamp, issueStamp, MIN_FILL_MS } from "../inquiries/index.ts";
import { errorText, log } from "../lib/log.ts";
import { sha256Hex } from "../lib/signing.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, i18nFor, localPath } from "../request/context.ts";
import { keyedVisitor, LIMIT_PERIOD_SECONDS, visitorKey } from "../request/visitor-key.ts";
import { formatAmount, formOf, stripeClient } from "../store/index.ts";
import {
  BookedView,
  type ContractState,
  type DetailsFormState,
  HeldView,
  SessionList,
  SlotPicker,
} from "./BookingViews.tsx";
import { balanceBackFromStripe, startBalance } from "./balance.ts";
import { bookingInvoice } from "./booking-invoice.ts";
import { type Booking, balanceOf, d1Bookings } from "./bookings.ts";
import { busyReadDue, readBusyFeed } from "./busy-feed.ts";
import { CALENDAR } from "./calendar.ts";
import { contractReady, contractText } from "./contract-facts.ts";
import { contractRecords } from "./contracts.ts";
import { applyDepositSession, offerUnits, startDeposit, termsOf } from "./deposit.ts";
import { answerField, checkDetails, MAX_ANSWER } from "./details.ts";
import { balanceKind, instalmentOfKind, instalmentsOf, nextInstalment } from "./instalments.ts";
import { invoiceNumber } from "./invoices.ts";
import { type Offer, offerOf, type SessionType } from "./offer.ts";
import { afterBalance, afterDeposit } from "./settled.ts";
import type { Slot } from "./slots.ts";
import { placedZone, visitorClock, visitorZone } from "./visitor-clock.ts";

/**
 * One visitor's, one moment's: kept by nobody, never indexed, and said to vary with more than
 * the request (the free times change with every hold, and each page's form is stamped with the
 * moment it was made).
 */
export const BOOKING_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  Vary: "*",
} as const;

/** A booking's PDF (its contract, an invoice) as a download, kept by no cache. */
export const pdfDownload = (pdf: Uint8Array<ArrayBuffer>, filename: string) =>
  new Response(pdf, {
    headers: {
      ...BOOKING_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(pdf.byteLength),
    },
  });

export const calendarOf = (c: Context<AppEnv>) =>
  c.env.BOOKING_CALENDAR.get(c.env.BOOKING_CALENDAR.idFromName(CALENDAR));

/**
 * The owner's offer, or a 404: with no hours or no session type there is no `/book`. A session
 * type whose contract names a licence the Store does not have is not offered (its contract could
 * not be made).
 */
export async function offerFor(c: Context<AppEnv>): Promise<Offer> {
  const offer = offerOf(await contentFor(c).booking());
  if (!offer) throw pageNotFound(new URL(c.req.url).pathname);
  const ready = await Promise.all(offer.sessions.map((session) => contractReady(c, session)));
  const sessions = offer.sessions.filter((session, index) => {
    if (!ready[index]) {
      log.warn("A session type's contract names {licence}, but not a licence of the Store", {
        session: session.slug,
      });
    }
    return ready[index];
  });
  if (sessions.length === 0) throw pageNotFound(new URL(c.req.url).pathname);
  return { ...offer, sessions };
}

function sessionFor(c: Context<AppEnv>, offer: Offer): SessionType {
  const session = offer.sessions.find((each) => each.slug === c.req.param("session"));
  if (!session) throw pageNotFound(new URL(c.req.url).pathname);
  return session;
}

type PageStatus = 200 | 400 | 409 | 422 | 429 | 503;

export async function page(
  c: Context<AppEnv>,
  view: Parameters<typeof renderHtml>[2],
  status: PageStatus = 200,
) {
  const res = await renderHtml(c, await loadLayout(c, { backdrop: false }), view);
  for (const [name, value] of Object.entries(BOOKING_HEADERS)) res.headers.set(name, value);
  return status === 200 ? res : new Response(res.body, { status, headers: res.headers });
}

const amount = (value: number, offer: Offer, locale: string) =>
  formatAmount(offerUnits(value, offer.currency), offer.currency, locale);

/** `GET /book`. */
export const sessionsPage: Handler<AppEnv> = async (c) => {
  const offer = await offerFor(c);
  const i18n = await i18nFor(c);
  const sessions = await Promise.all(
    offer.sessions.map(async (session) => ({
      path: await localPath(c, `/book/${session.slug}`),
      title: session.title,
      description: session.description,
      lang: session.lang,
      minutes: session.shape.durationMinutes,
      price: amount(session.price, offer, i18n.locale),
      deposit: amount(session.deposit, offer, i18n.locale),
    })),
  );
  return page(c, {
    title: i18n.t("booking.title"),
    description: i18n.t("booking.intro"),
    main: <SessionList sessions={sessions} />,
  });
};

/** The free times of `session` now, as the calendar counts them with the owner's busy times. */
async function freeNow(c: Context<AppEnv>, offer: Offer, session: SessionType): Promise<Slot[]> {
  const calendar = calendarOf(c);
  const zone = offer.hours.timeZone;
  const free = await calendar.slots(offer.hours, session.shape);
  const due = busyReadDue(c.env, free.busyRead, zone);
  if (due === "again") c.executionCtx.waitUntil(readBusyFeed(c.env, zone));
  if (due !== "first") return free.slots;
  await readBusyFeed(c.env, zone);
  return (await calendar.slots(offer.hours, session.shape)).slots;
}

/** The slot picker for `session`, on `day` (or the first day with a free time). */
async function picker(
  c: Context<AppEnv>,
  offer: Offer,
  session: SessionType,
  free: Slot[],
  {
    day,
    notice,
    status,
  }: { day?: string | undefined; notice?: string; status?: Exclude<PageStatus, 200> },
) {
  const i18n = await i18nFor(c);
  const { timeZone } = offer.hours;
  const dayLabel = new Intl.DateTimeFormat(i18n.locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone,
  });
  const timeLabel = new Intl.DateTimeFormat(i18n.locale, { timeStyle: "short", timeZone });
  const yourZone = visitorZone(c.req.raw, timeZone);
  const yours = yourZone ? visitorClock(i18n.locale, timeZone, yourZone) : () => undefined;
  const base = await localPath(c, `/book/${session.slug}`);
  const byDay = new Map<string, Slot[]>();
  for (const slot of free) byDay.set(slot.day, [...(byDay.get(slot.day) ?? []), slot]);
  const chosen = day && byDay.has(day) ? day : byDay.keys().next().value;
  const days = [...byDay].map(([each, slots]) => ({
    day: each,
    label: dayLabel.format(slots[0]?.start),
    path: `${base}?day=${each}`,
    current: each === chosen,
  }));
  const facts = [
    i18n.t("booking.minutes", { count: session.shape.durationMinutes }),
    i18n.t("booking.price", { amount: amount(session.price, offer, i18n.locale) }),
    i18n.t("booking.deposit", { amount: amount(session.deposit, offer, i18n.locale) }),
    session.location,
  ]
    .filter(Boolean)
    .join(" · ");
  return page(
    c,
    {
      title: i18n.t("booking.choose", { session: session.title }),
      description: session.description || i18n.t("booking.intro"),
      main: (
        <SlotPicker
          session={session.title}
          facts={facts}
          zone={timeZone}
          yourZone={yourZone}
          days={days}
          slots={(chosen ? (byDay.get(chosen) ?? []) : []).map((slot) => ({
            start: slot.start,
            label: timeLabel.format(slot.start),
            yours: yours(slot.start),
          }))}
          action={`${base}/hold`}
          stamp={(await issueStamp(c.var.config.sanityToken)) ?? ""}
          turnstileSiteKey={c.var.config.turnstile?.siteKey}
          notice={notice}
          back={await localPath(c, "/book")}
        />
      ),
    },
    status,
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /book/{session}`: its free times, a day at a time (`?day=2026-12-24`). */
export const slotsPage: Handler<AppEnv> = async (c) => {
  const offer = await offerFor(c);
  const session = sessionFor(c, offer);
  const day = c.req.query("day");
  return picker(c, offer, session, await freeNow(c, offer, session), {
    day: day && DAY.test(day) ? day : undefined,
  });
};

/**
 * `POST /book/{session}/hold`: holds the chosen time for the client, if it is still free, and
 * goes on to the held page (303). A time taken meanwhile is a 409 with the times still free; a
 * form sent before a person could have chosen (the page's signed stamp), without Turnstile's
 * pass where the owner turned it on, or too many holds from one visitor in a minute, holds
 * nothing.
 */
export const holdSlot: Handler<AppEnv> = async (c) => {
  const offer = await offerFor(c);
  const session = sessionFor(c, offer);
  const form = await formOf(c);
  const { t } = await i18nFor(c);
  const free = () => freeNow(c, offer, session);
  const start = Number(form?.get("start") ?? "");
  if (!form || !/^\d{13}$/.test(form.get("start") ?? "")) {
    return picker(c, offer, session, await free(), { notice: t("booking.pick"), status: 400 });
  }
  const stamp = await checkStamp(c.var.config.sanityToken, form.get("stamp") ?? "");
  if (stamp.kind !== "valid" || stamp.ageMs < MIN_FILL_MS) {
    return picker(c, offer, session, await free(), { notice: t("booking.tooFast"), status: 400 });
  }
  const verdict = await askTurnstile(c, form);
  if (verdict === "failed") {
    const notice = t("contact.notice.turnstile.title");
    return picker(c, offer, session, await free(), { notice, status: 422 });
  }
  if (verdict === "unavailable") {
    log.error("Booking hold refused: Turnstile could not be asked", { session: session.slug });
    const notice = t("booking.unavailable");
    return retryAfterAMinute(
      await picker(c, offer, session, await free(), { notice, status: 503 }),
    );
  }
  if (!(await c.env.BOOKING_HOLD_LIMIT.limit({ key: `visitor ${visitorKey(c)}` })).success) {
    const notice = t("booking.wait");
    return retryAfterAMinute(
      await picker(c, offer, session, await free(), { notice, status: 429 }),
    );
  }
  const calendar = calendarOf(c);
  // A hold posted without a view of the times first (a script's) is decided on them all the same.
  const zone = offer.hours.timeZone;
  if (busyReadDue(c.env, await calendar.busyRead(), zone) === "first") {
    await readBusyFeed(c.env, zone);
  }
  const answer = await calendar.hold({
    session: session.slug,
    shape: session.shape,
    hours: offer.hours,
    start,
    holder: await holderOf(c),
  });
  if ("tooMany" in answer) {
    const notice = t("booking.manyHeld");
    return picker(c, offer, session, await free(), { notice, status: 429 });
  }
  if ("taken" in answer) {
    return picker(c, offer, session, answer.taken, { notice: t("booking.taken"), status: 409 });
  }
  return c.redirect(await localPath(c, `/book/held/${answer.held.id}`), 303);
};

/** Who holds a time, as the calendar keeps it: a keyed hash of their network, never the address. */
const holderOf = (c: Context<AppEnv>) => keyedVisitor(c, "booking holder");

function retryAfterAMinute(res: Response): Response {
  res.headers.set("Retry-After", String(LIMIT_PERIOD_SECONDS));
  return res;
}

export const HOLD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The hold the address names, with its session type, while it holds; a 404 otherwise. */
export async function heldFor(c: Context<AppEnv>, offer: Offer) {
  const id = c.req.param("hold") ?? "";
  const hold = HOLD_ID.test(id) ? await calendarOf(c).held(id) : undefined;
  const session = offer.sessions.find((each) => each.slug === hold?.session);
  if (!hold || !session) {
    throw new PageError(404, phrase("booking.held.lapsed"), { fatal: false });
  }
  return { hold, session };
}

/** The held page's contract: to sign (with a refused signature's problems), or signed. */
async function contractState(
  c: Context<AppEnv>,
  offer: Offer,
  { hold, session }: Awaited<ReturnType<typeof heldFor>>,
  signing: DetailsFormState = { values: {}, errors: {} },
): Promise<ContractState | undefined> {
  const { details } = hold;
  if (!details || !session.contract) return undefined;
  const text = await contractText(c, offer, session, { slot: hold.slot, details });
  const record = hold.signed
    ? await contractRecords(c.env.STORE_DB, c.env.CONTRACTS).get(hold.id)
    : undefined;
  if (!record) {
    return {
      text,
      sign: {
        action: await localPath(c, `/book/held/${hold.id}/sign`),
        read: await sha256Hex(text),
        name: details.name,
        values: signing.values,
        errors: signing.errors,
      },
    };
  }
  const i18n = await i18nFor(c);
  const time = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: offer.hours.timeZone,
  }).format(record.signedAt);
  return {
    // As signed, whatever the owner changed since (a contract signed before texts were kept: now's).
    text: record.text ?? text,
    signed: {
      note: i18n.t("booking.contract.signed", { time }),
      download: await localPath(c, `/book/held/${hold.id}/contract.pdf`),
    },
  };
}

export async function heldView(
  c: Context<AppEnv>,
  offer: Offer,
  held: Awaited<ReturnType<typeof heldFor>>,
  {
    refused,
    signing,
    paying = false,
  }: { refused?: DetailsFormState; signing?: DetailsFormState; paying?: boolean } = {},
) {
  const { hold, session } = held;
  const i18n = await i18nFor(c);
  const { timeZone } = offer.hours;
  const when = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone,
  });
  // When the hold lapses matters to the client, on their own clock, and says which clock it is.
  const until = new Intl.DateTimeFormat(i18n.locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: placedZone(c.req.raw) ?? timeZone,
  });
  const { details } = hold;
  const contract = refused ? undefined : await contractState(c, offer, held, signing);
  const signed = !!contract && "signed" in contract;
  const terms = await termsOf(c, offer, session, hold, await recordOf(c));
  const money = (value: number) => formatAmount(value, terms.currency, i18n.locale);
  const state = refused ?? {
    values: details
      ? {
          name: details.name,
          email: details.email,
          ...Object.fromEntries(
            session.questions.map((question) => [
              answerField(question),
              details.answers[question.id] ?? "",
            ]),
          ),
        }
      : {},
    errors: {},
  };
  return page(
    c,
    {
      title: i18n.t("booking.held.title"),
      description: i18n.t("booking.held.title"),
      main: (
        <HeldView
          text={i18n.t("booking.held.until", {
            session: session.title,
            time: when.format(hold.slot.start),
            until: until.format(hold.expiresAt),
          })}
          back={await localPath(c, "/book")}
          saved={
            details && !refused && !signed
              ? i18n.t("booking.details.saved", { name: details.name })
              : undefined
          }
          contract={contract}
          form={
            signed
              ? undefined
              : {
                  action: await localPath(c, `/book/held/${hold.id}`),
                  questions: session.questions,
                  state,
                }
          }
          pay={
            details && !refused && (!session.contract || signed)
              ? {
                  action: await localPath(c, `/book/held/${hold.id}/pay`),
                  label: i18n.t("booking.pay", { amount: money(terms.deposit) }),
                  note: i18n.t("booking.payNote", { amount: money(terms.price - terms.deposit) }),
                }
              : undefined
          }
          paying={paying ? i18n.t("booking.paying") : undefined}
        />
      ),
    },
    refused || signing ? 422 : 200,
  );
}

/** The booking's record, once its deposit was asked for (D1, the record of bookings). */
async function recordOf(c: Context<AppEnv>): Promise<Booking | undefined> {
  const id = c.req.param("hold") ?? "";
  return HOLD_ID.test(id) ? d1Bookings(c.env.STORE_DB).get(id) : undefined;
}

/**
 * The client back from Stripe (`?session=`, which Stripe fills in): their own Checkout
 * Session is read from Stripe and applied, as its event would be, so the page says "booked"
 * even before the webhook has. Only Stripe's answer moves the booking.
 */
async function backFromStripe(c: Context<AppEnv>, record: Booking): Promise<Booking> {
  const asked = c.req.query("session");
  const keys = c.var.config.store;
  if (!asked || asked !== record.checkout?.session || record.status !== "awaiting_deposit") {
    return record;
  }
  if (!storeIsOn(keys)) return record;
  try {
    const session = await (await stripeClient(keys)).checkout.sessions.retrieve(asked);
    const offer = offerOf(await contentFor(c).booking());
    return (
      (await applyDepositSession(
        d1Bookings(c.env.STORE_DB),
        calendarOf(c),
        keys,
        session,
        offer?.hours.perDay,
        afterDeposit(c),
      )) ?? record
    );
  } catch (error) {
    log.warn("A deposit's Checkout Session could not be read; the webhook will tell", {
      booking: record.id,
      error: errorText(error),
    });
    return record;
  }
}

/** A booking whose deposit came: booked, or refunded when its time was taken meanwhile. */
async function bookedView(c: Context<AppEnv>, record: Booking) {
  const i18n = await i18nFor(c);
  const when = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: record.timeZone,
  }).format(record.start);
  const money = (amount: number) => formatAmount(amount, record.currency, i18n.locale);
  const amount = money(record.deposit + record.depositTax);
  const booked = record.status === "booked";
  const held = `/book/held/${record.id}`;
  const parts = instalmentsOf(record);
  const [signed, ...issued] = await Promise.all([
    contractRecords(c.env.STORE_DB, c.env.CONTRACTS).get(record.id),
    ...(["deposit", ...parts.map((part) => balanceKind(part.n)), "refund"] as const).map((kind) =>
      bookingInvoice(c, record, kind),
    ),
  ]);
  const invoices = issued.flatMap((invoice) => {
    if (!invoice) return [];
    const n = instalmentOfKind(invoice.kind);
    const number = invoiceNumber(invoice);
    const label =
      invoice.kind === "deposit"
        ? i18n.t("booking.invoice.link", { number })
        : invoice.kind === "refund"
          ? i18n.t("booking.creditNote.link", { number })
          : record.plan > 1
            ? i18n.t("booking.invoice.instalmentLink", { number, n: n ?? 1, of: record.plan })
            : i18n.t("booking.invoice.balanceLink", { number });
    return [{ invoice, label }];
  });
  const next = nextInstalment(record);
  const session = record.sessionTitle;
  const { cancelled } = record;
  const [title, text] = booked
    ? [
        i18n.t("booking.booked.title"),
        i18n.t("booking.booked.text", { session, time: when, amount }),
      ]
    : cancelled
      ? [
          i18n.t("booking.cancelled.title"),
          `${i18n.t("booking.cancelled.text", { session, time: when })} ${
            cancelled.refunded > 0
              ? i18n.t("booking.cancelled.refund", { amount: money(cancelled.refunded) })
              : i18n.t("booking.cancelled.noRefund")
          }`,
        ]
      : [i18n.t("booking.title"), i18n.t("booking.refunded.text", { amount })];
  return page(c, {
    title: booked || cancelled ? title : i18n.t("booking.held.lapsed"),
    description: i18n.t("booking.title"),
    main: (
      <BookedView
        title={title}
        text={text}
        back={await localPath(c, booked ? "/" : "/book")}
        backLabel={booked ? i18n.t("error.home") : i18n.t("booking.back")}
        contract={
          signed
            ? {
                href: await localPath(c, `${held}/contract.pdf`),
                label: i18n.t("booking.contract.download"),
              }
            : undefined
        }
        balance={
          next
            ? {
                text:
                  next.of > 1
                    ? i18n.t("booking.plan.due", {
                        amount: money(balanceOf(record)),
                        of: next.of,
                        next: money(next.amount),
                        date: new Intl.DateTimeFormat(i18n.locale, {
                          dateStyle: "long",
                          timeZone: record.timeZone,
                        }).format(next.dueAt),
                      })
                    : i18n.t("booking.balance.due", { amount: money(next.amount) }),
                pay: {
                  action: await localPath(c, `${held}/balance`),
                  label:
                    next.of > 1
                      ? i18n.t("booking.plan.pay", {
                          n: next.n,
                          of: next.of,
                          amount: money(next.amount),
                        })
                      : i18n.t("booking.balance.pay", { amount: money(next.amount) }),
                },
              }
            : record.balancePaidAt
              ? {
                  text: i18n.t("booking.balance.paid", {
                    amount: money(balanceOf(record) + record.balanceTax),
                  }),
                }
              : undefined
        }
        invoices={
          await Promise.all(
            invoices.map(async ({ invoice, label }) => ({
              href: await localPath(c, `${held}/invoices/${invoice.kind}`),
              label,
            })),
          )
        }
      />
    ),
  });
}

/**
 * `GET /book/held/{id}`: the held time, how long it stays held, the form for the details and,
 * once they are given, the deposit's button; once it is paid, that the session is booked.
 */
export const heldPage: Handler<AppEnv> = async (c) => {
  const known = await recordOf(c);
  const deposited = known && (await backFromStripe(c, known));
  const record = deposited && (await balanceBackFromStripe(c, deposited, afterBalance(c)));
  if (record && record.status !== "awaiting_deposit") return bookedView(c, record);
  const offer = await offerFor(c);
  return heldView(c, offer, await heldFor(c, offer), { paying: !!c.req.query("session") });
};

/** `POST /book/held/{id}/balance`: to Stripe for the balance of a booked session, while due. */
export const payBalance: Handler<AppEnv> = async (c) => {
  await checkoutAllowed(c);
  const record = await recordOf(c);
  if (record) return startBalance(c, record);
  // Only held (its deposit not asked for yet): back to its page; nor held, a 404.
  const { hold } = await heldFor(c, await offerFor(c));
  return c.redirect(await localPath(c, `/book/held/${hold.id}`), 303);
};

/**
 * Each payment asked for may open a Stripe page: a visitor asks for as many a minute as they
 * may check out in the store (CHECKOUT_LIMIT), or is told to try again (429).
 */
async function checkoutAllowed(c: Context<AppEnv>): Promise<void> {
  if ((await c.env.CHECKOUT_LIMIT.limit({ key: visitorKey(c) })).success) return;
  log.warn("A booking's payment refused: too many from one visitor");
  throw new PageError(429, phrase("booking.error.payment"), { fatal: false });
}

/** `POST /book/held/{id}/pay`: to Stripe for the deposit, once the client's details are kept. */
export const payDeposit: Handler<AppEnv> = async (c) => {
  await checkoutAllowed(c);
  const offer = await offerFor(c);
  const { hold, session } = await heldFor(c, offer);
  const { details } = hold;
  // Nothing is paid for before the details are given and the contract, where there is one, signed.
  if (!details || (session.contract && !hold.signed)) {
    return c.redirect(await localPath(c, `/book/held/${hold.id}`), 303);
  }
  return startDeposit(c, calendarOf(c), offer, session, { ...hold, details });
};

/**
 * `POST /book/held/{id}`: the client's details and answers, kept with the hold (303 back to its
 * page), or the form again with each problem (422); a hold that has lapsed keeps nothing (404).
 */
export const keepDetails: Handler<AppEnv> = async (c) => {
  const record = await recordOf(c);
  if (record && record.status !== "awaiting_deposit") return bookedView(c, record);
  const offer = await offerFor(c);
  const held = await heldFor(c, offer);
  // Room for every answer at its longest, written in any script: a character of Arabic or
  // Japanese is 6 or 9 bytes of a form. Too much is refused (413), never read as an empty form.
  const form = await formOf(
    c,
    (held.session.questions.length + 1) * (MAX_ANSWER * 9 + 1024),
    phrase("booking.answer.tooMuch"),
  );
  if (!form) throw new PageError(400, phrase("cart.error.notForm"), { fatal: false });
  const checked = checkDetails(form, held.session.questions);
  if (!("details" in checked)) return heldView(c, offer, held, { refused: checked });
  // Once the contract is signed, the details it names stay as they are (back to the page).
  if ((await calendarOf(c).keepDetails(held.hold.id, checked.details)) === "lapsed") {
    throw new PageError(404, phrase("booking.held.lapsed"), { fatal: false });
  }
  return c.redirect(await localPath(c, `/book/held/${held.hold.id}`), 303);
};
