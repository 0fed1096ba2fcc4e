// A buyer who leaves without paying: Stripe keeps the e-mail they typed and their answer to
// the offers box, and the session's `checkout.session.expired` carries both (for a recovery
// e-mail). A session also expires on its own once its `expires_at` passes, with one event.
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Harness, printOrder, startHarness, verify } from "./test-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());
afterEach(() => {
  vi.useRealTimers();
});

function control(harness: Harness, path: string, body: object): Promise<Response> {
  return fetch(`${harness.service.url}/_control/${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
}

/** A print order that asks for consent to offers, the buyer's e-mail not known beforehand. */
function askingOrder(): Stripe.Checkout.SessionCreateParams {
  const { customer_email: _, ...order } = printOrder();
  return { ...order, consent_collection: { promotions: "auto" } };
}

const expiredEvents = (harness: Harness, id: string) =>
  harness.service
    .events()
    .filter(
      ({ event }) =>
        event.type === "checkout.session.expired" &&
        (event.data.object as Stripe.Checkout.Session).id === id,
    );

describe("a buyer who leaves", () => {
  it("is remembered on the session, and the expired event carries their e-mail and consent", async () => {
    const session = await h.stripe.checkout.sessions.create(askingOrder());
    expect(session.customer_details).toBeNull();
    const events = h.service.events().length;
    const left = await control(h, `checkout/sessions/${session.id}/leave`, {
      email: "leaver@example.com",
      promotions: "opt_in",
    });
    expect(left.status).toBe(200);
    expect(h.service.events()).toHaveLength(events); // leaving sends nothing
    const open = await h.stripe.checkout.sessions.retrieve(session.id);
    expect(open).toMatchObject({
      status: "open",
      customer_details: { email: "leaver@example.com" },
      consent: { promotions: "opt_in", terms_of_service: null },
    });

    const from = h.receiver.received.length;
    await h.stripe.checkout.sessions.expire(session.id);
    const [sent] = (await h.receiver.waitFor(from + 1)).slice(from);
    const event = await verify(sent?.body ?? "", String(sent?.headers["stripe-signature"]));
    expect(event.type).toBe("checkout.session.expired");
    expect(event.data.object).toMatchObject({
      id: session.id,
      status: "expired",
      customer_details: { email: "leaver@example.com" },
      consent: { promotions: "opt_in" },
    });
  });

  it("is refused on a closed session, without an e-mail, or with consent not asked for", async () => {
    const asked = await h.stripe.checkout.sessions.create(askingOrder());
    const leave = (id: string, body: object) => control(h, `checkout/sessions/${id}/leave`, body);
    expect((await leave(asked.id, { email: "not-an-address" })).status).toBe(400);
    expect((await leave(asked.id, { email: "a@example.com", promotions: "yes" })).status).toBe(400);
    // Unticked: the e-mail kept, consent still unanswered.
    expect((await leave(asked.id, { email: "a@example.com" })).status).toBe(200);
    expect((await h.stripe.checkout.sessions.retrieve(asked.id)).consent).toBeNull();

    const unasked = await h.stripe.checkout.sessions.create(printOrder());
    const refused = await leave(unasked.id, { email: "a@example.com", promotions: "opt_out" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { type: "invalid_request_error" } });

    await h.stripe.checkout.sessions.expire(asked.id);
    expect((await leave(asked.id, { email: "a@example.com" })).status).toBe(400);
  });
});

describe("a session past its expires_at", () => {
  it("expires as the next request arrives, with one event", async () => {
    const own = await startHarness();
    try {
      const session = await own.stripe.checkout.sessions.create(askingOrder());
      await control(own, `checkout/sessions/${session.id}/leave`, {
        email: "late@example.com",
        promotions: "opt_out",
      });
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime((session.expires_at + 1) * 1000);
      const read = await own.stripe.checkout.sessions.retrieve(session.id);
      expect(read).toMatchObject({ status: "expired", url: null });
      await own.stripe.checkout.sessions.retrieve(session.id);
      const expired = expiredEvents(own, session.id);
      expect(expired).toHaveLength(1);
      expect(expired[0]?.event.data.object).toMatchObject({
        customer_details: { email: "late@example.com" },
        consent: { promotions: "opt_out" },
      });
      const page = await fetch(session.url as string);
      expect(await page.text()).toContain("This Checkout Session is no longer active.");
    } finally {
      await own.close();
    }
  });

  it("expires on its own when no request comes", async () => {
    const own = await startHarness({ sweepEveryMs: 20 });
    try {
      const session = await own.stripe.checkout.sessions.create(printOrder());
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime((session.expires_at + 1) * 1000);
      await vi.waitFor(() => expect(expiredEvents(own, session.id)).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 100)); // several sweeps more
      expect(expiredEvents(own, session.id)).toHaveLength(1);
      await own.service.settled();
      const [sent] = own.receiver.received;
      expect(JSON.parse(sent?.body ?? "{}")).toMatchObject({
        type: "checkout.session.expired",
        data: { object: { id: session.id, status: "expired" } },
      });
    } finally {
      await own.close();
    }
  });

  it("expires at once through the control API, as its hour passing would: one event, then refused", async () => {
    const session = await h.stripe.checkout.sessions.create(printOrder());
    const done = await control(h, `checkout/sessions/${session.id}/expire`, {});
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: session.id, status: "expired", url: null });
    expect(expiredEvents(h, session.id)).toHaveLength(1);
    const again = await control(h, `checkout/sessions/${session.id}/expire`, {});
    expect(again.status).toBe(400);
    expect(expiredEvents(h, session.id)).toHaveLength(1);
  });
});
