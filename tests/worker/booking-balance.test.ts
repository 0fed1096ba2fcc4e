// After the deposit, through the real worker, its Workflow, D1 and the payments stand-in: the
// booking's life sends the client's reminders a week and a day before the shoot, and the balance
// is paid on Stripe once, invoiced with the next number and receipted; a forged amount, a second
// event and a second click change nothing.

import { introspectWorkflowInstance } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { clientDocumentId } from "../../worker/content/client-copies.ts";
import {
  booked,
  completedEvent,
  form,
  holdPortrait,
  holdSession,
  mailbox,
  openCheckout,
  paymentOf,
  refunds,
  twoPagesPaid,
  withBookingOff,
} from "./bookings.ts";
import { uploadDemoPhotos } from "./galleries.ts";
import { captureLogs, ORIGIN, request } from "./harness.ts";
import {
  decide,
  deliver,
  disputePayment,
  pay,
  refuseRefund,
  stripe,
  studioDocument,
  studioWrite,
} from "./store.ts";

interface SentMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

const balancePaidAt = async (id: string) =>
  (
    await env.STORE_DB.prepare("SELECT paid_at FROM booking_instalments WHERE booking = ?")
      .bind(id)
      .first<{ paid_at: number }>()
  )?.paid_at ?? null;

/** A portrait booked: its deposit paid and told by Stripe's event (its e-mails caught). */
async function bookPortrait(held?: Awaited<ReturnType<typeof holdPortrait>>) {
  held ??= await holdPortrait();
  const deposit = await openCheckout(held.path);
  await pay(deposit);
  expect((await deliver(await completedEvent(deposit), { env: mailbox().env })).status).toBe(200);
  return held;
}

describe("the booking's life", () => {
  it("reminds the client a week and a day before the shoot, asking for the balance", async () => {
    const held = await holdPortrait();
    // The instance is named by the booking; its waits for the reminders are skipped, its steps
    // run for real (it then waits for the shoot, for real).
    await using life = await introspectWorkflowInstance(env.BOOKING_LIFE, held.id);
    await life.modify(async (m) => {
      await m.disableSleeps([
        { name: "until the week reminder" },
        { name: "until the day reminder" },
      ]);
    });
    const deposit = await openCheckout(held.path);
    await pay(deposit);
    const event = await completedEvent(deposit);
    expect((await deliver(event, { env: mailbox().env })).status).toBe(200);
    const week = (await life.waitForStepResult({ name: "the week reminder" })) as SentMail;
    expect(week.to).toBe("ana@example.com");
    // "Just reply to this e-mail" reaches the owner.
    expect(week.replyTo).toBe("jane@example.com");
    expect(week.subject).toMatch(/^In a week: Portrait session, /);
    expect(week.text).toContain("a reminder: your Portrait session is in a week");
    expect(week.text).toContain("The balance of €175.00 is paid before the shoot");
    expect(week.text).toContain(`Your booking: http://localhost${held.path}`);
    const day = (await life.waitForStepResult({ name: "the day reminder" })) as SentMail;
    expect(day.subject).toMatch(/^Tomorrow: Portrait session, /);
    // Stripe telling it again starts no second life.
    expect((await deliver(event, { env: mailbox().env })).status).toBe(200);
    expect((await env.BOOKING_LIFE.get(held.id)).id).toBe(held.id);
  });

  it("tries a reminder again for hours, and goes on to the next when one still fails", async () => {
    const held = await holdPortrait();
    await using life = await introspectWorkflowInstance(env.BOOKING_LIFE, held.id);
    await life.modify(async (m) => {
      await m.disableSleeps([
        { name: "until the week reminder" },
        { name: "until the day reminder" },
      ]);
      await m.disableRetryDelays();
      // The mail service refuses the week's reminder at every try, the day's at its first seven
      // (past the five retries a Workflow's step has by default).
      await m.mockStepError({ name: "the week reminder" }, new Error("mail service down"));
      await m.mockStepError({ name: "the day reminder" }, new Error("mail service down"), 7);
    });
    const logs = captureLogs();
    await bookPortrait(held);
    const day = (await life.waitForStepResult({ name: "the day reminder" })) as SentMail;
    expect(day.subject).toMatch(/^Tomorrow: Portrait session, /);
    expect(logs.lines("error")).toContainEqual(
      expect.objectContaining({ booking: held.id, step: "the week reminder" }),
    );
  });

  it("links a German client's e-mail and reminders to the booking's pages in German", async () => {
    const held = await holdSession("portrait", undefined, "ana@example.com", "/de");
    expect(held.path).toMatch(/^\/de\/book\/held\//);
    await using life = await introspectWorkflowInstance(env.BOOKING_LIFE, held.id);
    await life.modify(async (m) => {
      await m.disableSleeps([{ name: "until the week reminder" }]);
    });
    const deposit = await openCheckout(held.path);
    await pay(deposit);
    const mail = mailbox();
    expect((await deliver(await completedEvent(deposit), { env: mail.env })).status).toBe(200);
    const client = mail.sent.find((each) => each.to === "ana@example.com");
    expect(client?.text).toContain(`Ihre Buchung: http://localhost${held.path}\n`);
    expect(client?.text).toContain(`http://localhost${held.path}/invoices/deposit`);
    const week = (await life.waitForStepResult({ name: "the week reminder" })) as SentMail;
    expect(week.text).toContain(`Ihre Buchung: http://localhost${held.path}\n`);
  });

  /**
   * A paid portrait whose shoot gallery has two photographs (`before` changes it then), and its
   * life again with every wait skipped: after the shoot it looks at the gallery until its count
   * stops changing, then writes to the client. What it sent, and the gallery's e-mail if any.
   */
  async function lifeAfterUpload(
    before: (gallery: string) => Promise<void> = async () => {},
    clientZone?: string,
  ) {
    const held = await holdPortrait();
    const deposit = await openCheckout(held.path);
    await pay(deposit);
    expect((await deliver(await completedEvent(deposit), { env: mailbox().env })).status).toBe(200);
    const { gallery } = (await env.STORE_DB.prepare("SELECT gallery FROM bookings WHERE id = ?")
      .bind(held.id)
      .first<{ gallery: string }>()) ?? { gallery: "" };
    await uploadDemoPhotos(gallery, 2);
    await before(gallery);
    if (clientZone) {
      await env.STORE_DB.prepare("UPDATE bookings SET client_zone = ? WHERE id = ?")
        .bind(clientZone, held.id)
        .run();
    }
    const id = `${held.id}-after`;
    await using life = await introspectWorkflowInstance(env.BOOKING_LIFE, id);
    await life.modify(async (m) => {
      await m.disableSleeps();
    });
    await env.BOOKING_LIFE.create({
      id,
      params: { booking: held.id, origin: ORIGIN, siteTitle: "Jane Doe Photography", location: "" },
    });
    await life.waitForStatus("complete");
    const { sent } = (await life.getOutput()) as { sent: string[] };
    const mail = sent.includes("gallery")
      ? ((await life.waitForStepResult({ name: "the gallery's e-mail" })) as SentMail)
      : undefined;
    const morning = sent.includes("gallery")
      ? ((await life.waitForStepResult({ name: "the client's next sensible hour" })) as
          | number
          | null)
      : undefined;
    return { gallery, sent, mail, morning };
  }

  it("tells the client of their photographs in their morning when the upload ends in their night", async () => {
    // A zone where it is now about 03:00 (Etc/GMT-3 is three hours ahead of UTC).
    const ahead = (((3 - new Date().getUTCHours()) % 24) + 24) % 24;
    const hours = ahead > 14 ? ahead - 24 : ahead;
    const zone = hours === 0 ? "Etc/GMT" : `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`;
    const { sent, morning } = await lifeAfterUpload(async () => {}, zone);
    expect(sent).toEqual(["week", "day", "gallery"]);
    // Its e-mail waited until 09:00 there.
    expect(typeof morning).toBe("number");
    const hour = new Intl.DateTimeFormat("en", {
      timeZone: zone,
      hour: "numeric",
      hourCycle: "h23",
    });
    expect(Number(hour.format(morning ?? 0))).toBe(9);
  });

  it("tells the client once the owner's upload to the shoot's gallery is done", async () => {
    const { gallery, sent, mail } = await lifeAfterUpload();
    expect(sent).toEqual(["week", "day", "gallery"]);
    expect(mail?.to).toBe("ana@example.com");
    expect(mail?.subject).toBe("Your photographs are ready: Portrait session");
    expect(mail?.text).toContain(`are in your gallery:\n${ORIGIN}/g/${gallery}\n`);
  });

  it("tells the client nothing of a gallery the owner turned off: its link would lead nowhere", async () => {
    const { sent } = await lifeAfterUpload(async (gallery) => {
      await studioWrite({ patch: { id: `clientGallery.${gallery}`, set: { enabled: false } } });
      await env.CLIENT_GALLERY.getByName(gallery).refresh(gallery);
    });
    expect(sent).toEqual(["week", "day"]);
  });

  it("reminds nobody of a booking that is not booked", async () => {
    const id = crypto.randomUUID();
    await using life = await introspectWorkflowInstance(env.BOOKING_LIFE, id);
    await life.modify(async (m) => {
      await m.disableSleeps();
    });
    await env.BOOKING_LIFE.create({
      id,
      params: { booking: id, origin: ORIGIN, siteTitle: "Jane Doe Photography", location: "" },
    });
    await life.waitForStatus("complete");
    expect(await life.getOutput()).toEqual({ sent: [] });
  });
});

describe("the balance", () => {
  it("is paid on Stripe once, invoiced with the next number, and receipted", async () => {
    const { path, id } = await bookPortrait();
    const page = await request(path);
    expect(page.body).toContain("The balance of €175.00 is paid before the shoot.");
    expect(page.body).toContain("Pay the €175.00 balance");
    const session = await openCheckout(path, "balance");
    // A second click: the same payment page.
    expect(await openCheckout(path, "balance")).toBe(session);
    await pay(session);
    const event = await completedEvent(session);
    // Signed as Stripe signs, but for another amount: not recorded.
    const forged = structuredClone(event) as typeof event & {
      data: { object: { amount_subtotal: number; amount_total: number } };
    };
    forged.id = `${event.id}x`;
    forged.data.object.amount_subtotal = 100;
    forged.data.object.amount_total = 100;
    expect((await deliver(forged, { env: mailbox().env })).status).toBe(200);
    expect(await balancePaidAt(id)).toBeNull();
    const mail = mailbox();
    expect((await deliver(event, { env: mail.env })).status).toBe(200);
    expect(await balancePaidAt(id)).toEqual(expect.any(Number));
    const [receipt] = mail.sent;
    expect(mail.sent).toHaveLength(1);
    expect(receipt?.to).toBe("ana@example.com");
    expect(receipt?.subject).toMatch(/^Balance paid: Portrait session, /);
    expect(receipt?.text).toContain("the balance of €175.00 for your Portrait session on");
    expect(receipt?.text).toContain(`Your invoice: http://localhost${path}/invoices/balance`);
    // Told again: nothing more.
    const again = mailbox();
    expect((await deliver(event, { env: again.env })).status).toBe(200);
    expect(again.sent).toHaveLength(0);
    // The page: all paid, both invoices, numbered one after the other in the year.
    const paid = await request(path);
    expect(paid.body).toContain("The balance of €175.00 is paid too: thank you.");
    expect(paid.body).not.toContain("Pay the €175.00 balance");
    const numbers = [
      ...paid.body.matchAll(/Invoice (\d{4})-(\d{4}) for (your deposit|the balance)/g),
    ];
    expect(numbers.map((each) => each[3])).toEqual(["your deposit", "the balance"]);
    const [depositNumber, balanceNumber] = numbers.map((each) => Number(each[2]));
    expect(balanceNumber).toBeGreaterThan(depositNumber ?? Infinity);
    const invoice = await request(`${path}/invoices/balance`);
    expect(invoice.status).toBe(200);
    expect(invoice.body).toContain("Balance: Portrait session, ");
    expect(invoice.body).toMatch(/data-invoice-total="?[^>]*>€175.00</);
    expect((await request(`${path}/invoices/balance.pdf`)).headers.get("Content-Type")).toBe(
      "application/pdf",
    );
    // Asked to pay again: back to the page, not to Stripe.
    const twice = await form(`${path}/balance`);
    expect(twice.status).toBe(303);
    expect(twice.headers.get("Location")).toBe(path);
    // The owner's copy says so; the client's document still links it once.
    expect((await studioDocument(`booking.${id}`))?.balancePaidAt).toEqual(expect.any(String));
    const client = await studioDocument(await clientDocumentId("ana@example.com"));
    const links = (client?.bookings ?? []) as { _ref: string }[];
    expect(links.filter((each) => each._ref === `booking.${id}`)).toHaveLength(1);
  });

  it("is charged with tax and invoiced under the owner's heading after /book was turned off", async () => {
    const { path, id } = await bookPortrait();
    await withBookingOff(
      id,
      async (content) => {
        const session = await openCheckout(path, "balance", content);
        expect((await stripe().checkout.sessions.retrieve(session)).automatic_tax).toMatchObject({
          enabled: true,
        });
        await pay(session);
        const mail = mailbox();
        const told = await deliver(await completedEvent(session), {
          env: { ...content, CLIENT_MAIL: mail.env.CLIENT_MAIL },
        });
        expect(told.status).toBe(200);
        const invoice = await request(`${path}/invoices/balance`, { env: content });
        expect(invoice.status).toBe(200);
        expect(invoice.body).toContain("Jane Doe Photography");
        expect(invoice.body).toContain("Calle de la Ribera 1, 48005 Bilbao, Spain");
      },
      { patch: { id: "storeSettings", set: { tax: true } } },
    );
  });

  it("refunds in full a second payment page paid for the same payment", async () => {
    const { path, id } = await bookPortrait();
    const [recorded, extra] = await twoPagesPaid(path, id, "balance");
    expect((await deliver(recorded, { env: mailbox().env })).status).toBe(200);
    const mail = mailbox();
    expect((await deliver(extra, { env: mail.env })).status).toBe(200);
    expect((await deliver(extra, { env: mail.env })).status).toBe(200);
    const instalments = await env.STORE_DB.prepare(
      "SELECT payment_intent FROM booking_instalments WHERE booking = ?",
    )
      .bind(id)
      .all<{ payment_intent: string }>();
    expect(instalments.results).toEqual([{ payment_intent: paymentOf(recorded) }]);
    expect(await refunds(paymentOf(extra))).toEqual([17_500]);
    expect(await refunds(paymentOf(recorded))).toEqual([]);
    expect(mail.sent).toHaveLength(0);
  });

  it("is not asked before the deposit, and has no invoice before it is paid", async () => {
    const { path } = await holdPortrait();
    const early = await form(`${path}/balance`);
    expect(early.status).toBe(303);
    expect(early.headers.get("Location")).toBe(path);
    expect((await form(`/book/held/${crypto.randomUUID()}/balance`)).status).toBe(404);
    const booked = await bookPortrait();
    expect((await request(`${booked.path}/invoices/balance`)).status).toBe(404);
    expect((await request(`${booked.path}/invoices/balance.pdf`)).status).toBe(404);
    expect((await request(`${booked.path}/invoices/other`)).status).toBe(404);
  });
});

describe("a payment plan", () => {
  it("asks for the balance in the session type's instalments, one after the other, each invoiced", async () => {
    // The demo's family afternoon: €600, a €150 deposit, the €450 balance in three.
    const { path, id } = await booked({ type: "family-afternoon" });
    const page = (await request(path)).body;
    expect(page).toMatch(
      /The balance of €450.00 is paid in 3 instalments\. The next, €150.00, is due on \d+ \w+ \d{4}\./,
    );
    for (const n of [1, 2, 3]) {
      const before = (await request(path)).body;
      expect(before).toContain(`Pay instalment ${n} of 3: €150.00`);
      const session = await openCheckout(path, "balance");
      await pay(session);
      const event = await completedEvent(session);
      const mail = mailbox();
      expect((await deliver(event, { env: mail.env })).status).toBe(200);
      // Told again: nothing more, and nothing amiss in the log.
      const again = mailbox();
      const logs = captureLogs();
      expect((await deliver(event, { env: again.env })).status).toBe(200);
      expect(again.sent).toHaveLength(0);
      expect(logs.messages("error")).toEqual([]);
      const [receipt] = mail.sent;
      expect(mail.sent).toHaveLength(1);
      expect(receipt?.subject).toMatch(
        new RegExp(`^Instalment ${n} of 3 paid: Family afternoon, `),
      );
      expect(receipt?.text).toContain(`instalment ${n} of 3 for your Family afternoon on `);
      const kind = n === 1 ? "balance" : `balance-${n}`;
      expect(receipt?.text).toContain(`Your invoice: http://localhost${path}/invoices/${kind}`);
      expect(receipt?.text).toContain(
        n < 3
          ? `€${450 - n * 150}.00 is left to pay; the next instalment, €150.00, is due on `
          : "The balance is now paid in full.",
      );
      const invoice = await request(`${path}/invoices/${kind}`);
      expect(invoice.body).toContain(`Instalment ${n} of 3: Family afternoon, `);
      expect(invoice.body).toMatch(/data-invoice-total="?[^>]*>€150.00</);
    }
    const paid = (await request(path)).body;
    expect(paid).toContain("The balance of €450.00 is paid too: thank you.");
    expect(paid).not.toContain("Pay instalment");
    expect(
      [...paid.matchAll(/Invoice \d{4}-\d{4} for (instalment \d of 3)/g)].map((m) => m[1]),
    ).toEqual(["instalment 1 of 3", "instalment 2 of 3", "instalment 3 of 3"]);
    expect(
      (
        await env.STORE_DB.prepare("SELECT n FROM booking_instalments WHERE booking = ? ORDER BY n")
          .bind(id)
          .all<{ n: number }>()
      ).results.map((each) => each.n),
    ).toEqual([1, 2, 3]);
    // Nothing more to pay: back to the page.
    expect((await form(`${path}/balance`)).headers.get("Location")).toBe(path);
    expect((await studioDocument(`booking.${id}`))?.balance).toBe(
      "€450.00 in 3 instalments, 3 paid",
    );
  });
});

describe("a payment plan's pages", () => {
  it("opens the next instalment's own page after one was paid on an older page than the one kept", async () => {
    const { path, id } = await booked({ type: "family-afternoon" });
    const older = await openCheckout(path, "balance");
    // Under a minute left on it: asked again (from another tab), a new page for instalment 1.
    await env.STORE_DB.prepare("UPDATE bookings SET balance_expires_at = ? WHERE id = ?")
      .bind(Date.now() + 30_000, id)
      .run();
    const kept = await openCheckout(path, "balance");
    expect(kept).not.toBe(older);
    await pay(older);
    expect((await deliver(await completedEvent(older), { env: mailbox().env })).status).toBe(200);
    const next = await openCheckout(path, "balance");
    expect([older, kept]).not.toContain(next);
    const page = await stripe().checkout.sessions.retrieve(next);
    expect(page.metadata?.instalment).toBe("2");
    expect(page.amount_total).toBe(15_000);
  });
});

describe("a dispute of a booking's payment", () => {
  const depositOf = async (id: string) =>
    String(
      (
        await env.STORE_DB.prepare("SELECT payment_intent FROM bookings WHERE id = ?")
          .bind(id)
          .first<{ payment_intent: string }>()
      )?.payment_intent,
    );

  it("is shown to the owner in the Studio until the bank decides it, and the booking stands", async () => {
    const { id, path } = await booked();
    const { dispute, created } = await disputePayment(await depositOf(id));
    const logs = captureLogs();
    const answer = await deliver(created);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: true, applied: true });
    expect(logs.messages("warn")).toContain("A dispute of a booking's payment changed");
    const copy = await studioDocument(`booking.${id}`);
    expect(copy?.status).toBe("booked");
    expect(copy?.disputes).toEqual([
      {
        _key: dispute,
        _type: "bookingDispute",
        payment: "Deposit",
        amount: "€75.00",
        standing: "open",
        answerBy: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    // The client's booking is the owner's to keep or cancel: its page is as it was.
    expect((await request(path)).body).toContain("Pay the €175.00 balance");
    expect((await deliver(await decide(dispute, "lost"))).status).toBe(200);
    expect((await studioDocument(`booking.${id}`))?.disputes).toEqual([
      {
        _key: dispute,
        _type: "bookingDispute",
        payment: "Deposit",
        amount: "€75.00",
        standing: "lost",
      },
    ]);
  });

  it("shows the owner a refund of it that the client's bank refused, to make another way", async () => {
    const { id } = await booked();
    const paymentIntent = await depositOf(id);
    // Refunded (from Stripe's dashboard, say), then refused by the client's bank.
    const refund = await stripe().refunds.create({ payment_intent: paymentIntent });
    const failed = await refuseRefund(refund.id);
    const logs = captureLogs();
    const answer = await deliver(failed);
    expect(JSON.parse(answer.body)).toEqual({ received: true, applied: true });
    expect(logs.messages("error")).toContain(
      "The client's bank refused a booking's refund: the money is back with the owner",
    );
    expect((await studioDocument(`booking.${id}`))?.refundFailed).toBe(
      "The client's bank refused a refund (expired_or_canceled_card): the money is back with you; refund them another way.",
    );
  });

  it("told before the payment it disputes is recorded, is recorded once Stripe sends it again after", async () => {
    const { path, id } = await booked({ type: "family-afternoon" });
    const session = await openCheckout(path, "balance");
    await pay(session);
    const event = await completedEvent(session);
    const { created } = await disputePayment(paymentOf(event));
    const logs = captureLogs();
    expect((await deliver(created)).status).toBe(500);
    expect(logs.messages("error")).toContain(
      "A Stripe event could not be applied; Stripe will send it again",
    );
    expect((await deliver(event, { env: mailbox().env })).status).toBe(200);
    expect((await deliver(created)).status).toBe(200);
    expect((await studioDocument(`booking.${id}`))?.disputes).toMatchObject([
      { payment: "Instalment 1 of 3", amount: "€150.00", standing: "open" },
    ]);
  });

  it("names the instalment disputed, and stays won when the bank's decision is told before its opening", async () => {
    const { path, id } = await booked({ type: "family-afternoon" });
    const session = await openCheckout(path, "balance");
    await pay(session);
    const event = await completedEvent(session);
    expect((await deliver(event, { env: mailbox().env })).status).toBe(200);
    const { dispute, created } = await disputePayment(paymentOf(event));
    const closed = await decide(dispute, "won");
    expect((await deliver(closed)).status).toBe(200);
    expect((await deliver(created)).status).toBe(200);
    expect((await studioDocument(`booking.${id}`))?.disputes).toEqual([
      {
        _key: dispute,
        _type: "bookingDispute",
        payment: "Instalment 1 of 3",
        amount: "€150.00",
        standing: "won",
      },
    ]);
  });
});
