// Cancelling a booked session as the owner does in the Studio (the "Cancel booking" action writes
// who cancels into the booking's copy; the publish webhook tells the site), through the real
// worker, D1, the calendar's Durable Object, the Workflow and the payments stand-in: refunded by
// the owner's policy or in full, from the balance first, once whatever repeats; the time free
// again, the reminders over, the client told, the Studio's copy marked.
import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { describe, expect, it, vi } from "vitest";
import {
  announce,
  booked,
  calendarFailingAt,
  completedEvent,
  form,
  holdPortrait,
  mailbox,
  openCheckout,
  paymentOf,
  refunds,
  withBookingOff,
} from "./bookings.ts";
import { atFirstFetch, captureLogs, request, runCron } from "./harness.ts";
import { deliver, disputePayment, pay, stripe, studioDocument, studioWrite } from "./store.ts";

const DAY = 86_400_000;

/** The Studio's action: who cancels, written into the booking's copy at `askedAt`. */
async function askToCancel(id: string, by: "client" | "owner", askedAt = Date.now()) {
  await studioWrite({
    patch: {
      id: `booking.${id}`,
      set: { cancel: { by, requestedAt: new Date(askedAt).toISOString() } },
    },
  });
}

const row = (id: string) =>
  env.STORE_DB.prepare(
    `SELECT status, cancelled_by, refunded, payment_intent,
      (SELECT payment_intent FROM booking_instalments WHERE booking = bookings.id AND n = 1)
        AS balance_intent
    FROM bookings WHERE id = ?`,
  )
    .bind(id)
    .first<{
      status: string;
      cancelled_by: string | null;
      refunded: number | null;
      payment_intent: string;
      balance_intent: string | null;
    }>();

describe("cancelling a booking", () => {
  it("by the owner as the client pays the balance: that payment is refunded too", async () => {
    const { path, id } = await booked();
    const rest = await openCheckout(path, "balance");
    await pay(rest);
    const paying = await completedEvent(rest);
    await askToCancel(id, "owner");
    // Stripe's event for the balance reaches the site the moment the cancellation asks Stripe
    // for its first refund (reckoned without it).
    const landed = await atFirstFetch(
      "/v1/refunds",
      async () => expect((await deliver(paying, { env: mailbox().env })).status).toBe(200),
      async () => expect((await announce(id)).status).toBe(200),
    );
    expect(landed).toBe(true);
    const after = await row(id);
    expect(after).toMatchObject({ status: "cancelled", cancelled_by: "owner", refunded: 25_000 });
    expect(after?.balance_intent).toBe(paymentOf(paying));
    expect(await refunds(after?.balance_intent)).toEqual([17_500]);
    expect(await refunds(after?.payment_intent)).toEqual([7_500]);
  });

  it("by the owner with a payment disputed: the rest refunded, the disputed one left to the bank", async () => {
    const { id } = await booked({ balance: true });
    const { created } = await disputePayment(String((await row(id))?.payment_intent));
    expect((await deliver(created)).status).toBe(200);
    await askToCancel(id, "owner");
    expect((await announce(id)).status).toBe(200);
    const after = await row(id);
    expect(after).toMatchObject({ status: "cancelled", refunded: 17_500 });
    expect(await refunds(after?.balance_intent)).toEqual([17_500]);
    expect(await refunds(after?.payment_intent)).toEqual([]);
  });

  it("by the client after /book was turned off: by the owner's policy still", async () => {
    const { id, start } = await booked({ balance: true });
    const asked = new Date(start - 31 * DAY).toISOString();
    await withBookingOff(
      id,
      async (content) => {
        const told = await announce(id, {
          SANITY_API_HOST: content.SANITY_API_HOST,
          SANITY_PROJECT_ID: content.SANITY_PROJECT_ID,
          SANITY_TOKEN: content.SANITY_TOKEN,
        });
        expect(told.status).toBe(200);
      },
      { patch: { id: `booking.${id}`, set: { cancel: { by: "client", requestedAt: asked } } } },
    );
    expect(await row(id)).toMatchObject({ status: "cancelled", refunded: 25_000 });
  });

  it("by the client a month ahead: all paid back, balance first, the time free, the client told", async () => {
    const { path, id, start } = await booked({ balance: true });
    // Asked a month before, whichever day was free: the suite's holds fill the last days, and
    // in December, with the owner's days off, the last free one can be under 30 days away.
    await askToCancel(id, "client", start - 31 * DAY);
    const told = await announce(id);
    expect(told.status).toBe(200);
    const after = await row(id);
    expect(after).toMatchObject({ status: "cancelled", cancelled_by: "client", refunded: 25_000 });
    expect(await refunds(after?.balance_intent, after?.payment_intent)).toEqual([17_500, 7_500]);
    const [mail] = told.sent;
    expect(told.sent).toHaveLength(1);
    expect(mail?.to).toBe("ana@example.com");
    expect(mail?.subject).toMatch(/^Cancelled: Portrait session, /);
    expect(mail?.text).toContain("€250.00 is refunded to the card you paid with.");
    // The invitation again, cancelled, as its latest revision: the client's calendar drops it.
    const [invite] = mail?.attachments ?? [];
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(String(invite?.content))).getFirstSubcomponent("vevent") ??
        undefined,
    );
    expect(event.uid).toBe(`${id}@localhost`);
    expect(event.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(event.sequence).toBe(1);
    const page = (await request(path)).body;
    expect(page).toContain("Your session is cancelled");
    // The refund's credit note: the next number, the amounts below nought, linked and mailed.
    const number = /Credit note (\d{4}-\d{4}) for your refund/.exec(page)?.[1];
    expect(number).toBeDefined();
    expect(mail?.text).toContain(`Your credit note: http://localhost${path}/invoices/refund`);
    const credit = await request(`${path}/invoices/refund`);
    expect(credit.status).toBe(200);
    expect(credit.body).toContain(`Credit note ${number}`);
    expect(credit.body).toContain("-€250.00");
    expect(credit.body).toContain("Refunded to the card paid with, through Stripe, on ");
    const pdf = await request(`${path}/invoices/refund.pdf`);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    // The time is free again, for anyone; the reminders are over.
    expect(await env.BOOKING_CALENDAR.getByName("owner").held(id)).toBeUndefined();
    const again = await holdPortrait(start);
    expect(again.id).not.toBe(id);
    expect((await (await env.BOOKING_LIFE.get(id)).status()).status).toBe("terminated");
    // The owner's copy says so.
    expect(await studioDocument(`booking.${id}`)).toMatchObject({
      status: "cancelled",
      refunded: "€250.00",
      cancelledAt: expect.any(String),
    });
    // The webhook delivered again (Sanity retries; the site's own copy changed): nothing more.
    const twice = await announce(id);
    expect(twice.status).toBe(200);
    expect(twice.sent).toHaveLength(0);
    expect(await refunds(after?.balance_intent, after?.payment_intent)).toEqual([17_500, 7_500]);
    // And the balance cannot be asked for any more.
    expect((await form(`${path}/balance`)).headers.get("Location")).toBe(path);
  });

  it("frees the time at Sanity's next delivery when the calendar failed after the record, the client told once", async () => {
    const { id, start } = await booked();
    await askToCancel(id, "owner", start - 3 * DAY);
    // The calendar's object resets just as the cancellation frees the time.
    const { calendar, namespace } = calendarFailingAt("release");
    const cut = await announce(id, { BOOKING_CALENDAR: namespace });
    expect(cut.status).toBeGreaterThanOrEqual(500);
    expect(cut.sent).toHaveLength(1);
    expect((await row(id))?.status).toBe("cancelled");
    expect(await calendar.held(id)).toBeDefined();
    const again = await announce(id);
    expect(again.status).toBe(200);
    expect(again.sent).toHaveLength(0);
    expect(await calendar.held(id)).toBeUndefined();
  });

  it("follows the policy: half from 14 days before, nothing sooner, all when the owner cancels", async () => {
    const half = await booked();
    await askToCancel(half.id, "client", half.start - 20 * DAY);
    expect((await announce(half.id)).status).toBe(200);
    const halfRow = await row(half.id);
    expect(halfRow?.refunded).toBe(3_750);
    expect(await refunds(halfRow?.payment_intent)).toEqual([3_750]);

    const none = await booked();
    await askToCancel(none.id, "client", none.start - 5 * DAY);
    const told = await announce(none.id);
    expect((await row(none.id))?.refunded).toBe(0);
    expect(await refunds((await row(none.id))?.payment_intent)).toEqual([]);
    expect(told.sent[0]?.text).toContain("Under the cancellation policy, nothing is refunded.");
    // Nothing refunded, nothing credited.
    expect(told.sent[0]?.text).not.toContain("credit note");
    expect((await request(`${none.path}/invoices/refund`)).status).toBe(404);

    const owners = await booked();
    await askToCancel(owners.id, "owner", owners.start - DAY);
    expect((await announce(owners.id)).status).toBe(200);
    expect(await row(owners.id)).toMatchObject({ cancelled_by: "owner", refunded: 7_500 });
  });

  it("counts what the owner refunded in Stripe's dashboard: the policy's refund in all, the owner's in full", async () => {
    const byClient = await booked();
    const deposit = (await row(byClient.id))?.payment_intent ?? "";
    // A goodwill €20 the owner refunded by hand, with nothing of the site's on it.
    await stripe().refunds.create({ payment_intent: deposit, amount: 2_000 });
    await askToCancel(byClient.id, "client", byClient.start - 20 * DAY);
    expect((await announce(byClient.id)).status).toBe(200);
    // Half of the €75 in all (€37.50): €17.50 more, not €37.50 more.
    expect(await row(byClient.id)).toMatchObject({ status: "cancelled", refunded: 3_750 });
    expect(await refunds(deposit)).toEqual([2_000, 3_750]);

    const byOwner = await booked();
    const paid = (await row(byOwner.id))?.payment_intent ?? "";
    await stripe().refunds.create({ payment_intent: paid, amount: 2_000 });
    await askToCancel(byOwner.id, "owner", byOwner.start - DAY);
    // Stripe is asked for what it still holds (€55), not the whole €75 it would refuse.
    expect((await announce(byOwner.id)).status).toBe(200);
    expect(await row(byOwner.id)).toMatchObject({ status: "cancelled", refunded: 7_500 });
    expect(await refunds(paid)).toEqual([2_000, 7_500]);

    // More by hand (€50) than the policy gives (€37.50): nothing more, and the booking, its
    // credit note and the client's e-mail say what the client got back.
    const generous = await booked();
    const given = (await row(generous.id))?.payment_intent ?? "";
    await stripe().refunds.create({ payment_intent: given, amount: 5_000 });
    await askToCancel(generous.id, "client", generous.start - 20 * DAY);
    expect((await announce(generous.id)).status).toBe(200);
    expect(await row(generous.id)).toMatchObject({ status: "cancelled", refunded: 5_000 });
    expect(await refunds(given)).toEqual([5_000]);
    expect((await request(`${generous.path}/invoices/refund`)).body).toContain("-€50.00");
  });

  it("asked while D1 failed through Sanity's two retries, is carried out by the Cron Trigger", async () => {
    const { id } = await booked();
    await askToCancel(id, "owner");
    // The refund is made, then D1 refuses to record the cancellation, at each of Sanity's tries.
    await env.STORE_DB.exec(
      "CREATE TRIGGER d1_down BEFORE UPDATE OF status ON bookings WHEN NEW.status = 'cancelled' BEGIN SELECT RAISE(ABORT, 'D1 is unavailable'); END",
    );
    const logs = captureLogs();
    try {
      for (let delivery = 0; delivery < 3; delivery++) {
        expect((await announce(id)).status).toBeGreaterThanOrEqual(500);
      }
    } finally {
      await env.STORE_DB.exec("DROP TRIGGER d1_down");
    }
    expect((await row(id))?.status).toBe("booked");
    // While Sanity may still deliver it, it is left to Sanity; once it cannot, carried out.
    const mail = mailbox();
    await runCron("*/5 * * * *", { siteEnv: mail.env });
    expect((await row(id))?.status).toBe("booked");
    const later = Date.now() + 5 * 60_000;
    await runCron("*/5 * * * *", { siteEnv: mail.env, at: later });
    expect(await row(id)).toMatchObject({ status: "cancelled", cancelled_by: "owner" });
    expect(await refunds((await row(id))?.payment_intent)).toEqual([7_500]);
    expect(mail.sent.map((each) => each.subject)).toEqual([expect.stringMatching(/cancel/i)]);
    expect(logs.messages("warn")).toContain(
      "A cancellation asked for in the Studio was not carried out; carried out now",
    );
    // Carried out once: the next look finds nothing to do.
    await runCron("*/5 * * * *", { siteEnv: mail.env, at: later });
    expect(mail.sent).toHaveLength(1);
  });

  it("cut off after its refund, then the balance paid: the next delivery refunds what is left by the policy, not again", async () => {
    const { path, id, start } = await booked();
    await askToCancel(id, "client", start - 20 * DAY);
    // The refund is made at Stripe, and its answer is lost (the delivery cut off there).
    const fetch = globalThis.fetch;
    const lost = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const response = await fetch(input, init);
      const asked = new Request(input, init);
      if (asked.method === "POST" && asked.url.includes("/v1/refunds")) {
        throw new TypeError("Network connection lost.");
      }
      return response;
    });
    try {
      expect((await announce(id)).status).toBeGreaterThanOrEqual(500);
    } finally {
      lost.mockRestore();
    }
    expect((await row(id))?.status).toBe("booked");
    // Before Sanity delivers again, the client pays the balance.
    const rest = await openCheckout(path, "balance");
    await pay(rest);
    expect((await deliver(await completedEvent(rest), { env: mailbox().env })).status).toBe(200);
    expect((await announce(id)).status).toBe(200);
    // Half of all that was paid (€250), as the policy says: €37.50 of the deposit, €87.50 of
    // the balance.
    const after = await row(id);
    expect(after).toMatchObject({ status: "cancelled", refunded: 12_500 });
    expect(await refunds(after?.payment_intent)).toEqual([3_750]);
    expect(await refunds(after?.balance_intent)).toEqual([8_750]);
  });

  it("delivered again while a delivery refunds, as the balance lands: the second waits, the refunds are the policy's", async () => {
    const { path, id, start } = await booked();
    await askToCancel(id, "client", start - 20 * DAY);
    const rest = await openCheckout(path, "balance");
    await pay(rest);
    const paying = await completedEvent(rest);
    let again = 0;
    // At the first refund's moment, the balance's event lands and its copy makes Sanity deliver.
    const came = await atFirstFetch(
      "/v1/refunds",
      async () => {
        expect((await deliver(paying, { env: mailbox().env })).status).toBe(200);
        again = (await announce(id)).status;
      },
      async () => expect((await announce(id)).status).toBe(200),
    );
    expect(came).toBe(true);
    expect(again).toBeGreaterThanOrEqual(500);
    const after = await row(id);
    expect(after).toMatchObject({ status: "cancelled", refunded: 12_500 });
    expect(await refunds(after?.payment_intent)).toEqual([3_750]);
    expect(await refunds(after?.balance_intent)).toEqual([8_750]);
  });

  it("closes the balance's payment page left open, so nothing is paid after the cancellation", async () => {
    const { path, id, start } = await booked();
    const balance = await openCheckout(path, "balance");
    await askToCancel(id, "owner", start - 3 * DAY);
    expect((await announce(id)).status).toBe(200);
    expect((await row(id))?.status).toBe("cancelled");
    expect((await stripe().checkout.sessions.retrieve(balance)).status).toBe("expired");
  });

  it("changes nothing for a copy that asks nothing, or a booking not booked", async () => {
    const { id } = await booked();
    expect((await announce(id)).status).toBe(200);
    expect((await row(id))?.status).toBe("booked");
    // Held, its deposit asked for but not paid: nothing to cancel, nothing refunded.
    const held = await holdPortrait();
    await openCheckout(held.path);
    await studioWrite({
      createOrReplace: {
        _id: `booking.${held.id}`,
        _type: "booking",
        status: "booked",
        cancel: { by: "owner", requestedAt: new Date().toISOString() },
      },
    });
    const told = await announce(held.id);
    expect(told.status).toBe(200);
    expect(told.sent).toHaveLength(0);
    expect((await row(held.id))?.status).toBe("awaiting_deposit");
  });
});
