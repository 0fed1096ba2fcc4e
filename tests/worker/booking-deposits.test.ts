// The deposit that books a held time, through the real worker, the calendar's Durable Object,
// D1 and the payments stand-in (Stripe's API and its signed events): paid once, booked once;
// paid after the hold lapsed, the time is kept when still free and refunded when taken.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { feedSecret } from "../../worker/booking/feed.ts";
import { clientDocumentId } from "../../worker/content/client-copies.ts";
import { issueStamp } from "../../worker/inquiries/stamp.ts";
import {
  booked,
  completedEvent,
  form,
  holdingDays,
  holdPortrait,
  holdSession,
  mailbox,
  openCheckout,
  paymentOf,
  refunds,
  startsOn,
  twoPagesPaid,
} from "./bookings.ts";
import {
  atFirstFetch,
  captureLogs,
  inOneRateWindow,
  mutableDocument,
  mutableEnv,
  mutate,
  ORIGIN,
  request,
  spendLimit,
  TEST_TOKEN,
  whileSanityRefusesWrites,
} from "./harness.ts";
import { deliver, pay, refuseRefund, stripe, studioDocument } from "./store.ts";

const record = (id: string) =>
  env.STORE_DB.prepare(
    "SELECT status, price, deposit, currency, payment_intent FROM bookings WHERE id = ?",
  )
    .bind(id)
    .first<{
      status: string;
      price: number;
      deposit: number;
      currency: string;
      payment_intent: string | null;
    }>();

const owner = () => env.BOOKING_CALENDAR.getByName("owner");

/** The owner's calendar feed's whole address, as their e-mail gives it. */
const feedAddress = async () =>
  `http://localhost/book/calendar/${await feedSecret(TEST_TOKEN)}.ics`;

/** The events of an iCalendar file, as a calendar library reads them. */
const feedEvents = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics))
    .getAllSubcomponents("vevent")
    .map((vevent) => new ICAL.Event(vevent));

describe("the deposit", () => {
  it("opens a visitor no more payment pages a minute than the store's checkouts", async () => {
    const { path } = await holdPortrait();
    const visitor = "198.51.100.52";
    await inOneRateWindow();
    // Ten checkouts a minute, in the store or here.
    expect(await spendLimit(env.CHECKOUT_LIMIT, visitor)).toBe(10);
    const refused = await form(`${path}/pay`, {}, env, visitor);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain(
      "The payment could not be started. Please try again in a moment.",
    );
    expect((await form(`${path}/balance`, {}, env, visitor)).status).toBe(429);
    // Another visitor (the client on their phone) is not kept from paying.
    expect((await form(`${path}/pay`)).status).toBe(303);
  });

  it("is offered once the details are kept, paid on Stripe, and books the time once", async () => {
    const { path, id, start } = await holdPortrait();
    const held = await request(path);
    expect(held.body).toContain("Pay the €75.00 deposit");
    // Its form goes on to Stripe's page, which its policy allows, in every language; no other
    // booking page allows it.
    const stripeOrigin = new URL(env.STRIPE_API_URL).origin;
    const formAction = (res: { headers: Headers }) =>
      /form-action ([^;]*)/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "";
    expect(formAction(held)).toContain(stripeOrigin);
    expect(formAction(await request(`/de${path}`))).toContain(stripeOrigin);
    expect(formAction(await request("/book/portrait"))).not.toContain(stripeOrigin);
    const session = await openCheckout(path);
    // Asked again (a second click, a reload), the same payment page: no second session.
    expect(await openCheckout(path)).toBe(session);
    expect(await record(id)).toMatchObject({
      status: "awaiting_deposit",
      deposit: 7500,
      currency: "eur",
    });
    await pay(session);
    const event = await completedEvent(session);
    const mail = mailbox();
    expect((await deliver(event, { env: mail.env })).status).toBe(200);
    expect((await record(id))?.status).toBe("booked");
    // Two e-mails: the client's, with the invitation for their calendar, and the owner's.
    const [client, ownerMail] = mail.sent;
    expect(mail.sent).toHaveLength(2);
    expect(client?.to).toBe("ana@example.com");
    // The client's reply (to change something, say) reaches the owner, not the sending address.
    expect(client?.replyTo).toBe("jane@example.com");
    expect(client?.subject).toMatch(/^Booked: Portrait session, /);
    expect(client?.text).toContain("Your deposit of €75.00 is paid");
    expect(client?.text).toContain("The rest, €175.00, is paid before the shoot.");
    expect(client?.text).toContain(`http://localhost${path}`);
    const [invite, clientContract] = client?.attachments ?? [];
    expect(invite?.filename).toBe("booking.ics");
    // The signed contract goes to both, the very file the booking's page serves.
    const signed = await request(`${path}/contract.pdf`);
    expect(signed.status).toBe(200);
    expect(clientContract?.type).toBe("application/pdf");
    expect(new Uint8Array(clientContract?.content as Uint8Array)).toEqual(signed.bytes);
    expect(client?.text).toContain("Your signed contract is attached too (PDF).");
    expect(ownerMail?.attachments?.[0]?.content).toEqual(clientContract?.content);
    // The invitation, read by a calendar library: the session's time, in UTC, once.
    const calendar = new ICAL.Component(ICAL.parse(String(invite?.content)));
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(1);
    expect(events[0]?.startDate.toJSDate().getTime()).toBe(start);
    expect(events[0]?.endDate.toJSDate().getTime()).toBe(start + 3_600_000);
    expect(events[0]?.summary).toContain("Portrait session");
    expect(events[0]?.location).toBe("Bilbao, the studio or outdoors nearby");
    expect(ownerMail?.to).toBe("jane@example.com");
    expect(ownerMail?.replyTo).toBe("ana@example.com");
    // Each answer quoted line by line: none of the client's lines reads as the e-mail's own.
    expect(ownerMail?.text).toContain("Who will be in the photographs?\n> Me and Lola");
    // The owner's calendar: their e-mail names its secret address, and it has this booking.
    const feed = /http:\/\/localhost\/book\/calendar\/[\w-]{43}\.ics/.exec(
      ownerMail?.text ?? "",
    )?.[0];
    expect(feed).toBe(await feedAddress());
    const subscribed = await request(feed ?? "");
    expect(subscribed.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const booked = feedEvents(subscribed.body).find((each) => each.uid === `${id}@localhost`);
    expect(booked?.summary).toBe("Portrait session: Ana Ruiz");
    expect(booked?.startDate.toJSDate().getTime()).toBe(start);
    // A made-up address is nothing.
    expect((await request(`/book/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    const page = await request(path);
    expect(page.body).toContain("Your session is booked");
    expect(page.body).toContain("Your deposit of €75.00 is paid");
    expect(page.body).toContain(`href="${path}/contract.pdf"`);
    // The deposit's invoice: numbered, linked from the page and the e-mail, a page and a PDF.
    const invoiceAt = `${path}/invoices/deposit`;
    expect(client?.text).toContain(`Your invoice: http://localhost${invoiceAt}`);
    const number = /Invoice (\d{4}-\d{4}) for your deposit/.exec(page.body)?.[1] ?? "";
    expect(number.slice(0, 4)).toBe(String(new Date().getUTCFullYear()));
    const invoice = await request(invoiceAt);
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("Cache-Control")).toBe("private, no-store");
    expect(invoice.body).toContain(`Invoice ${number}`);
    expect(invoice.body).toContain(
      "Jane Doe Photography\nCalle de la Ribera 1, 48005 Bilbao, Spain",
    );
    expect(invoice.body).toContain("Ana Ruiz\nana@example.com");
    expect(invoice.body).toMatch(/data-invoice-total="?[^>]*>€75.00</);
    expect(invoice.body).toContain("Paid by card through Stripe on");
    const invoicePdf = await request(`${invoiceAt}.pdf`);
    expect(invoicePdf.headers.get("Content-Type")).toBe("application/pdf");
    const invoiceText = (
      await extractText(await getDocumentProxy(new Uint8Array(invoicePdf.bytes)), {
        mergePages: true,
      })
    ).text;
    expect(invoiceText).toContain(`Invoice ${number}`);
    expect(invoiceText).toContain("Total: €75.00");
    // The same number however often it is asked for.
    expect((await request(invoiceAt)).body).toContain(`Invoice ${number}`);
    // The owner's copy in the Studio: who, when, what they answered and paid, the contract.
    const copy = await studioDocument(`booking.${id}`);
    expect(copy).toMatchObject({
      _type: "booking",
      status: "booked",
      session: "Portrait session",
      start: new Date(start).toISOString(),
      name: "Ana Ruiz",
      email: "ana@example.com",
      price: "€250.00",
      deposit: "€75.00",
      balance: "€175.00",
      bookingPage: `http://localhost${path}`,
      answers: expect.arrayContaining([
        expect.objectContaining({
          question: "Who will be in the photographs?",
          answer: "Me and Lola",
        }),
      ]),
      contract: expect.objectContaining({
        signedName: "Ana Ruiz",
        file: `http://localhost${path}/contract.pdf`,
      }),
    });
    expect(String(copy?.when)).toMatch(/ \(Europe\/Madrid\)$/);
    // The shoot's gallery, made for it, waiting for the owner's upload; the copy names it.
    const { gallery } = (await env.STORE_DB.prepare("SELECT gallery FROM bookings WHERE id = ?")
      .bind(id)
      .first<{ gallery: string }>()) ?? { gallery: "" };
    expect(gallery).toMatch(/^[a-z2-7]{26}$/);
    expect(copy?.gallery).toMatchObject({ _ref: `clientGallery.${gallery}`, _weak: true });
    // The client's document (the Studio's Clients) links the booking and the gallery, once each.
    const person = await studioDocument(await clientDocumentId(" Ana@Example.com"));
    expect(person).toMatchObject({ _type: "client", name: "Ana Ruiz", email: "ana@example.com" });
    const refs = (field: string) =>
      ((person?.[field] ?? []) as { _ref: string }[]).map((each) => each._ref);
    expect(refs("bookings").filter((ref) => ref === `booking.${id}`)).toHaveLength(1);
    expect(refs("galleries")).toContain(`clientGallery.${gallery}`);
    expect(await studioDocument(`clientGallery.${gallery}`)).toMatchObject({
      _type: "clientGallery",
      title: expect.stringMatching(/^Portrait session, Ana Ruiz, \d{1,2} \w+ \d{4}$/),
      clientName: "Ana Ruiz",
      clientEmail: "ana@example.com",
      stage: "proofing",
      enabled: true,
    });
    // Stripe sends it again: nothing changes, nothing is refunded, nothing mailed again.
    const again = mailbox();
    expect((await deliver(event, { env: again.env })).status).toBe(200);
    expect((await record(id))?.status).toBe("booked");
    expect(again.sent).toHaveLength(0);
    // The booked time is nobody else's, long after a hold would have lapsed.
    expect(await owner().held(id, Date.now() + 24 * 3_600_000)).toBeDefined();
    const stamp = (await issueStamp(TEST_TOKEN, Date.now() - 5_000)) ?? "";
    expect((await form("/book/portrait/hold", { start: String(start), stamp })).status).toBe(409);
    // And the answers cannot be changed after paying.
    const late = await form(path, {
      name: "Eve",
      email: "eve@example.com",
      "q-who": "x",
      "q-place": "Outdoors",
    });
    expect(late.body).toContain("Your session is booked");
  });

  it("sends the client's and the owner's e-mails though the mail service failed a moment", async () => {
    const { path } = await holdPortrait();
    const session = await openCheckout(path);
    await pay(session);
    const box = mailbox();
    // Each e-mail's first try fails.
    const tried = new Set<unknown>();
    const failing = {
      ...box.env,
      CLIENT_MAIL: {
        send: async (mail: EmailMessageBuilder) => {
          if (!tried.has(mail.to)) {
            tried.add(mail.to);
            throw new Error("The mail service is busy");
          }
          return box.env.CLIENT_MAIL.send(mail);
        },
      },
    } as unknown as Env;
    expect((await deliver(await completedEvent(session), { env: failing })).status).toBe(200);
    expect(box.sent.map((mail) => mail.to).sort()).toEqual(["ana@example.com", "jane@example.com"]);
  });

  it("tells the owner of a paid booking though the client's address is refused for good", async () => {
    const { path } = await holdPortrait();
    const session = await openCheckout(path);
    await pay(session);
    const box = mailbox();
    const refusing = {
      ...box.env,
      CLIENT_MAIL: {
        send: async (mail: EmailMessageBuilder) => {
          if (mail.to === "ana@example.com") throw new Error("The recipient is suppressed");
          return box.env.CLIENT_MAIL.send(mail);
        },
      },
    } as unknown as Env;
    captureLogs();
    expect((await deliver(await completedEvent(session), { env: refusing })).status).toBe(200);
    expect(box.sent.map((mail) => mail.to)).toEqual(["jane@example.com"]);
  });

  it("dates an invoice issued late the day it is numbered, in order with the others, and says when it was paid", async () => {
    const late = await booked();
    const next = await booked();
    // The first's follow-up failed before its invoice, paid two days ago; the next one's did not.
    const paidAt = Date.now() - 2 * 86_400_000;
    await env.STORE_DB.prepare("DELETE FROM invoices WHERE booking = ?").bind(late.id).run();
    await env.STORE_DB.prepare("UPDATE bookings SET paid_at = ? WHERE id = ?")
      .bind(paidAt, late.id)
      .run();
    // Issued when the client opens it.
    const page = await request(`${late.path}/invoices/deposit`);
    expect(page.status).toBe(200);
    const issued = (id: string) =>
      env.STORE_DB.prepare("SELECT number, issued_at FROM invoices WHERE booking = ?")
        .bind(id)
        .first<{ number: number; issued_at: number }>();
    const [before, after] = [await issued(next.id), await issued(late.id)];
    expect(after?.number).toBeGreaterThan(before?.number ?? Infinity);
    expect(after?.issued_at).toBeGreaterThanOrEqual(before?.issued_at ?? Infinity);
    const day = (at: number) =>
      new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/Madrid" }).format(at);
    expect(page.body).toContain(`Paid by card through Stripe on ${day(paidAt)}.`);
    expect(page.body).toContain(day(after?.issued_at ?? 0));
  });

  it("opens a new payment page for details corrected after the first, where there is no contract to sign", async () => {
    const family = "session-family-afternoon";
    const before = await mutableDocument(family);
    await mutate({ patch: { id: family, unset: ["contract", "contractTranslations"] } });
    try {
      const content = mutableEnv();
      const days = await holdingDays("family-afternoon");
      const [time] = startsOn((await request(days.at(-2) ?? "", { env: content })).body);
      const stamp = (await issueStamp(TEST_TOKEN, Date.now() - 5_000)) ?? "";
      const held = await form(
        "/book/family-afternoon/hold",
        { start: String(time), stamp },
        content,
      );
      const path = new URL(held.headers.get("Location") ?? "", ORIGIN).pathname;
      const answers = { "q-address": "Calle Mayor 1, Getxo", "q-children": "Two, 4 and 7" };
      const details = (email: string) =>
        form(path, { name: "Ana Ruiz", email, ...answers }, content);
      expect((await details("ana@gmial.com")).status).toBe(303);
      const first = await openCheckout(path, "pay", content);
      // Stripe's page shows the typo: back, corrected, and on to pay again.
      expect((await details("ana@gmail.com")).status).toBe(303);
      const second = await openCheckout(path, "pay", content);
      expect(second).not.toBe(first);
      const stripePage = await (await stripe()).checkout.sessions.retrieve(second);
      expect(stripePage.customer_email).toBe("ana@gmail.com");
      const id = path.split("/").at(-1) ?? "";
      const row = await env.STORE_DB.prepare("SELECT email FROM bookings WHERE id = ?")
        .bind(id)
        .first<{ email: string }>();
      expect(row?.email).toBe("ana@gmail.com");
      // Asked again unchanged: the same page.
      expect(await openCheckout(path, "pay", content)).toBe(second);
    } finally {
      await mutate({ createOrReplace: before });
    }
  });

  it("says booked when the client comes back from Stripe, before Stripe's event", async () => {
    const { path, id } = await holdPortrait();
    const session = await openCheckout(path);
    await pay(session);
    const back = await request(`${path}?session=${session}`);
    expect(back.body).toContain("Your session is booked");
    expect((await record(id))?.status).toBe("booked");
    // Someone else's session named on this booking's page reads nothing.
    const other = await holdPortrait();
    const page = await request(`${other.path}?session=${session}`);
    expect(page.body).not.toContain("Your session is booked");
  });

  it("refunds in full a second payment page paid beside the one that booked the time", async () => {
    const { path, id } = await holdPortrait();
    const [booking, extra] = await twoPagesPaid(path, id);
    expect((await deliver(booking, { env: mailbox().env })).status).toBe(200);
    const mail = mailbox();
    expect((await deliver(extra, { env: mail.env })).status).toBe(200);
    // Booked once, by the first; the second charge paid back whole, once, and nothing mailed.
    const row = await record(id);
    expect(row).toMatchObject({ status: "booked" });
    expect(row?.payment_intent).toBe(paymentOf(booking));
    expect((await deliver(extra)).status).toBe(200);
    expect((await deliver(booking)).status).toBe(200);
    expect(await refunds(paymentOf(extra))).toEqual([7500]);
    expect(await refunds(paymentOf(booking))).toEqual([]);
    expect(mail.sent).toHaveLength(0);
  });

  it("shows the owner when the client's bank refused the refund of a second page paid", async () => {
    const { path, id } = await holdPortrait();
    const [booking, extra] = await twoPagesPaid(path, id);
    expect((await deliver(booking, { env: mailbox().env })).status).toBe(200);
    expect((await deliver(extra, { env: mailbox().env })).status).toBe(200);
    const [refund] = (await stripe().refunds.list({ payment_intent: paymentOf(extra) })).data;
    const logs = captureLogs();
    const answer = await deliver(await refuseRefund(refund?.id ?? ""));
    expect(JSON.parse(answer.body)).toEqual({ received: true, applied: true });
    expect(logs.messages("error")).toContain(
      "The client's bank refused a booking's refund: the money is back with the owner",
    );
    expect((await studioDocument(`booking.${id}`))?.refundFailed).toMatch(
      /expired_or_canceled_card/,
    );
  });

  it("shows the owner a refused refund at Stripe's retry, when the Studio could not be written to", async () => {
    const { path, id } = await holdPortrait();
    const [booking, extra] = await twoPagesPaid(path, id);
    expect((await deliver(booking, { env: mailbox().env })).status).toBe(200);
    expect((await deliver(extra, { env: mailbox().env })).status).toBe(200);
    const [refund] = (await stripe().refunds.list({ payment_intent: paymentOf(extra) })).data;
    const refused = await refuseRefund(refund?.id ?? "");
    captureLogs();
    await whileSanityRefusesWrites(async () => expect((await deliver(refused)).status).toBe(500));
    expect((await studioDocument(`booking.${id}`))?.refundFailed).toBeUndefined();
    expect(JSON.parse((await deliver(refused)).body)).toEqual({ received: true, applied: true });
    expect((await studioDocument(`booking.${id}`))?.refundFailed).toMatch(
      /expired_or_canceled_card/,
    );
  });

  it("charges the amounts of the contract signed, though the owner changed the offer since", async () => {
    // Signed on the demo's offer: €250, a €75 deposit.
    const { path, id } = await holdPortrait();
    await mutate({ patch: { id: "session-portrait", set: { price: 400, deposit: 200 } } });
    try {
      // The offer as it is now (a fresh read of the changed content).
      const now = mutableEnv();
      expect((await request("/book", { env: now })).body).toContain("€200.00");
      const page = await request(path, { env: now });
      expect(page.body).toContain("Pay the €75.00 deposit");
      expect(page.body).toContain("€175.00");
      // The contract shown is the one signed.
      expect(page.body).toContain("€250.00");
      expect(page.body).not.toContain("€400.00");
      const session = await openCheckout(path, "pay", now);
      expect(await record(id)).toMatchObject({ price: 25_000, deposit: 7_500, currency: "eur" });
      await pay(session);
      expect((await deliver(await completedEvent(session))).status).toBe(200);
      expect(await record(id)).toMatchObject({ status: "booked", deposit: 7_500 });
    } finally {
      await mutate({ patch: { id: "session-portrait", set: { price: 250, deposit: 75 } } });
    }
  });

  it("is charged with Stripe Tax where the Store charges tax", async () => {
    const { path } = await holdPortrait();
    // The Store's tax on (its one field: other files change others of the settings).
    await mutate({ patch: { id: "storeSettings", set: { tax: true } } });
    try {
      const session = await openCheckout(path, "pay", mutableEnv());
      expect((await stripe().checkout.sessions.retrieve(session)).automatic_tax).toMatchObject({
        enabled: true,
      });
      // On top of the deposit, whatever the account's default: what is recorded, invoiced and
      // paid back as tax is what Stripe added.
      const [line] = (await stripe().checkout.sessions.listLineItems(session)).data;
      expect(line?.price?.tax_behavior).toBe("exclusive");
    } finally {
      await mutate({ patch: { id: "storeSettings", set: { tax: false } } });
    }
  });

  it("is asked on Stripe's page with its address left off when Stripe refuses the client's", async () => {
    captureLogs();
    // An address the details form takes and Stripe does not (two dots in a row).
    const held = await holdSession("portrait", undefined, "ana..ruiz@example.com");
    const session = await stripe().checkout.sessions.retrieve(await openCheckout(held.path));
    expect(session.customer_email).toBeNull();
    expect(session.metadata?.booking).toBe(held.id);
    expect(session.amount_total).toBe(7500);
    // Paid, the balance's page is asked the same way.
    await pay(session.id);
    expect((await deliver(await completedEvent(session.id), { env: mailbox().env })).status).toBe(
      200,
    );
    const balance = await stripe().checkout.sessions.retrieve(
      await openCheckout(held.path, "balance"),
    );
    expect(balance.customer_email).toBeNull();
    expect(balance.metadata).toMatchObject({ booking: held.id, payment: "balance" });
  });

  it("holds the time for payment two payment pages long at most, however often one is asked", async () => {
    const { path, id } = await holdPortrait();
    await openCheckout(path);
    // An hour since the first page, the second about to lapse, as is the hold it kept.
    const first = Date.now() - 60 * 60_000;
    const soon = Date.now() + 30_000;
    await env.STORE_DB.prepare(
      "UPDATE bookings SET created_at = ?, checkout_expires_at = ? WHERE id = ?",
    )
      .bind(first, soon, id)
      .run();
    await runInDurableObject(owner(), (_calendar, state) => {
      state.storage.sql.exec("UPDATE holds SET expires_at = ? WHERE id = ?", soon, id);
    });
    // A third page is made (Stripe's pages last 30 minutes at least), but the time stays held
    // only until two pages (62 minutes) from the first: then it is free for others.
    await openCheckout(path);
    const hold = await owner().held(id);
    expect(hold?.expiresAt).toBeLessThanOrEqual(first + 62 * 60_000);
    expect(hold?.expiresAt).toBeGreaterThan(Date.now());
  });

  it("keeps the time when paid after the hold lapsed, if nobody took it", async () => {
    const { path, id } = await holdPortrait();
    const session = await openCheckout(path);
    await owner().release(id);
    await pay(session);
    expect((await deliver(await completedEvent(session))).status).toBe(200);
    expect((await record(id))?.status).toBe("booked");
  });

  it("refunds in full a deposit paid after the hold lapsed for a time someone else took", async () => {
    const first = await holdPortrait();
    const session = await openCheckout(first.path);
    await owner().release(first.id);
    const second = await holdPortrait(first.start);
    expect(second.id).not.toBe(first.id);
    await pay(session);
    expect((await deliver(await completedEvent(session))).status).toBe(200);
    const row = await record(first.id);
    expect(row?.status).toBe("refunded");
    // The owner sees it in the Studio, refunded.
    expect((await studioDocument(`booking.${first.id}`))?.status).toBe("refunded");
    // Stripe refunded the whole charge, once.
    expect(await refunds(row?.payment_intent)).toEqual([7500]);
    expect((await request(first.path)).body).toContain(
      "your deposit of €75.00 is refunded in full",
    );
    // Not in the owner's calendar: it was never booked.
    const uids = feedEvents((await request(await feedAddress())).body).map((each) => each.uid);
    expect(uids).not.toContain(`${first.id}@localhost`);
    // The time stays the other client's.
    expect(await owner().held(second.id)).toBeDefined();
  });

  it("keeps its answer for a deposit refunded for a lost time, though the time is freed while the client comes back", async () => {
    const first = await holdPortrait();
    const session = await openCheckout(first.path);
    await owner().release(first.id);
    const second = await holdPortrait(first.start);
    await pay(session);
    // Stripe's event finds the time taken and refunds; just then the other client lets the time
    // go and the first comes back from Stripe's page, which applies the same payment.
    const came = await atFirstFetch(
      "/v1/refunds",
      async () => {
        await owner().release(second.id);
        expect((await request(`${first.path}?session=${session}`)).status).toBe(200);
      },
      async () => expect((await deliver(await completedEvent(session))).status).toBe(200),
      { answered: true },
    );
    expect(came).toBe(true);
    // Refunded, and so recorded: not booked on money given back, nor the time kept for it.
    const row = await record(first.id);
    expect(row?.status).toBe("refunded");
    expect(await refunds(row?.payment_intent)).toEqual([7500]);
    expect(await owner().held(first.id)).toBeUndefined();
    expect((await holdPortrait(first.start)).start).toBe(first.start);
  });

  it("refunds each of two pages paid at once after the hold lapsed for a time someone else took, once", async () => {
    const first = await holdPortrait();
    const [one, two] = await twoPagesPaid(first.path, first.id);
    await owner().release(first.id);
    expect((await holdPortrait(first.start)).id).not.toBe(first.id);
    // Both told at the same moment: each finds the booking waiting for its deposit.
    const answers = await Promise.all([deliver(one), deliver(two)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await record(first.id))?.status).toBe("refunded");
    expect(await refunds(paymentOf(one))).toEqual([7500]);
    expect(await refunds(paymentOf(two))).toEqual([7500]);
  });

  it("is not asked before the details, nor for a hold that does not exist", async () => {
    const stamp = (await issueStamp(TEST_TOKEN, Date.now() - 5_000)) ?? "";
    const days = await holdingDays("portrait");
    const [start] = startsOn((await request(days.at(-2) ?? "")).body);
    const held = await form("/book/portrait/hold", { start: String(start), stamp });
    const path = held.headers.get("Location") ?? "";
    expect((await request(path)).body).not.toContain("deposit</button>");
    const early = await form(`${path}/pay`);
    expect(early.status).toBe(303);
    expect(early.headers.get("Location")).toBe(path);
    expect((await form(`/book/held/${crypto.randomUUID()}/pay`)).status).toBe(404);
    // No invoice before anything is paid.
    expect((await request(`${path}/invoices/deposit`)).status).toBe(404);
    expect((await request(`${path}/invoices/deposit.pdf`)).status).toBe(404);
  });
});
