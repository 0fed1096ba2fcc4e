// Refunds through the SDK: part, then the rest, then nothing left; each one tells the webhook
// `charge.refunded` with the charge as it now stands.
import type Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Harness, nextDelivery, printOrder, startHarness } from "./test-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function paidSession(): Promise<Stripe.Checkout.Session> {
  const session = await h.stripe.checkout.sessions.create(printOrder());
  await fetch(`${h.service.url}/_control/checkout/sessions/${session.id}/complete`, {
    method: "POST",
    body: JSON.stringify({ payment: "card" }),
    headers: { "content-type": "application/json" },
  });
  return h.stripe.checkout.sessions.retrieve(session.id);
}

it("refunds part of a payment, then the rest, with charge.refunded each time", async () => {
  const session = await paidSession();
  const intentId = session.payment_intent as string;
  const total = session.amount_total as number;
  await h.service.settled();

  const delivered = nextDelivery(h);
  const part = await h.stripe.refunds.create(
    { payment_intent: intentId, amount: 4500, metadata: { reason: "one print damaged" } },
    { idempotencyKey: "refund-ord-42-1" },
  );
  expect(part).toMatchObject({
    object: "refund",
    amount: 4500,
    currency: "eur",
    status: "succeeded",
    payment_intent: intentId,
    metadata: { reason: "one print damaged" },
  });
  const event = await delivered;
  expect(event.type).toBe("charge.refunded");
  expect(event.request).toEqual({
    id: part.lastResponse.requestId,
    idempotency_key: "refund-ord-42-1",
  });
  expect(event.data.object).toMatchObject({
    object: "charge",
    id: part.charge,
    amount: total,
    amount_refunded: 4500,
    refunded: false,
  });
  expect(event.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });

  const rest = nextDelivery(h);
  const remainder = await h.stripe.refunds.create({ payment_intent: intentId });
  expect(remainder.amount).toBe(total - 4500);
  expect((await rest).data.object).toMatchObject({ amount_refunded: total, refunded: true });
  expect((await h.stripe.refunds.retrieve(remainder.id)).amount).toBe(total - 4500);

  await expect(h.stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
    type: "StripeInvalidRequestError",
    code: "charge_already_refunded",
  });
});

it("refuses more than was paid, and a payment not made", async () => {
  const session = await paidSession();
  await expect(
    h.stripe.refunds.create({
      payment_intent: session.payment_intent as string,
      amount: (session.amount_total as number) + 1,
    }),
  ).rejects.toMatchObject({ statusCode: 400, param: "amount" });

  const unpaid = await h.stripe.checkout.sessions.create(printOrder());
  await fetch(`${h.service.url}/_control/checkout/sessions/${unpaid.id}/complete`, {
    method: "POST",
    body: JSON.stringify({ payment: "bank_transfer" }),
    headers: { "content-type": "application/json" },
  });
  const waiting = await h.stripe.checkout.sessions.retrieve(unpaid.id);
  await expect(
    h.stripe.refunds.create({ payment_intent: waiting.payment_intent as string }),
  ).rejects.toThrow(/does not have a successful charge to refund/);
  await expect(h.stripe.refunds.create({ payment_intent: "pi_nothing" })).rejects.toMatchObject({
    statusCode: 404,
    code: "resource_missing",
  });
});

it("has a refund refused by the buyer's bank afterwards, with refund.failed, the charge unrefunded again", async () => {
  const session = await paidSession();
  const intentId = session.payment_intent as string;
  await h.service.settled();
  const refunded = nextDelivery(h);
  const refund = await h.stripe.refunds.create({ payment_intent: intentId });
  await refunded;
  const failed = nextDelivery(h);
  const answer = await fetch(`${h.service.url}/_control/refunds/${refund.id}/fail`, {
    method: "POST",
    body: JSON.stringify({ reason: "lost_or_stolen_card" }),
    headers: { "content-type": "application/json" },
  });
  expect(answer.status).toBe(200);
  const event = await failed;
  expect(event.type).toBe("refund.failed");
  expect(event.data.object).toMatchObject({
    id: refund.id,
    status: "failed",
    failure_reason: "lost_or_stolen_card",
    payment_intent: intentId,
  });
  expect(event.data.previous_attributes).toEqual({ status: "succeeded" });
  expect(await h.stripe.refunds.retrieve(refund.id)).toMatchObject({ status: "failed" });
  const charge = await h.stripe.charges.retrieve(String(refund.charge));
  expect(charge).toMatchObject({ amount_refunded: 0, refunded: false });
  // Refused once, it cannot be refused again.
  const again = await fetch(`${h.service.url}/_control/refunds/${refund.id}/fail`, {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json" },
  });
  expect(again.status).toBe(400);
});
