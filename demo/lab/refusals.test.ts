// What the lab refuses, and how it answers a repeated order or a failure of its own.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { type Harness, printOrder, startHarness } from "./test-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.lab.reset());
afterAll(() => h?.close());

it("refuses a missing or wrong API key", async () => {
  expect((await h.create(printOrder(h), "not-the-key")).status).toBe(401);
  const anonymous = await fetch(`${h.lab.url}/v4.0/Orders`);
  expect(anonymous.status).toBe(401);
  expect(h.lab.orders()).toEqual([]);
});

it("names every field it refuses", async () => {
  const order = printOrder(h);
  const { status, body } = await h.create({
    ...order,
    shippingMethod: "Teleport",
    recipient: {
      ...order.recipient,
      name: " ",
      address: { ...order.recipient.address, townOrCity: undefined },
    },
    items: [
      {
        ...order.items[0],
        copies: 0,
        assets: [{ printArea: "default", url: "file:///etc/passwd" }],
      },
    ],
  });
  expect(status).toBe(400);
  expect(body.outcome).toBe("ValidationFailed");
  expect(Object.keys(body.failures ?? {}).sort()).toEqual([
    "items[0].assets[0].url",
    "items[0].copies",
    "recipient.address.townOrCity",
    "recipient.name",
    "shippingMethod",
  ]);
  expect(body.failures?.["recipient.name"]?.[0]).toMatchObject({
    code: "MustNotBeEmptyOrWhitespace",
    providedValue: " ",
  });
  expect(h.lab.orders()).toEqual([]);
});

it("refuses a SKU it does not make, and a framed print without its colour", async () => {
  const order = printOrder(h);
  const unknown = await h.create({
    ...order,
    items: [{ ...order.items[0], sku: "GLOBAL-MUG-11OZ" }],
  });
  expect(unknown.status).toBe(400);
  expect(unknown.body.failures?.["items[0].sku"]?.[0]).toMatchObject({
    code: "SkuNotFound",
    providedValue: "GLOBAL-MUG-11OZ",
  });
  const framed = await h.create({
    ...order,
    items: [{ ...order.items[0], sku: "global-cfpm-16x20" }],
  });
  expect(Object.keys(framed.body.failures ?? {})).toEqual(["items[0].attributes.color"]);
  const black = { ...order.items[0], sku: "global-cfpm-16x20", attributes: { color: "black" } };
  expect((await h.create({ ...order, items: [black] })).body.outcome).toBe("Created");
});

it("answers a repeated idempotency key with the order it already has", async () => {
  const order = printOrder(h);
  const first = await h.create(order);
  const again = await h.create(order);
  expect(again.status).toBe(200);
  expect(again.body.outcome).toBe("AlreadyExists");
  expect(again.body.order?.id).toBe(first.body.order?.id);
  expect(h.lab.orders()).toHaveLength(1);
});

it("fails the next creations when told to: a refusal, a 500, a 500 after creating", async () => {
  const control = (body: object) =>
    fetch(`${h.lab.url}/_control/fail-next`, { method: "POST", body: JSON.stringify(body) });
  await control({ count: 1, status: 400 });
  const refused = await h.create(printOrder(h));
  expect(refused).toMatchObject({ status: 400, body: { outcome: "ValidationFailed" } });

  await control({ count: 2, status: 500 });
  for (let i = 0; i < 2; i++) {
    expect(await h.create(printOrder(h))).toMatchObject({
      status: 500,
      body: { outcome: "InternalServerError" },
    });
  }
  expect(h.lab.orders()).toEqual([]);

  // The answer is lost but the order exists: the retry with the same key finds it.
  await control({ status: 500, createdAnyway: true });
  const order = printOrder(h);
  expect((await h.create(order)).status).toBe(500);
  const retry = await h.create(order);
  expect(retry.body.outcome).toBe("AlreadyExists");
  expect(h.lab.orders()).toHaveLength(1);
});

it("answers an unknown order, a body that is not JSON and an unknown path", async () => {
  expect((await h.get("/v4.0/Orders/ord_1")).body.outcome).toBe("EntityNotFound");
  const text = await fetch(`${h.lab.url}/v4.0/Orders`, {
    method: "POST",
    headers: { "x-api-key": "prodigi-standin-key-0123", "content-type": "text/plain" },
    body: "hello",
  });
  expect(text.status).toBe(415);
  expect((await h.get("/v4.0/Quotes/nothing")).status).toBe(404);
});
