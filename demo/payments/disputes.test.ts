// Disputes: the control API opens one for the buyer's bank and decides it; the webhook hears
// `charge.dispute.created` and `charge.dispute.closed` with the dispute, as from Stripe.
import type Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Harness, nextDelivery, printOrder, startHarness } from "./test-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const control = (path: string, body: unknown) =>
  fetch(`${h.service.url}/_control${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });

async function paidIntent(): Promise<string> {
  const session = await h.stripe.checkout.sessions.create(printOrder());
  await control(`/checkout/sessions/${session.id}/complete`, { payment: "card" });
  await h.service.settled();
  return String((await h.stripe.checkout.sessions.retrieve(session.id)).payment_intent);
}

it("opens a dispute on a paid charge, then closes it as the bank decides", async () => {
  const intent = await paidIntent();
  const opened = nextDelivery(h);
  const answer = await control(`/payment_intents/${intent}/dispute`, { reason: "fraudulent" });
  expect(answer.status).toBe(200);
  const created = await opened;
  expect(created.type).toBe("charge.dispute.created");
  const dispute = created.data.object as Stripe.Dispute;
  expect(dispute).toMatchObject({
    object: "dispute",
    payment_intent: intent,
    reason: "fraudulent",
    status: "needs_response",
  });
  expect(dispute.evidence_details.due_by).toBeGreaterThan(dispute.created);
  const charge = await h.stripe.charges.retrieve(String(dispute.charge));
  expect(charge.disputed).toBe(true);
  expect((await h.stripe.disputes.retrieve(dispute.id)).amount).toBe(charge.amount);

  const closing = nextDelivery(h);
  expect((await control(`/disputes/${dispute.id}/close`, { outcome: "lost" })).status).toBe(200);
  const closed = await closing;
  expect(closed.type).toBe("charge.dispute.closed");
  expect(closed.data.object).toMatchObject({ id: dispute.id, status: "lost" });
  expect(closed.data.previous_attributes).toEqual({ status: "needs_response" });
});

it("refuses a second dispute, a decided one decided again, and what does not exist", async () => {
  const intent = await paidIntent();
  const first = (await (
    await control(`/payment_intents/${intent}/dispute`, {})
  ).json()) as Stripe.Dispute;
  expect((await control(`/payment_intents/${intent}/dispute`, {})).status).toBe(400);
  expect((await control(`/disputes/${first.id}/close`, { outcome: "maybe" })).status).toBe(400);
  expect((await control(`/disputes/${first.id}/close`, { outcome: "won" })).status).toBe(200);
  expect((await control(`/disputes/${first.id}/close`, { outcome: "lost" })).status).toBe(400);
  expect((await control("/payment_intents/pi_missing/dispute", {})).status).toBe(404);
  expect((await control("/disputes/dp_missing/close", { outcome: "won" })).status).toBe(404);
});
