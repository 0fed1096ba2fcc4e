// "Pay later": a bank transfer completes the session unpaid, and the money arriving (or not)
// is a second event, settled by the control API or by the stand-in itself after a delay.
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerForm, type Harness, printOrder, startHarness, verify } from "./test-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function events(from: number, count: number): Promise<Stripe.Event[]> {
  const received = (await h.receiver.waitFor(from + count)).slice(from, from + count);
  return Promise.all(
    received.map((sent) => verify(sent.body, String(sent.headers["stripe-signature"]))),
  );
}

async function payLater(harness: Harness): Promise<Stripe.Checkout.Session> {
  const session = await harness.stripe.checkout.sessions.create(printOrder());
  const answer = await fetch(session.url as string, {
    method: "POST",
    body: buyerForm("pay_later"),
    redirect: "manual",
  });
  expect(answer.status).toBe(303);
  return session;
}

const settle = (id: string, outcome: string) =>
  fetch(`${h.service.url}/_control/checkout/sessions/${id}/settle`, {
    method: "POST",
    body: JSON.stringify({ outcome }),
    headers: { "content-type": "application/json" },
  });

describe("a bank transfer", () => {
  it("completes unpaid, then succeeds", async () => {
    const from = h.receiver.received.length;
    const session = await payLater(h);
    const [completed] = await events(from, 1);
    expect(completed?.type).toBe("checkout.session.completed");
    expect(completed?.data.object).toMatchObject({ status: "complete", payment_status: "unpaid" });
    const waiting = await h.stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent"],
    });
    expect(waiting.payment_intent).toMatchObject({
      status: "requires_action",
      latest_charge: null,
      payment_method_types: ["customer_balance"],
      next_action: { type: "display_bank_transfer_instructions" },
    });

    expect((await settle(session.id, "succeeded")).status).toBe(200);
    const [succeeded] = await events(from + 1, 1);
    expect(succeeded?.type).toBe("checkout.session.async_payment_succeeded");
    expect(succeeded?.data.object).toMatchObject({ id: session.id, payment_status: "paid" });
    const intentId = (waiting.payment_intent as Stripe.PaymentIntent).id;
    const intent = await h.stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
    expect(intent.status).toBe("succeeded");
    expect((intent.latest_charge as Stripe.Charge).payment_method_details?.type).toBe(
      "customer_balance",
    );
    expect((await settle(session.id, "succeeded")).status).toBe(400);
  });

  it("completes unpaid, then fails", async () => {
    const from = h.receiver.received.length;
    const session = await payLater(h);
    await settle(session.id, "failed");
    const [, failed] = await events(from, 2);
    expect(failed?.type).toBe("checkout.session.async_payment_failed");
    expect(failed?.data.object).toMatchObject({ id: session.id, payment_status: "unpaid" });
  });

  it("settles by itself when the stand-in is told to", async () => {
    const own = await startHarness({ asyncPayment: { afterMs: 5, outcome: "succeeded" } });
    try {
      await payLater(own);
      const sent = await own.receiver.waitFor(2);
      const types = await Promise.all(
        sent.map(async (s) => (await verify(s.body, String(s.headers["stripe-signature"]))).type),
      );
      expect(types).toEqual([
        "checkout.session.completed",
        "checkout.session.async_payment_succeeded",
      ]);
    } finally {
      await own.close();
    }
  });
});
