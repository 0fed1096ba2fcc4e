// Webhook delivery as Stripe does it: a failure (an error status, nobody listening) is retried
// with backoff, an event may come twice, the endpoint can be set after the start, and the
// control API shows every attempt.
import { afterEach, expect, it } from "vitest";
import { startReceiver } from "../receiver.ts";
import type { EventRecord } from "./events.ts";
import { type Harness, printOrder, startHarness, verify } from "./test-support.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function complete(harness: Harness): Promise<string> {
  const session = await harness.stripe.checkout.sessions.create(printOrder());
  await fetch(`${harness.service.url}/_control/checkout/sessions/${session.id}/complete`, {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json" },
  });
  return session.id;
}

it("retries a delivery the endpoint failed, until it succeeds", async () => {
  h = await startHarness();
  h.receiver.answers.push(500, 503);
  await complete(h);
  const sent = await h.receiver.waitFor(3);
  expect(new Set(sent.map((s) => JSON.parse(s.body).id)).size).toBe(1);
  // Each attempt is signed anew, and each verifies.
  for (const attempt of sent)
    await verify(attempt.body, String(attempt.headers["stripe-signature"]));
  await h.service.settled();
  const [record] = h.service.events();
  expect(record?.deliveries[0]?.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
  expect(record?.deliveries[0]?.delivered).toBe(true);
  expect(record?.event.pending_webhooks).toBe(0);

  const listed = (await (await fetch(`${h.service.url}/_control/events`)).json()) as EventRecord[];
  expect(listed[0]?.deliveries[0]?.attempts).toHaveLength(3);
});

it("gives up after its retries when nobody answers", async () => {
  h = await startHarness();
  await h.receiver.close();
  await complete(h);
  await h.service.settled();
  const [record] = h.service.events();
  const attempts = record?.deliveries[0]?.attempts ?? [];
  expect(attempts).toHaveLength(3); // the first try and two retries
  expect(attempts.every((a) => !a.ok && a.status === undefined && a.error)).toBe(true);
  expect(record?.deliveries[0]?.delivered).toBe(false);
  expect(record?.event.pending_webhooks).toBe(1);
});

it("sends an event again with the same id, for replays", async () => {
  h = await startHarness();
  await complete(h);
  await h.service.settled();
  const id = h.service.events()[0]?.event.id;
  await fetch(`${h.service.url}/_control/events/${id}/resend`, { method: "POST", body: "{}" });
  const sent = await h.receiver.waitFor(2);
  const [first, second] = await Promise.all(
    sent.map((s) => verify(s.body, String(s.headers["stripe-signature"]))),
  );
  expect(second?.id).toBe(first?.id);
  expect(second?.data.object).toEqual(first?.data.object);
});

it("keeps events without an endpoint, and sends new ones once it is set", async () => {
  h = await startHarness({ webhookUrl: undefined });
  await complete(h);
  expect(h.service.events()[0]?.deliveries).toEqual([]);
  const late = await startReceiver();
  try {
    h.service.setWebhookUrl(`${late.url}/hooks`);
    await complete(h);
    const [sent] = await late.waitFor(1);
    expect((await verify(sent?.body ?? "", String(sent?.headers["stripe-signature"]))).type).toBe(
      "checkout.session.completed",
    );
    expect(h.receiver.received).toEqual([]);
  } finally {
    await late.close();
  }
});

it("forgets everything on reset", async () => {
  h = await startHarness();
  const id = await complete(h);
  await fetch(`${h.service.url}/_control/reset`, { method: "POST", body: "{}" });
  expect(h.service.events()).toEqual([]);
  await expect(h.stripe.checkout.sessions.retrieve(id)).rejects.toMatchObject({ statusCode: 404 });
});
