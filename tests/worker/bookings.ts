// Booking a session through the real worker, as a client does (tests/worker/booking-*.test.ts):
// a time held, the details given, the contract signed, the deposit's Checkout Session opened,
// a session booked; the e-mails the worker sends, caught; and the Studio's webhook telling the
// site of a booking copy's change (the owner's actions there).
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { demoBusyDay } from "../../demo/calendar/server.ts";
import { issueStamp } from "../../worker/inquiries/stamp.ts";
import { delivery, HOOK, hookEnv } from "./deliveries.ts";
import { mutableEnv, mutate, ORIGIN, request, TEST_TOKEN } from "./harness.ts";
import { deliver, eventsOf, pay, studioDocument } from "./store.ts";

let visitors = 0;
const newVisitor = () => `2001:db8:de90:${(++visitors).toString(16)}::1`;

/**
 * A form posted as a client's browser does (`testEnv`: another content than the demo's), from a
 * network of its own unless `visitor` is given.
 */
export const form = (
  path: string,
  fields: Record<string, string> = {},
  testEnv: Env = env,
  visitor = newVisitor(),
) =>
  request(path, {
    env: testEnv,
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "CF-Connecting-IP": visitor,
    },
    body: new URLSearchParams(fields).toString(),
  });

export const startsOn = (html: string) =>
  [...html.matchAll(/<input[^>]*name="start"[^>]*>/g)].map((m) =>
    Number(/value="(\d+)"/.exec(m[0])?.[1]),
  );

/** The demo's session types this file books, and the answers their questions get. */
const SESSIONS = {
  portrait: { "q-who": "Me and Lola", "q-place": "Outdoors" },
  "family-afternoon": { "q-address": "Calle Mayor 1, Getxo", "q-children": "Two, 4 and 7" },
};

/**
 * The pages of the days with free times of a session type (at `prefix`, a language's), in order,
 * less the demo's busy day, whose morning tests/worker/booking.test.ts reads. Every file's holds
 * go to the last days (two a day), four months ahead in these tests (global-setup.ts), far from
 * that day, which none may take.
 */
export async function holdingDays(type: string, prefix = ""): Promise<string[]> {
  const page = (await request(`${prefix}/book/${type}`)).body;
  return [...page.matchAll(/href="([^"]+\?day=([\d-]+))"/g)]
    .filter((day) => day[2] !== demoBusyDay())
    .map((day) => day[1] ?? "");
}

/**
 * A time of the session type held, its details given (Ana's, at `email`) and its contract signed:
 * on the last day offered, or at `start`; in the language of `prefix` ("/de"), else the base.
 */
/** A slot of `type` held (its last day's first, unless `start`): the held page's path. */
export async function holdSlot(
  type: string,
  start?: number,
  prefix = "",
): Promise<{ path: string; start: number }> {
  const days = await holdingDays(type, prefix);
  const time = start ?? startsOn((await request(days.at(-1) ?? "")).body)[0] ?? 0;
  const stamp = (await issueStamp(TEST_TOKEN, Date.now() - 5_000)) ?? "";
  const held = await form(`${prefix}/book/${type}/hold`, { start: String(time), stamp });
  expect(held.status).toBe(303);
  return { path: new URL(held.headers.get("Location") ?? "", ORIGIN).pathname, start: time };
}

export async function holdSession(
  type: keyof typeof SESSIONS,
  start?: number,
  email = "ana@example.com",
  prefix = "",
): Promise<{ path: string; id: string; start: number }> {
  const { path, start: time } = await holdSlot(type, start, prefix);
  const answered = await form(path, {
    name: "Ana Ruiz",
    email,
    ...SESSIONS[type],
  });
  expect(answered.status).toBe(303);
  // The contract, signed (tests/worker/booking-contract.test.ts tests signing).
  expect((await form(`${path}/sign`, await signing(path))).status).toBe(303);
  return { path, id: path.split("/").at(-1) ?? "", start: time };
}

/**
 * The held page's signing form as a client sends it: the text its page showed (the contract's
 * SHA-256, a hidden field), and `fields` (by default Ana's name and her consent).
 */
export async function signing(
  path: string,
  fields: Record<string, string> = { signature: "Ana Ruiz", consent: "yes" },
): Promise<Record<string, string>> {
  const read = /name="contract" value="([0-9a-f]{64})"/.exec((await request(path)).body)?.[1];
  return { ...(read ? { contract: read } : {}), ...fields };
}

/** A portrait time held (holdSession). */
export const holdPortrait = (start?: number) => holdSession("portrait", start);

/** The Checkout Session of the deposit (`pay`) or the balance, opened from the page's button. */
export async function openCheckout(
  path: string,
  payment: "pay" | "balance" = "pay",
  testEnv: Env = env,
) {
  const res = await form(`${path}/${payment}`, {}, testEnv);
  expect(res.status).toBe(303);
  const session = /\/c\/pay\/(cs_test_[A-Za-z0-9]+)/.exec(res.headers.get("Location") ?? "")?.[1];
  if (!session) throw new Error(`not sent to Stripe: ${res.headers.get("Location")}`);
  return session;
}

/**
 * Two payment pages of one booking, both paid: the first about to lapse (under a minute left)
 * when the second is asked for, as from another tab. Their completed events, in that order.
 */
export async function twoPagesPaid(path: string, id: string, payment: "pay" | "balance" = "pay") {
  const first = await openCheckout(path, payment);
  const lapsing = payment === "pay" ? "checkout_expires_at" : "balance_expires_at";
  await env.STORE_DB.prepare(`UPDATE bookings SET ${lapsing} = ? WHERE id = ?`)
    .bind(Date.now() + 30_000, id)
    .run();
  const second = await openCheckout(path, payment);
  expect(second).not.toBe(first);
  await pay(first);
  await pay(second);
  return [await completedEvent(first), await completedEvent(second)] as const;
}

/** The payment a completed Checkout Session's event names (its PaymentIntent's id). */
export const paymentOf = (event: { data: { object: unknown } }) =>
  String((event.data.object as { payment_intent?: unknown }).payment_intent);

/** What Stripe refunded of the payments, as its events tell (the charge's total refunded). */
export async function refunds(...paymentIntents: (string | null | undefined)[]) {
  const events = await eventsOf(paymentIntents.filter((each): each is string => Boolean(each)));
  return events
    .filter((event) => event.type === "charge.refunded")
    .map((event) => (event.data.object as { amount_refunded?: number }).amount_refunded);
}

export async function completedEvent(session: string) {
  const [completed] = (await eventsOf([session])).filter(
    (event) => event.type === "checkout.session.completed",
  );
  if (!completed) throw new Error("no event");
  return completed;
}

/** What the worker mails through CLIENT_MAIL, caught: an environment of its own that keeps it. */
export function mailbox() {
  const sent: EmailMessageBuilder[] = [];
  const CLIENT_MAIL = {
    send: async (mail: EmailMessageBuilder) => {
      sent.push(mail);
      return { messageId: `<${sent.length}@test>` };
    },
  };
  return {
    sent,
    env: { ...env, CLIENT_MAIL, CONTACT_EMAIL_TO: "jane@example.com" } as unknown as Env,
  };
}

/** A session booked (its deposit paid; a portrait unless said), and its balance too when `balance`. */
export async function booked({
  balance = false,
  type = "portrait",
}: {
  balance?: boolean;
  type?: keyof typeof SESSIONS;
} = {}) {
  const held = await holdSession(type);
  const deposit = await openCheckout(held.path);
  await pay(deposit);
  expect((await deliver(await completedEvent(deposit), { env: mailbox().env })).status).toBe(200);
  if (balance) {
    const rest = await openCheckout(held.path, "balance");
    await pay(rest);
    expect((await deliver(await completedEvent(rest), { env: mailbox().env })).status).toBe(200);
  }
  return held;
}

/** The publish webhook's delivery of a booking copy's change; the e-mails it sent, caught. */
export async function announce(id: string, overlay: Partial<Env> = {}) {
  const mail = mailbox();
  const res = await request(HOOK, {
    env: { ...mail.env, SANITY_WEBHOOK_SECRET: hookEnv().SANITY_WEBHOOK_SECRET, ...overlay },
    ...(await delivery({ _id: `booking.${id}`, _type: "booking", operation: "update" })),
  });
  return { status: res.status, sent: mail.sent };
}

/**
 * The calendar's namespace, its object failing at `method` as a reset Durable Object does; the
 * object itself, to read it as it is.
 */
export function calendarFailingAt(method: "release" | "sign") {
  const calendar = env.BOOKING_CALENDAR.getByName("owner");
  const failing = new Proxy(calendar, {
    get: (target, name) =>
      name === method
        ? () => Promise.reject(new Error("The Durable Object was reset (a test's)"))
        : target[name as keyof typeof target],
  });
  const namespace = new Proxy(env.BOOKING_CALENDAR, {
    get: (target, name) =>
      name === "get" || name === "getByName"
        ? () => failing
        : target[name as keyof typeof target].bind(target),
  });
  return { calendar, namespace };
}

/**
 * `run` on the changeable copy of the content with `/book` turned off (the owner's hours
 * cleared, as when fully booked) and `changes` made, with the booking's copy in it (Studio
 * changes of it go there too); all put back after.
 */
export async function withBookingOff<T>(
  id: string,
  run: (content: Env) => Promise<T>,
  ...changes: Record<string, unknown>[]
): Promise<T> {
  const [settings, copy] = await Promise.all([
    studioDocument("bookingSettings"),
    studioDocument(`booking.${id}`),
  ]);
  await mutate(
    { patch: { id: "bookingSettings", unset: ["weeklyHours"] } },
    { createOrReplace: copy },
    ...changes,
  );
  try {
    const content = mutableEnv();
    expect((await request("/book", { env: content })).status).toBe(404);
    return await run(content);
  } finally {
    await mutate(
      { patch: { id: "bookingSettings", set: { weeklyHours: settings?.weeklyHours } } },
      { patch: { id: "storeSettings", set: { tax: false } } },
    );
  }
}
