// An order's life at the lab, seen as the worker will see it: created with plain fetch, its
// print file downloaded from the site, callbacks in order as it moves, tracking at the end.
import { createHash } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import type { CloudEvent } from "./callbacks.ts";
import { type Harness, JPEG, type OrderAnswer, printOrder, startHarness } from "./test-support.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function callbacks(harness: Harness, count: number): Promise<CloudEvent[]> {
  const received = await harness.receiver.waitFor(count);
  return received.map((r) => JSON.parse(r.body) as CloudEvent);
}

it("takes an order, fetches its file, and calls back as it ships with tracking", async () => {
  h = await startHarness();
  const { status, body } = await h.create(printOrder(h));
  expect(status).toBe(200);
  expect(body.outcome).toBe("Created");
  expect(body.traceParent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  const order = body.order;
  expect(order?.id).toMatch(/^ord_\d+$/);
  expect(order).toMatchObject({
    merchantReference: "ord-42",
    shippingMethod: "Standard",
    callbackUrl: `${h.receiver.url}/hooks/prodigi?token=secret`,
    status: { stage: "InProgress", issues: [], details: { downloadAssets: "NotStarted" } },
    shipments: [],
    recipient: { name: "Anna Muster", address: { countryCode: "FR", townOrCity: "Paris" } },
    items: [{ sku: "GLOBAL-FAP-16X20", copies: 2, status: "NotYetDownloaded" }],
    metadata: { stripeSession: "cs_test_123" },
  });
  expect(order?.items[0]?.id).toMatch(/^ori_/);
  expect(order?.items[0]?.assets[0]?.id).toMatch(/^ast_/);

  const [inProgress] = await callbacks(h, 1);
  expect(h.receiver.received[0]?.path).toBe("/hooks/prodigi?token=secret");
  expect(h.receiver.received[0]?.headers["content-type"]).toBe("application/json");
  expect(inProgress).toMatchObject({
    specversion: "1.0",
    type: "com.prodigi.order.status.stage.changed#InProgress",
    source: `${h.lab.url}/v4.0/Orders/`,
    datacontenttype: "application/json",
    subject: order?.id,
    data: {
      order: {
        id: order?.id,
        status: {
          stage: "InProgress",
          issues: [],
          details: { downloadAssets: "Complete", inProduction: "InProgress" },
        },
        items: [{ status: "Ok", assets: [{ status: "Complete" }] }],
      },
    },
  });
  expect(inProgress?.id).toMatch(/^evt_/);
  expect(Date.parse(inProgress?.time ?? "")).not.toBeNaN();
  expect(h.files.requested).toEqual(["/print.jpg?sig=ok"]);
  const [recorded] = h.lab.orders();
  expect(recorded?.downloads).toMatchObject([
    {
      ok: true,
      status: 200,
      contentType: "image/jpeg",
      bytes: JPEG.length,
      md5: createHash("md5").update(JPEG).digest("hex"),
    },
  ]);
  // 2 × 13.50 for the prints, 7.95 to ship Standard.
  expect(inProgress?.data.order.charges[0]?.totalCost).toEqual({
    amount: "34.95",
    currency: "GBP",
  });

  const moved = await fetch(`${h.lab.url}/_control/orders/${order?.id}/advance`, {
    method: "POST",
  });
  expect(moved.status).toBe(200);
  const [, complete] = await callbacks(h, 2);
  expect(complete?.type).toBe("com.prodigi.order.status.stage.changed#Complete");
  const shipment = complete?.data.order.shipments[0];
  expect(shipment).toMatchObject({
    status: "Shipped",
    carrier: { name: "Royal Mail", service: "Tracked 48" },
    items: [{ itemId: order?.items[0]?.id }],
  });
  expect(shipment?.tracking.number).toMatch(/\w+/);
  expect(shipment?.tracking.url).toContain(shipment?.tracking.number);

  const read = await h.get(`/v4.0/Orders/${order?.id}`);
  expect(read).toMatchObject({
    status: 200,
    body: { outcome: "Ok", order: { status: { stage: "Complete" } } },
  });
});

it("puts an issue on the order for a file it cannot download, and holds it", async () => {
  h = await startHarness();
  const expired = `${h.files.url}/print.jpg?sig=expired`;
  const { body } = await h.create(printOrder(h, expired));
  const [callback] = await callbacks(h, 1);
  const assetId = body.order?.items[0]?.assets[0]?.id;
  expect(callback?.data.order.status).toMatchObject({
    stage: "InProgress",
    details: { downloadAssets: "Error", inProduction: "NotStarted" },
    issues: [{ objectId: assetId, errorCode: "order.items.assets.FailedToDownload" }],
  });
  expect(callback?.data.order.status.issues[0]?.description).toContain("403");
  expect(callback?.data.order.items[0]?.status).toBe("Invalid");
  expect(h.lab.orders()[0]?.downloads[0]).toMatchObject({ ok: false, status: 403 });
  const moved = await fetch(`${h.lab.url}/_control/orders/${body.order?.id}/advance`, {
    method: "POST",
  });
  expect(moved.status).toBe(409);
});

it("takes in files a test hands over for an order it could not download, then ships it", async () => {
  h = await startHarness();
  const expired = `${h.files.url}/print.jpg?sig=expired`;
  const { body } = await h.create(printOrder(h, expired));
  await callbacks(h, 1);
  const control = (files: unknown) =>
    fetch(`${h?.lab.url}/_control/orders/${body.order?.id}/files`, {
      method: "POST",
      body: JSON.stringify({ files }),
    });
  // Checked as a download is: an HTML page is no print file.
  const page = { type: "text/html", base64: Buffer.from("<p>").toString("base64") };
  expect((await control({ [expired]: page })).status).toBe(200);
  expect(h.lab.orders()[0]?.order.status.details.downloadAssets).toBe("Error");
  const jpeg = { type: "image/jpeg", base64: JPEG.toString("base64") };
  const taken = await control({ [expired]: jpeg });
  expect(taken.status).toBe(200);
  expect(((await taken.json()) as OrderAnswer).order?.status).toMatchObject({
    issues: [],
    details: { downloadAssets: "Complete", inProduction: "InProgress" },
  });
  expect(h.lab.orders()[0]?.downloads[0]).toMatchObject({
    ok: true,
    md5: createHash("md5").update(JPEG).digest("hex"),
  });
  // Only an order waiting for its files takes them.
  expect((await control({ [expired]: jpeg })).status).toBe(409);
  const moved = await fetch(`${h.lab.url}/_control/orders/${body.order?.id}/advance`, {
    method: "POST",
  });
  expect(moved.status).toBe(200);
});

it("takes an HTML page for a print file as a failure", async () => {
  h = await startHarness();
  await h.create(printOrder(h, `${h.files.url}/login`));
  const [callback] = await callbacks(h, 1);
  expect(callback?.data.order.status.issues[0]?.description).toContain("Not a printable image");
});

it("calls back again when the site fails to take a callback", async () => {
  h = await startHarness();
  h.receiver.answers.push(503);
  await h.create(printOrder(h));
  const [failed, retried] = await callbacks(h, 2);
  expect(retried?.id).toBe(failed?.id);
  await h.lab.settled();
  expect(h.lab.callbacks()[0]).toMatchObject({ delivered: true });
  expect(h.lab.callbacks()[0]?.attempts.map((attempt) => attempt.status)).toEqual([503, 200]);
});

it("ships by itself after a delay when told to", async () => {
  h = await startHarness({ shipAfterMs: 5 });
  await h.create(printOrder(h));
  const events = await callbacks(h, 2);
  expect(events.map((event) => event.type)).toEqual([
    "com.prodigi.order.status.stage.changed#InProgress",
    "com.prodigi.order.status.stage.changed#Complete",
  ]);
});

it("cancels an order in progress, once", async () => {
  h = await startHarness();
  const { body } = await h.create(printOrder(h));
  const id = body.order?.id;
  await h.lab.settled();
  expect((await h.get(`/v4.0/Orders/${id}/actions`)).body.cancel).toEqual({ isAvailable: "Yes" });
  const cancel = () =>
    fetch(`${h?.lab.url}/v4.0/Orders/${id}/actions/cancel`, {
      method: "POST",
      headers: { "x-api-key": "prodigi-standin-key-0123" },
    });
  const first = await cancel();
  expect(first.status).toBe(200);
  expect(await first.json()).toMatchObject({
    outcome: "Cancelled",
    order: { status: { stage: "Cancelled" } },
  });
  const [, cancelled] = await callbacks(h, 2);
  expect(cancelled?.type).toBe("com.prodigi.order.status.stage.changed#Cancelled");
  expect((await cancel()).status).toBe(400);
});

it("lists orders newest first, a page at a time, by merchant reference", async () => {
  h = await startHarness();
  const first = await h.create({ ...printOrder(h), merchantReference: "a" });
  const second = await h.create({ ...printOrder(h), merchantReference: "b" });
  const page = await h.get("/v4.0/Orders?top=1");
  expect(page.body).toMatchObject({
    outcome: "Ok",
    hasMore: true,
    orders: [{ id: second.body.order?.id }],
  });
  const next = await fetch(page.body.nextUrl ?? "", {
    headers: { "x-api-key": "prodigi-standin-key-0123" },
  });
  expect(await next.json()).toMatchObject({
    hasMore: false,
    orders: [{ id: first.body.order?.id }],
  });
  const byReference = await h.get("/v4.0/Orders?merchantReferences=a");
  expect(byReference.body.orders?.map((order) => order.id)).toEqual([first.body.order?.id]);
});
