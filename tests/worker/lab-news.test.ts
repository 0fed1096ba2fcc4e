// The lab's news through the real worker, D1, the queue, the lab stand-in (Prodigi's API and
// its CloudEvents callbacks) and the demo content service (the Studio's copies): a lab order
// carries an address of its own for its callbacks; a genuine callback makes the worker read the
// lab's order from its API and record what it says (shipped with its tracking, an issue,
// cancelled) on the order, its Studio copy and the buyer's page, once; a callback's body is never
// believed, and one at an address without the order's secret is a 404 that changes nothing.
// The stand-in cannot reach the worker here (it runs in-process), so the tests deliver what it
// sent, as it sent it, and hand it the print file the worker serves.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ORIGIN, request } from "./harness.ts";
import {
  atTheLab,
  deliver,
  eventsOf,
  FOR_SALE,
  handFiles,
  LARGE,
  labControl,
  row,
  stripe,
  studioCopy,
} from "./store.ts";

interface CallbackRecord {
  orderId: string;
  url: string;
  event: { type: string; data: { order: Record<string, unknown> } };
}

/** The callbacks the lab stand-in made for its order `labId`, oldest first. */
async function callbacksOf(labId: string): Promise<CallbackRecord[]> {
  const res = await fetch(`${env.LAB_URL}/_control/callbacks`);
  const { callbacks } = (await res.json()) as { callbacks: CallbackRecord[] };
  return callbacks.filter((record) => record.orderId === labId);
}

/** Delivers a callback as the lab does: its CloudEvent as JSON, to its address. */
const callBack = (url: string, event: unknown) =>
  request(url, {
    method: "POST",
    userAgent: "Prodigi-Callbacks",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(event),
  });

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** The last character of 32 bytes in base64url with its lowest bit, which no byte uses, flipped. */
const otherSpelling = (last = "A") => BASE64URL[BASE64URL.indexOf(last) ^ 1];

describe("the lab's news", () => {
  it("ships: the lab's tracking on the buyer's page and in the Studio, recorded once", async () => {
    const { buyer, order, lab } = await atTheLab();
    expect(lab.order.callbackUrl).toMatch(
      new RegExp(`^${ORIGIN}/_app/store/lab/${order}/[\\w-]{43}$`),
    );
    await handFiles(lab);
    await labControl(`/_control/orders/${lab.order.id}/advance`, {});
    const sent = await callbacksOf(lab.order.id);
    expect(sent.map((record) => record.event.type).at(-1)).toBe(
      "com.prodigi.order.status.stage.changed#Complete",
    );
    for (const record of sent) {
      const answer = await callBack(record.url, record.event);
      expect(answer.status).toBe(200);
    }
    const shipped = await row(order);
    expect(shipped).toMatchObject({
      fulfilment_state: "shipped",
      lab_stage: "shipped",
      fulfilment_error: null,
    });
    expect(String(shipped?.tracking_url)).toMatch(/^https:\/\/track\.example\/parcels\/TRK\w+$/);
    const page = await buyer.get(`/order/${order}`);
    expect(page.body).toContain("Your prints are on their way.");
    expect(page.body).toContain(`href="${shipped?.tracking_url}"`);
    expect(await studioCopy(order)).toMatchObject({
      fulfilment: "shipped",
      labTrackingUrl: shipped?.tracking_url,
    });

    // The lab calls again (it repeats what was not answered): nothing changes.
    const last = sent.at(-1) as CallbackRecord;
    const again = await callBack(last.url, last.event);
    expect(JSON.parse(again.body)).toEqual({ received: true, changed: false });
    expect(await row(order)).toEqual(shipped);
  });

  it("is recorded for an order refunded once it was with the lab", async () => {
    const { order, lab } = await atTheLab();
    // The lab has its files (fetched once it had the order) and ships, then the owner refunds:
    // too late to cancel it.
    await handFiles(lab);
    await labControl(`/_control/orders/${lab.order.id}/advance`, {});
    const paymentIntent = String((await row(order))?.payment_intent);
    await stripe().refunds.create({ payment_intent: paymentIntent });
    const refund = (await eventsOf([paymentIntent])).find(
      (event) => event.type === "charge.refunded",
    );
    expect((await deliver(refund)).status).toBe(200);
    expect((await row(order))?.status).toBe("refunded");
    const last = (await callbacksOf(lab.order.id)).at(-1) as CallbackRecord;
    const answer = await callBack(last.url, last.event);
    expect(answer.status).toBe(200);
    const recorded = await row(order);
    expect(recorded).toMatchObject({ status: "refunded", lab_stage: "shipped" });
    // The owner's note that the refund came too late stays, in D1 and in the Studio.
    expect(String(recorded?.fulfilment_error)).toMatch(/^Refunded too late: Prodigi/);
    expect(String((await studioCopy(order))?.fulfilmentError)).toMatch(/^Refunded too late/);
    const again = await callBack(last.url, last.event);
    expect(JSON.parse(again.body)).toEqual({ received: true, changed: false });
  });

  it("believes the lab's API, never a callback's body", async () => {
    const { order, lab } = await atTheLab();
    // The lab could not fetch the file (the site is not on the network here): an issue.
    await expect.poll(async () => (await callbacksOf(lab.order.id)).length).toBeGreaterThan(0);
    const [first] = await callbacksOf(lab.order.id);
    if (!first) throw new Error("no callback");
    // Someone who learnt the address sends a body of their own: shipped, with their tracking.
    const forged = structuredClone(first.event);
    forged.type = "com.prodigi.order.status.stage.changed#Complete";
    forged.data.order.status = { stage: "Complete", issues: [] };
    forged.data.order.shipments = [{ tracking: { url: "https://evil.example/track" } }];
    expect((await callBack(first.url, forged)).status).toBe(200);
    const after = await row(order);
    expect(after).toMatchObject({ fulfilment_state: "lab", lab_stage: "in production" });
    expect(after?.tracking_url).toBeNull();
    expect(after?.shipped_at).toBeNull();
    // What the lab's API says is recorded instead: its issue, for the owner.
    expect(String(after?.fulfilment_error)).toContain("Could not download");
  });

  it("records a cancellation by the lab", async () => {
    const { buyer, order, lab } = await atTheLab();
    const cancelled = await fetch(`${env.LAB_URL}/v4.0/Orders/${lab.order.id}/actions/cancel`, {
      method: "POST",
      headers: { "X-API-Key": env.PRODIGI_API_KEY },
    });
    expect(cancelled.status).toBe(200);
    const last = (await callbacksOf(lab.order.id)).at(-1);
    expect(last?.event.type).toBe("com.prodigi.order.status.stage.changed#Cancelled");
    expect((await callBack(last?.url ?? "", last?.event)).status).toBe(200);
    expect(await row(order)).toMatchObject({ fulfilment_state: "cancelled", status: "paid" });
    expect((await studioCopy(order))?.fulfilment).toBe("cancelled");
    expect((await buyer.get(`/order/${order}`)).body).toContain(
      "The lab could not make your prints",
    );
  });

  it("tells an order with the owner's prints too that the lab's are on their way", async () => {
    const { buyer, order, lab } = await atTheLab([
      [FOR_SALE, "print:fine-art-8x10"],
      [LARGE, "print:signed-a5"],
    ]);
    await handFiles(lab);
    await labControl(`/_control/orders/${lab.order.id}/advance`, {});
    const last = (await callbacksOf(lab.order.id)).at(-1);
    expect((await callBack(last?.url ?? "", last?.event)).status).toBe(200);
    // The owner's print is still to come: the order is not shipped, its lab part is.
    expect(await row(order)).toMatchObject({
      fulfilment_state: "owner",
      lab_stage: "shipped",
      shipped_at: null,
    });
    expect((await buyer.get(`/order/${order}`)).body).toContain(
      "Some of your prints are on their way; the others are being made.",
    );
  });

  it("is a 404, changing nothing, at an address without the order's own secret", async () => {
    const { order, lab } = await atTheLab();
    const other = await atTheLab();
    const [first] = await callbacksOf(lab.order.id);
    const [theirs] = await callbacksOf(other.lab.order.id);
    if (!first || !theirs) throw new Error("no callback");
    const secret = first.url.split("/").at(-1) ?? "";
    const before = await row(order);
    for (const url of [
      // Another order's secret.
      `${ORIGIN}/_app/store/lab/${order}/${theirs.url.split("/").at(-1)}`,
      // A made-up one, one altered, and its own spelled otherwise (the last character's unused
      // bits changed: the same bytes).
      `${ORIGIN}/_app/store/lab/${order}/${"A".repeat(43)}`,
      `${ORIGIN}/_app/store/lab/${order}/${secret.startsWith("A") ? "B" : "A"}${secret.slice(1)}`,
      `${ORIGIN}/_app/store/lab/${order}/${secret.slice(0, -1)}${otherSpelling(secret.at(-1))}`,
      // An order that does not exist, with a secret of the right shape.
      `${ORIGIN}/_app/store/lab/${"B".repeat(32)}/${secret}`,
    ]) {
      const answer = await callBack(url, first.event);
      expect(answer.status, url).toBe(404);
    }
    // Without one, the address is nobody's: it takes no POST.
    expect((await callBack(`${ORIGIN}/_app/store/lab/${order}`, first.event)).status).toBe(405);
    expect(await row(order)).toEqual(before);
  });
});
