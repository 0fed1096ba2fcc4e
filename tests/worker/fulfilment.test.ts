// Fulfilment through the real queue, D1, the lab stand-in (Prodigi's API) and the demo content
// service (the Studio's copies): a paid order is handed to the lab once, however often Stripe
// repeats its event; the owner's prints wait; the Studio gets its copy and both e-mails go once;
// a lab that refuses leaves the order paid, retried, and finally parked from the dead-letter queue;
// a full refund stops the lab's order while the lab can still stop it.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadConfig, storeIsOn } from "../../worker/config/config.ts";
import { clientDocumentId } from "../../worker/content/client-copies.ts";
import worker from "../../worker/index.ts";
import { signedFileUrl } from "../../worker/store/files.ts";
import { FULFILMENT_DLQ, FULFILMENT_QUEUE } from "../../worker/store/fulfil.ts";
import { prodigi } from "../../worker/store/labs/prodigi.ts";
import {
  atFirstFetch,
  captureLogs,
  mutableDocument,
  mutableEnv,
  mutate,
  ORIGIN,
  request,
  runCron,
  whileSanityRefusesWrites,
} from "./harness.ts";
import {
  atTheLab,
  Buyer,
  control,
  decide,
  deliver,
  disputeOf,
  disputePayment,
  eventsOf,
  FOR_SALE,
  fulfilled,
  handFiles,
  LARGE,
  labControl,
  labOrders,
  paidOrder,
  pay,
  refuseRefund,
  row,
  stripe,
  studioCopy,
  studioDocument,
  studioWrite,
} from "./store.ts";

/** Hands `body` to the worker's consumer of `queue`, as its `attempts`th delivery (`m-{attempts}`). */
async function consume(queue: string, body: unknown, attempts: number, siteEnv: Env = env) {
  const batch = createMessageBatch(queue, [
    { id: `m-${attempts}`, timestamp: new Date(), attempts, body },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, siteEnv, ctx);
  return getQueueResult(batch, ctx);
}

/** The site with its hand-overs to fulfilment and its e-mails kept, to run the one and read the others. */
function keptHandOvers() {
  const handedOver: unknown[] = [];
  const sent: { to: string }[] = [];
  const siteEnv = {
    ...env,
    FULFILMENT: { send: async (message: unknown) => handedOver.push(message) },
    CLIENT_MAIL: { send: async (message: { to: string }) => sent.push(message) },
  } as unknown as Env;
  return { siteEnv, handedOver, sent };
}

/** Refunds the order's payment in full on the payments stand-in: Stripe's `charge.refunded`. */
async function refundOf(order: string) {
  const paymentIntent = String((await row(order))?.payment_intent);
  await stripe().refunds.create({ payment_intent: paymentIntent });
  const refunded = (await eventsOf([paymentIntent])).find(
    (event) => event.type === "charge.refunded",
  );
  if (!refunded) throw new Error("no refund event");
  return refunded;
}

/**
 * An order of `items` paid on Stripe and recorded paid, with the address the lab needs, but not
 * handed to fulfilment (the webhook's own hand-over is not used): a test runs the consumer itself.
 */
async function paidNotHandedOver(items: [string, string][]) {
  const { order, completed } = await paidOrder(items);
  const session = (completed.data.object as { id: string }).id;
  const paymentIntent = String((await stripe().checkout.sessions.retrieve(session)).payment_intent);
  const address = {
    name: "Test Buyer",
    address: {
      line1: "1 Example Street",
      line2: null,
      postal_code: "10115",
      city: "Berlin",
      state: null,
      country: "DE",
    },
  };
  await env.STORE_DB.prepare(
    `UPDATE orders SET status = 'paid', paid_at = ?2, payment_intent = ?3, email = 'buyer@example.com',
      name = 'Test Buyer', shipping_address = ?4 WHERE id = ?1`,
  )
    .bind(order, Date.now(), paymentIntent, JSON.stringify(address))
    .run();
  return { order, paymentIntent };
}

/** Where the lab stand-in's orders for our order `order` stand. */
const labStages = async (order: string) =>
  (await labOrders(order)).map((record) => record.order.status.stage);

describe("a paid order", () => {
  it("goes to the lab with the address of an event in an older API version, as an endpoint made before 2025 sends it", async () => {
    const { order, completed } = await paidOrder([[FOR_SALE, "print:fine-art-8x10"]]);
    // The session as such an endpoint has it: the address is its own `shipping_details`.
    const { collected_information: collected, ...older } = completed.data.object as unknown as {
      collected_information: { shipping_details: unknown };
    };
    const event = {
      ...completed,
      api_version: "2024-06-20",
      data: { object: { ...older, shipping_details: collected.shipping_details } },
    };
    expect((await deliver(event)).status).toBe(200);
    const done = await fulfilled(order);
    expect(done?.lab_order).toMatch(/^ord_/);
    expect(JSON.parse(String(done?.shipping_address))).toMatchObject({
      address: { city: "Berlin" },
    });
  });

  it("goes to the lab once when Stripe sends its event three times; the owner's print waits", async () => {
    const { order, completed } = await paidOrder([
      [FOR_SALE, "print:fine-art-8x10", "2"],
      [LARGE, "print:signed-a5"],
      [LARGE, "licence:personal"],
    ]);
    for (let i = 0; i < 3; i++) expect((await deliver(completed)).status).toBe(200);
    const done = await fulfilled(order);
    expect(done?.status).toBe("paid");
    expect(done?.fulfilment_state).toBe("owner");
    expect(done?.lab_order).toMatch(/^ord_/);
    const sent = await labOrders(order);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.order.items.map((item) => [item.sku, item.copies])).toEqual([
      ["GLOBAL-FAP-8X10", 2],
    ]);
    // The lab fetches the file from a signed address on the site that expires.
    expect(sent[0]?.order.items[0]?.assets[0]?.url).toMatch(
      new RegExp(`^${ORIGIN}/_app/store/print/${order}/1\\?expires=\\d+&signature=[\\w-]{43}$`),
    );
    // That address gives the print file; altered, for another line or expired, nothing.
    const fileUrl = sent[0]?.order.items[0]?.assets[0]?.url ?? "";
    const file = await request(fileUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/jpeg");
    expect([...file.bytes.slice(0, 2)]).toEqual([0xff, 0xd8]);
    const url = new URL(fileUrl);
    const signature = url.searchParams.get("signature") ?? "";
    const forged = [
      fileUrl.replace(signature, `${signature.slice(0, -2)}AA`),
      fileUrl.replace(`/${order}/1?`, `/${order}/2?`),
      fileUrl.replace(/expires=\d+/, `expires=${Number(url.searchParams.get("expires")) + 1}`),
      fileUrl.replace(/expires=\d+/, "expires=1000"),
      `${url.origin}${url.pathname}`,
    ];
    for (const address of forged) expect((await request(address)).status, address).toBe(404);
    // The owner's copy in the Studio, and both e-mails, once.
    const copy = await studioCopy(order);
    expect(copy).toMatchObject({
      _type: "order",
      fulfilment: "owner",
      status: "paid",
      shipped: false,
    });
    // The buyer's document among the Studio's Clients links the order.
    const client = await studioDocument(await clientDocumentId(String(copy?.email)));
    const orders = ((client?.orders ?? []) as { _ref: string }[]).map((each) => each._ref);
    expect(orders.filter((ref) => ref === `order.${order}`)).toHaveLength(1);
    expect(done?.owner_mailed_at).toEqual(expect.any(Number));
    expect(done?.buyer_mailed_at).toEqual(expect.any(Number));
  });

  it('shows the buyer the owner\'s "Shipped" and tracking link from the Studio', async () => {
    const { buyer, order, completed } = await paidOrder([[LARGE, "print:signed-a5"]]);
    await deliver(completed);
    await fulfilled(order);
    expect((await buyer.get(`/order/${order}`)).body).toContain("Your prints are being made.");
    await studioWrite({
      patch: {
        id: `order.${order}`,
        set: { shipped: true, trackingUrl: "https://tracking.example/parcel/42" },
      },
    });
    const page = await buyer.get(`/order/${order}`);
    expect(page.body).toContain("Your prints are on their way.");
    expect(page.body).toContain('href="https://tracking.example/parcel/42"');
  });

  it("with a licence only needs no lab", async () => {
    const { order, completed } = await paidOrder([[LARGE, "licence:editorial"]]);
    await deliver(completed);
    const done = await fulfilled(order);
    expect(done?.fulfilment_state).toBe("none");
    expect(await labOrders(order)).toHaveLength(0);
  });
});

describe("the shipping the buyer paid for", () => {
  it("is the method the lab is asked for, recorded on the order and named in the owner's e-mail and Studio copy", async () => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "print:fine-art-8x10");
    const { session, order } = await buyer.checkout();
    const offered = (await stripe().checkout.sessions.retrieve(session)).shipping_options;
    await control(`/_control/checkout/sessions/${session}/complete`, {
      payment: "card",
      address: { line1: "1 Example Street", postal_code: "10115", city: "Berlin", country: "DE" },
      shipping_rate: String(offered[1]?.shipping_rate),
    });
    const completed = (await eventsOf([session])).find(
      (event) => event.type === "checkout.session.completed",
    );
    // The hand-over and the e-mails kept here, to read them.
    const handedOver: unknown[] = [];
    const sent: { to: string; text: string }[] = [];
    const siteEnv = {
      ...env,
      FULFILMENT: { send: async (message: unknown) => handedOver.push(message) },
      CLIENT_MAIL: { send: async (message: { to: string; text: string }) => sent.push(message) },
    } as unknown as Env;
    expect((await deliver(completed, { env: siteEnv })).status).toBe(200);
    expect(handedOver).toHaveLength(1);
    const result = await consume(FULFILMENT_QUEUE, handedOver[0], 1, siteEnv);
    expect(result.explicitAcks).toEqual(["m-1"]);
    const done = await row(order);
    expect(done?.total).toBe(4500 + 2000);
    expect(JSON.parse(String(done?.shipping_rate))).toEqual({ id: "express", name: "Express" });
    const sentToLab = await labOrders(order);
    expect(sentToLab.map((record) => record.order.shippingMethod)).toEqual(["Express"]);
    expect(sent.find((message) => message.to !== "buyer@example.com")?.text).toContain(
      "Shipping paid for: Express",
    );
    // What an owner who prints their own sends it by.
    expect((await studioCopy(order))?.shipping).toBe("Express");
  });
});

describe("the owner's e-mail of a paid order", () => {
  it("e-mails the owner and the buyer once when two deliveries of its message run at once", async () => {
    const { order, completed } = await paidOrder([[LARGE, "licence:editorial"]]);
    const { siteEnv, sent } = keptHandOvers();
    expect((await deliver(completed, { env: siteEnv })).status).toBe(200);
    const message = { version: 1, order, origin: ORIGIN };
    captureLogs();
    // Queues deliver at least once: the same message twice, at the same moment.
    const both = await Promise.all(
      [1, 2].map((n) => consume(FULFILMENT_QUEUE, message, n, siteEnv)),
    );
    // One waited for the other, which had the e-mails in hand: its retry finds them sent.
    for (const [index, result] of both.entries()) {
      if (result.retryMessages.length) await consume(FULFILMENT_QUEUE, message, index + 3, siteEnv);
    }
    expect(sent.filter((each) => each.to === "buyer@example.com")).toHaveLength(1);
    expect(sent.filter((each) => each.to !== "buyer@example.com")).toHaveLength(1);
    expect((await row(order))?.buyer_mailed_at).toEqual(expect.any(Number));
  });

  it("goes to the Site settings' e-mail without CONTACT_EMAIL_TO", async () => {
    // Paid, but not yet handed on: the webhook's own hand-over (with the test bindings) is not used.
    const { order } = await paidOrder([[LARGE, "licence:personal"]]);
    await env.STORE_DB.prepare(
      "UPDATE orders SET status = 'paid', paid_at = ?2, email = 'buyer@example.com' WHERE id = ?1",
    )
      .bind(order, Date.now())
      .run();
    const sent: { to: string; subject: string }[] = [];
    const CLIENT_MAIL = {
      send: async (message: { to: string; subject: string }) => sent.push(message),
    };
    const siteEnv = { ...env, CONTACT_EMAIL_TO: "", CLIENT_MAIL } as unknown as Env;
    const message = { version: 1, order, origin: ORIGIN };
    expect((await consume(FULFILMENT_QUEUE, message, 1, siteEnv)).explicitAcks).toEqual(["m-1"]);
    // The demo's Site settings name jane@example.com.
    expect(sent.map((message) => message.to)).toEqual(["jane@example.com", "buyer@example.com"]);
    expect(sent[0]?.subject).toMatch(/^New order [A-Z0-9]{8} from /);
    expect((await row(order))?.owner_mailed_at).toEqual(expect.any(Number));
  });
});

describe("a paid licence", () => {
  it("is offered for download only once fulfilment found it still for sale, the page saying so until then", async () => {
    const { order } = await paidNotHandedOver([[LARGE, "licence:personal"]]);
    const keys = loadConfig(env).store;
    if (!storeIsOn(keys)) throw new Error("the test site sells");
    const href = await signedFileUrl(keys, "", "licence", order, 1, 3_600);
    const buyer = new Buyer();
    const before = await buyer.get(`/order/${order}`);
    expect(before.body).toContain('data-order-status="paid"');
    expect(before.body).toContain("Your licensed files are being prepared");
    expect(before.body).toMatch(/<meta http-equiv="refresh" content="2"\/>/);
    expect(before.body).not.toContain("data-licence-download");
    expect((await request(href)).status).toBe(404);
    const result = await consume(FULFILMENT_QUEUE, { version: 1, order, origin: ORIGIN }, 1);
    expect(result.explicitAcks).toEqual(["m-1"]);
    const after = await buyer.get(`/order/${order}`);
    expect(after.body).toContain("data-licence-download");
    expect(after.body).not.toContain('http-equiv="refresh"');
    expect((await request(href)).status).toBe(200);
  });

  it("parked before the check could be made is checked when replayed, and only then offered", async () => {
    const { order } = await paidNotHandedOver([[LARGE, "licence:personal"]]);
    const message = { version: 1, order, origin: ORIGIN };
    // Sanity cannot be reached (nothing listens at port 9): the check fails, every time.
    const sanityDown = { ...env, SANITY_API_HOST: "http://127.0.0.1:9" } as Env;
    expect((await consume(FULFILMENT_QUEUE, message, 1, sanityDown)).retryMessages).toHaveLength(1);
    expect((await consume(FULFILMENT_DLQ, message, 1, sanityDown)).explicitAcks).toEqual(["m-1"]);
    const buyer = new Buyer();
    const parked = await buyer.get(`/order/${order}`);
    expect((await row(order))?.fulfilment_state).toBe("parked");
    expect(parked.body).toContain("Your licensed files are being prepared");
    expect(parked.body).not.toContain("data-licence-download");
    expect(parked.body).not.toContain('http-equiv="refresh"');
    // The owner replays it once Sanity is back.
    expect((await consume(FULFILMENT_QUEUE, message, 1)).explicitAcks).toEqual(["m-1"]);
    expect((await row(order))?.sale_checked_at).toEqual(expect.any(Number));
    expect((await buyer.get(`/order/${order}`)).body).toContain("data-licence-download");
  });
});

describe("a hand-over cut off between its claim and its send", () => {
  it("lapses, and the Cron Trigger hands the order over, once; a claim still fresh is left", async () => {
    const { order: cut } = await paidNotHandedOver([[FOR_SALE, "print:fine-art-8x10"]]);
    const { order: fresh } = await paidNotHandedOver([[FOR_SALE, "print:fine-art-8x10"]]);
    const claim = (order: string, at: number) =>
      env.STORE_DB.prepare(
        "UPDATE orders SET fulfilment_queued_at = ?2, origin = ?3, updated_at = ?2 WHERE id = ?1",
      )
        .bind(order, at, ORIGIN)
        .run();
    await claim(cut, Date.now() - 11 * 60_000);
    await claim(fresh, Date.now() - 60_000);
    const { siteEnv, handedOver } = keptHandOvers();
    const sweep = () => runCron("*/5 * * * *", { siteEnv });
    await sweep();
    expect(handedOver).toContainEqual({ version: 1, order: cut, origin: ORIGIN });
    expect(handedOver).not.toContainEqual(expect.objectContaining({ order: fresh }));
    expect((await row(cut))?.fulfilment_sent_at).toEqual(expect.any(Number));
    // Sent: the next sweep leaves it.
    const sent = handedOver.length;
    await sweep();
    expect(handedOver.slice(sent)).not.toContainEqual(expect.objectContaining({ order: cut }));
    // The fresh claim's request is taken to have sent it: no later sweep of the suite finds it.
    await env.STORE_DB.prepare("UPDATE orders SET fulfilment_sent_at = ?2 WHERE id = ?1")
      .bind(fresh, Date.now())
      .run();
  });
});

describe("a lab product with options", () => {
  it("is ordered from the lab with the options the Studio gives it: a frame's color", async () => {
    const settings = await mutableDocument("storeSettings");
    const framed = {
      _key: "framed16x20",
      _type: "printProduct",
      id: "framed-16x20",
      name: "Framed print, 16×20 in",
      widthInches: 16,
      heightInches: 20,
      price: 180,
      fulfilment: "lab",
      labSku: "GLOBAL-CFPM-16X20",
      labAttributes: [{ _key: "c", _type: "labAttribute", name: "color", value: "black" }],
    };
    const prints = settings.prints as unknown[];
    await mutate({ createOrReplace: { ...settings, prints: [...prints, framed] } });
    try {
      const buyer = new Buyer(mutableEnv());
      expect((await buyer.add(LARGE, "print:framed-16x20")).status).toBe(303);
      const { session, order } = await buyer.checkout();
      await pay(session);
      const [completed] = (await eventsOf([session])).filter(
        (event) => event.type === "checkout.session.completed",
      );
      const { siteEnv } = keptHandOvers();
      const handingOver = mutableEnv({ FULFILMENT: siteEnv.FULFILMENT });
      expect((await deliver(completed, { env: handingOver })).status).toBe(200);
      const message = { version: 1, order, origin: ORIGIN };
      const done = await consume(FULFILMENT_QUEUE, message, 1, mutableEnv());
      expect(done.explicitAcks).toEqual(["m-1"]);
      const [lab] = await labOrders(order);
      expect(lab?.order.items.map((item) => [item.sku, item.attributes])).toEqual([
        ["GLOBAL-CFPM-16X20", { color: "black" }],
      ]);
    } finally {
      await mutate({ createOrReplace: settings });
    }
  });
});

describe("a lab that takes the order with issues", () => {
  it("has the order all the same: handed over once, no failure recorded, nothing retried", async () => {
    const { order } = await paidNotHandedOver([[FOR_SALE, "print:photo-rag-8x10"]]);
    const message = { version: 1, order, origin: ORIGIN };
    await labControl("/_control/fail-next", { count: 1, status: 200 });
    const result = await consume(FULFILMENT_QUEUE, message, 1);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toEqual(["m-1"]);
    const done = await row(order);
    expect(done).toMatchObject({ status: "paid", fulfilment_state: "lab", fulfilment_error: null });
    expect(done?.lab_order).toBe((await labOrders(order))[0]?.order.id);
    expect(await labOrders(order)).toHaveLength(1);
  });
});

describe("a lab that refuses", () => {
  it("leaves the order paid and retried, then parked from the dead-letter queue; the owner and the buyer told at once", async () => {
    const logs = captureLogs();
    // Paid, but not yet handed on: the webhook's own hand-over is not used here.
    const { order } = await paidNotHandedOver([[FOR_SALE, "print:photo-rag-8x10"]]);
    const message = { version: 1, order, origin: ORIGIN };
    const { siteEnv, sent } = keptHandOvers();
    await labControl("/_control/fail-next", { count: 3, status: 400 });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = await consume(FULFILMENT_QUEUE, message, attempt, siteEnv);
      expect(result.retryMessages).toEqual([{ msgId: `m-${attempt}` }]);
      expect(result.explicitAcks).toEqual([]);
    }
    // Each once, from the first attempt: the owner's names the lab's refusal.
    const mails = sent as { to: string; text: string }[];
    expect(mails).toHaveLength(2);
    const toOwner = mails.find((mail) => mail.text.includes("Waiting for you:"))?.text;
    expect(toOwner).toContain("Prodigi answered 400 ValidationFailed");
    const failing = await row(order);
    expect(failing?.status).toBe("paid");
    expect(failing?.lab_order).toBeNull();
    expect(String(failing?.fulfilment_error)).toContain("Prodigi answered 400 ValidationFailed");
    expect(await labOrders(order)).toHaveLength(0);
    expect(logs.messages("error")).toContain("Order fulfilment failed; it will be retried");

    // After the queue's last retry, the message is in the dead-letter queue: the order is parked.
    const parked = await consume(FULFILMENT_DLQ, message, 1);
    expect(parked.explicitAcks).toEqual(["m-1"]);
    const kept = await row(order);
    expect(kept?.status).toBe("paid");
    expect(kept?.fulfilment_state).toBe("parked");
    expect(kept?.parked_at).toEqual(expect.any(Number));
    expect((await studioCopy(order))?.fulfilment).toBe("parked");

    // Replayed from there once the lab is back, it goes through, once.
    const replayed = await consume(FULFILMENT_QUEUE, message, 1);
    expect(replayed.explicitAcks).toEqual(["m-1"]);
    expect(await labOrders(order)).toHaveLength(1);
  });
});

/**
 * Runs `use` while the owner has withdrawn the portfolio's photograph `key` ("b5i6") from sale,
 * on the changeable copy of the content (mutableEnv's).
 */
async function whileWithdrawn(key: string, use: () => Promise<void>) {
  const original = await mutableDocument("page-portfolio");
  const withdrawn = structuredClone(original) as {
    body: { images?: { _key: string; forSale?: string }[] }[];
  };
  const image = withdrawn.body
    .flatMap((block) => block.images ?? [])
    .find((each) => each._key === key);
  if (!image) throw new Error(`no photograph ${key}`);
  image.forSale = "no";
  await mutate({ createOrReplace: withdrawn });
  try {
    await use();
  } finally {
    await mutate({ createOrReplace: original });
  }
}

/** A licence of the portfolio's b5i6 paid by buyer@example.com, not yet handed to fulfilment. */
async function paidLicence() {
  const { order, completed } = await paidOrder([["portfolio/b5i6", "licence:personal"]]);
  const session = (completed.data.object as { id: string }).id;
  const paymentIntent = String((await stripe().checkout.sessions.retrieve(session)).payment_intent);
  await env.STORE_DB.prepare(
    "UPDATE orders SET status = 'paid', paid_at = ?2, payment_intent = ?3, email = 'buyer@example.com' WHERE id = ?1",
  )
    .bind(order, Date.now(), paymentIntent)
    .run();
  return { order, paymentIntent };
}

describe("a photograph withdrawn between checkout and payment", () => {
  it("refunds nothing once an attempt may have reached the lab: the lab's order, its answer lost, is found again", async () => {
    const { order, paymentIntent } = await paidNotHandedOver([[FOR_SALE, "print:photo-rag-8x10"]]);
    const message = { version: 1, order, origin: ORIGIN };
    // The lab makes the order, but its answer is lost: the attempt fails and is retried.
    await labControl("/_control/fail-next", { count: 1, status: 500, createdAnyway: true });
    expect((await consume(FULFILMENT_QUEUE, message, 1)).retryMessages).toEqual([{ msgId: "m-1" }]);
    expect((await row(order))?.lab_order).toBeNull();
    expect(await labOrders(order)).toHaveLength(1);
    // Withdrawn from sale before the retry: the order was for sale when paid, and the lab may be
    // printing it, so the retry asks the lab again and learns its order.
    await whileWithdrawn("b2i1", async () => {
      const retried = await consume(FULFILMENT_QUEUE, message, 2, mutableEnv({}));
      expect(retried.explicitAcks).toEqual(["m-2"]);
    });
    const done = await row(order);
    expect(done).toMatchObject({ status: "paid", fulfilment_state: "lab" });
    expect(done?.lab_order).toBe((await labOrders(order))[0]?.order.id);
    expect(await labOrders(order)).toHaveLength(1);
    expect(
      (await eventsOf([paymentIntent])).filter((event) => event.type === "charge.refunded"),
    ).toEqual([]);
  });

  it("is refunded, the owner and the buyer told so, nothing sent to the lab", async () => {
    const { order, paymentIntent } = await paidLicence();
    const sent: { to: string; text: string }[] = [];
    const CLIENT_MAIL = {
      send: async (message: { to: string; text: string }) => sent.push(message),
    } as unknown as Env["CLIENT_MAIL"];
    await whileWithdrawn("b5i6", async () => {
      const testEnv = mutableEnv({ CLIENT_MAIL });
      const batch = createMessageBatch(FULFILMENT_QUEUE, [
        {
          id: "w-1",
          timestamp: new Date(),
          attempts: 1,
          body: { version: 1, order, origin: ORIGIN },
        },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, testEnv, ctx);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["w-1"]);
    });
    const done = await row(order);
    expect(done?.fulfilment_state).toBe("refunding");
    expect(String(done?.fulfilment_error)).toContain("No longer for sale");
    expect(done?.lab_order).toBeNull();
    expect(await labOrders(order)).toHaveLength(0);
    // The buyer is told what happened, not thanked and sent to a download there is not.
    const toBuyer = sent.find((message) => message.to === "buyer@example.com")?.text ?? "";
    expect(toBuyer).toContain("withdrawn from sale just before your payment arrived");
    expect(toBuyer).toContain("refunded in full");
    expect(toBuyer).toContain("Nothing will be sent, and there is nothing to download.");
    expect(toBuyer).not.toContain("Thank you");
    expect(toBuyer).not.toContain("Your licensed files are downloaded from it.");
    const refunded = (await eventsOf([paymentIntent])).find(
      (event) => event.type === "charge.refunded",
    );
    expect(refunded).toBeDefined();
    // Stripe's charge.refunded closes the order.
    await deliver(refunded);
    expect((await row(order))?.status).toBe("refunded");
  });

  it("tells the buyer and the owner though the refund's news from Stripe came before a retry", async () => {
    const { order, paymentIntent } = await paidLicence();
    // The mail service fails the first e-mail: the attempt fails after the refund was made.
    const sent: { to: string; text: string }[] = [];
    let failures = 1;
    const CLIENT_MAIL = {
      send: async (message: { to: string; text: string }) => {
        if (failures-- > 0) throw new Error("mail service unavailable");
        sent.push(message);
      },
    } as unknown as Env["CLIENT_MAIL"];
    const message = { version: 1, order, origin: ORIGIN };
    captureLogs();
    await whileWithdrawn("b5i6", async () => {
      const first = await consume(FULFILMENT_QUEUE, message, 1, mutableEnv({ CLIENT_MAIL }));
      expect(first.retryMessages).toEqual([{ msgId: "m-1" }]);
      // Stripe's news of the refund arrives before the retry (seconds, against a minute).
      const refunded = (await eventsOf([paymentIntent])).find(
        (event) => event.type === "charge.refunded",
      );
      expect((await deliver(refunded)).status).toBe(200);
      expect((await row(order))?.status).toBe("refunded");
      const second = await consume(FULFILMENT_QUEUE, message, 2, mutableEnv({ CLIENT_MAIL }));
      expect(second.explicitAcks).toEqual(["m-2"]);
    });
    const toBuyer = sent.filter((each) => each.to === "buyer@example.com");
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]?.text).toContain("withdrawn from sale just before your payment arrived");
    expect(sent.filter((each) => each.to !== "buyer@example.com")).toHaveLength(1);
    expect(await studioCopy(order)).toBeDefined();
    expect((await row(order))?.status).toBe("refunded");
  });
  it("keeps the order for the owner, refunding nothing, while the Store settings cannot be read", async () => {
    const { order, paymentIntent } = await paidLicence();
    const settings = await mutableDocument("storeSettings");
    // The owner deletes the Store settings (to make them again) as the payment arrives: what
    // they chose for a withdrawn photograph cannot be read, and a refund cannot be undone.
    await mutate({ delete: { id: "storeSettings" } });
    try {
      const done = await consume(
        FULFILMENT_QUEUE,
        { version: 1, order, origin: ORIGIN },
        1,
        mutableEnv({}),
      );
      expect(done.explicitAcks).toEqual(["m-1"]);
    } finally {
      await mutate({ createOrReplace: settings });
    }
    expect(await row(order)).toMatchObject({ status: "paid", fulfilment_state: "withdrawn" });
    expect(
      (await eventsOf([paymentIntent])).filter((event) => event.type === "charge.refunded"),
    ).toEqual([]);
  });
});

describe("a full refund", () => {
  it("told while fulfilment hands the order to the lab cancels it there; no e-mail goes", async () => {
    const { order, completed } = await paidOrder([[FOR_SALE, "print:fine-art-8x10"]]);
    const { siteEnv, handedOver, sent } = keptHandOvers();
    expect((await deliver(completed, { env: siteEnv })).status).toBe(200);
    const refund = await refundOf(order);
    // Stripe tells the refund the moment fulfilment sends the order to the lab: its check that
    // the order is paid is behind it, and the lab's order is not recorded yet.
    const came = await atFirstFetch(
      `${env.LAB_URL}/v4.0/Orders`,
      async () => expect((await deliver(refund)).status).toBe(200),
      async () => {
        const result = await consume(FULFILMENT_QUEUE, handedOver[0], 1, siteEnv);
        expect(result.explicitAcks).toEqual(["m-1"]);
      },
    );
    expect(came).toBe(true);
    expect(await row(order)).toMatchObject({
      status: "refunded",
      lab_order: expect.stringMatching(/^ord_/),
      fulfilment_state: "cancelled",
      lab_stage: "cancelled",
      owner_mailed_at: null,
      buyer_mailed_at: null,
    });
    expect(await labStages(order)).toEqual(["Cancelled"]);
    expect(sent).toEqual([]);
    expect(await studioCopy(order)).toMatchObject({ status: "refunded", fulfilment: "cancelled" });
  });

  it("told while fulfilment writes the order's first Studio copy leaves the copy refunded; no e-mail goes", async () => {
    const { order, completed } = await paidOrder([[LARGE, "licence:editorial"]]);
    const { siteEnv, handedOver, sent } = keptHandOvers();
    expect((await deliver(completed, { env: siteEnv })).status).toBe(200);
    const refund = await refundOf(order);
    // Stripe tells the refund while the copy that says "paid" is on its way to the Studio: the
    // webhook finds no copy written yet to write again.
    const came = await atFirstFetch(
      "/data/mutate/",
      async () => expect((await deliver(refund)).status).toBe(200),
      async () => {
        const result = await consume(FULFILMENT_QUEUE, handedOver[0], 1, siteEnv);
        expect(result.explicitAcks).toEqual(["m-1"]);
      },
    );
    expect(came).toBe(true);
    expect(await row(order)).toMatchObject({
      status: "refunded",
      owner_mailed_at: null,
      buyer_mailed_at: null,
    });
    expect(sent).toEqual([]);
    expect(await studioCopy(order)).toMatchObject({ status: "refunded" });
  });

  it("cancels the lab's order whose answer was lost, found again by the order's reference", async () => {
    const { order } = await paidNotHandedOver([[FOR_SALE, "print:photo-rag-8x10"]]);
    const message = { version: 1, order, origin: ORIGIN };
    // The lab makes the order, but its answer is lost: the attempt fails and is retried.
    await labControl("/_control/fail-next", { count: 1, status: 500, createdAnyway: true });
    expect((await consume(FULFILMENT_QUEUE, message, 1)).retryMessages).toEqual([{ msgId: "m-1" }]);
    expect((await row(order))?.lab_order).toBeNull();
    // Refunded before the retry (the owner saw the lab's error): the lab's order is stopped.
    expect((await deliver(await refundOf(order))).status).toBe(200);
    expect(await labStages(order)).toEqual(["Cancelled"]);
    expect(await row(order)).toMatchObject({
      status: "refunded",
      lab_order: (await labOrders(order))[0]?.order.id,
      lab_stage: "cancelled",
    });
    expect((await consume(FULFILMENT_QUEUE, message, 2)).explicitAcks).toEqual(["m-2"]);
    expect(await labStages(order)).toEqual(["Cancelled"]);
  });

  it("of an order the lab has not made yet cancels it there; asking again is harmless", async () => {
    const { order, lab } = await atTheLab();
    expect((await deliver(await refundOf(order))).status).toBe(200);
    expect(await row(order)).toMatchObject({
      status: "refunded",
      fulfilment_state: "cancelled",
      lab_stage: "cancelled",
    });
    expect(await labStages(order)).toEqual(["Cancelled"]);
    // The owner's copy says so at once, not "paid" until something else writes it.
    expect(await studioCopy(order)).toMatchObject({ status: "refunded", fulfilment: "cancelled" });
    // A retry asks the lab again: the lab refuses to cancel twice, and its order says cancelled.
    const again = prodigi({ apiKey: env.PRODIGI_API_KEY, apiUrl: env.LAB_URL });
    expect(await again.cancel(lab.order.id)).toBe(true);
  });

  /** An order at the lab refunded in full, and Stripe's news that the bank refused the refund. */
  async function refundRefused() {
    const { order } = await atTheLab();
    const paymentIntent = String((await row(order))?.payment_intent);
    const refund = await stripe().refunds.create({ payment_intent: paymentIntent });
    const refunded = (await eventsOf([paymentIntent])).find(
      (event) => event.type === "charge.refunded",
    );
    expect((await deliver(refunded)).status).toBe(200);
    return { order, failed: await refuseRefund(refund.id) };
  }

  it("refused by the buyer's bank afterwards leaves the order refunded, and tells the owner to refund another way", async () => {
    const { order, failed } = await refundRefused();
    const logs = captureLogs();
    const answer = await deliver(failed);
    expect(JSON.parse(answer.body)).toEqual({ received: true, applied: true });
    expect(logs.messages("error")).toContain(
      "The buyer's bank refused a refund: the money is back with the owner",
    );
    // Nothing is delivered after all: the order stays refunded, and the owner's copy says why
    // the buyer still has neither the prints nor the money.
    expect(await row(order)).toMatchObject({
      status: "refunded",
      refund_failed: "expired_or_canceled_card",
    });
    expect((await studioCopy(order))?.status).toBe("refund_failed");
  });

  it("tells the owner of a refund the bank refused at Stripe's retry, when the Studio could not be written to", async () => {
    const { order, failed } = await refundRefused();
    captureLogs();
    await whileSanityRefusesWrites(async () => expect((await deliver(failed)).status).toBe(500));
    expect((await studioCopy(order))?.status).toBe("refunded");
    expect(JSON.parse((await deliver(failed)).body)).toEqual({ received: true, applied: true });
    expect((await studioCopy(order))?.status).toBe("refund_failed");
  });

  it("is kept when the lab cannot be reached, and Stripe's retry cancels the lab's order", async () => {
    const { order } = await atTheLab();
    const refund = await refundOf(order);
    // Nothing listens at port 9 (discard): the lab's API does not answer.
    const labDown = { ...env, PRODIGI_API_URL: "http://127.0.0.1:9" } as Env;
    expect((await deliver(refund, { env: labDown })).status).toBe(500);
    const kept = await row(order);
    expect(kept).toMatchObject({ status: "refunded", fulfilment_state: "lab" });
    expect(String(kept?.fulfilment_error)).toMatch(/^Refunded, but Prodigi's order could not be/);
    expect(await labStages(order)).toEqual(["InProgress"]);
    // Stripe sends the event again once the lab is back.
    expect((await deliver(refund)).status).toBe(200);
    expect(await row(order)).toMatchObject({ status: "refunded", fulfilment_state: "cancelled" });
    expect(await labStages(order)).toEqual(["Cancelled"]);
  });

  it("after the lab shipped leaves its order, tells the owner, and is not retried", async () => {
    const { order, lab } = await atTheLab();
    await handFiles(lab);
    await labControl(`/_control/orders/${lab.order.id}/advance`, {});
    // The lab's news of its shipment has not reached the worker: the order says "at the lab".
    expect((await row(order))?.lab_stage).toBeNull();
    expect((await deliver(await refundOf(order))).status).toBe(200);
    const refunded = await row(order);
    expect(refunded).toMatchObject({ status: "refunded", fulfilment_state: "lab" });
    expect(String(refunded?.fulfilment_error)).toMatch(/^Refunded too late: Prodigi/);
    expect(await labStages(order)).toEqual(["Complete"]);
    expect(String((await studioCopy(order))?.fulfilmentError)).toMatch(/^Refunded too late/);
  });
});

/** Fulfilment of a disputed order's message: it stays paid, and nothing goes to the lab or by e-mail. */
async function heldByDispute(order: string, message: unknown, siteEnv: Env, sent: unknown[]) {
  expect((await consume(FULFILMENT_QUEUE, message, 1, siteEnv)).explicitAcks).toEqual(["m-1"]);
  expect(await row(order)).toMatchObject({ status: "paid", lab_order: null });
  expect(await labOrders(order)).toEqual([]);
  expect(sent).toEqual([]);
}

describe("a dispute of the payment", () => {
  it("holds prints the lab does not have yet, and a dispute won sends them on", async () => {
    const { order, completed } = await paidOrder([[FOR_SALE, "print:fine-art-8x10"]]);
    const { siteEnv, handedOver, sent } = keptHandOvers();
    expect((await deliver(completed, { env: siteEnv })).status).toBe(200);
    const { dispute, created } = await disputeOf(order);
    expect((await deliver(created, { env: siteEnv })).status).toBe(200);
    await heldByDispute(order, handedOver[0], siteEnv, sent);

    expect((await deliver(await decide(dispute, "won"), { env: siteEnv })).status).toBe(200);
    expect(handedOver).toHaveLength(2);
    expect((await consume(FULFILMENT_QUEUE, handedOver[1], 1, siteEnv)).explicitAcks).toEqual([
      "m-1",
    ]);
    expect(await row(order)).toMatchObject({
      status: "paid",
      disputed_at: null,
      fulfilment_state: "lab",
      lab_order: expect.stringMatching(/^ord_/),
    });
    expect(await labStages(order)).toEqual(["InProgress"]);
    expect(sent).toHaveLength(2);
  });

  it("won, sends the order on though the delivery that released it failed before it could", async () => {
    const { order, completed } = await paidOrder([[FOR_SALE, "print:fine-art-8x10"]]);
    const { siteEnv, handedOver } = keptHandOvers();
    expect((await deliver(completed, { env: siteEnv })).status).toBe(200);
    const { dispute, created } = await disputeOf(order);
    expect((await deliver(created, { env: siteEnv })).status).toBe(200);
    const won = await decide(dispute, "won");
    // The queue refuses the first time: Stripe is told to deliver the event again.
    const refusing = {
      ...siteEnv,
      FULFILMENT: {
        send: async () => {
          throw new Error("the queue is not taking messages");
        },
      },
    } as unknown as Env;
    expect((await deliver(won, { env: refusing })).status).toBe(500);
    expect((await deliver(won, { env: siteEnv })).status).toBe(200);
    expect(handedOver).toHaveLength(2);
    expect(await row(order)).toMatchObject({ status: "paid", disputed_at: null });
  });

  it("told before the payment holds the order from the start: paid, nothing goes on until it is won", async () => {
    const { order, completed } = await paidOrder([[FOR_SALE, "print:fine-art-8x10"]]);
    const session = await stripe().checkout.sessions.retrieve(completed.data.object.id);
    const { dispute, created } = await disputePayment(String(session.payment_intent));
    const { siteEnv, handedOver, sent } = keptHandOvers();
    expect((await deliver(created, { env: siteEnv })).status).toBe(200);
    expect(await row(order)).toMatchObject({ status: "open", disputed_at: expect.any(Number) });
    expect((await deliver(completed, { env: siteEnv })).status).toBe(200);
    await heldByDispute(order, handedOver[0], siteEnv, sent);
    expect((await deliver(await decide(dispute, "won"), { env: siteEnv })).status).toBe(200);
    expect(await row(order)).toMatchObject({ status: "paid", disputed_at: null });
    expect(handedOver).toHaveLength(2);
  });

  it("lost stops the lab's order as a refund does; undecided, the lab's order goes on", async () => {
    const { order, lab } = await atTheLab();
    const { dispute, created } = await disputeOf(order);
    expect((await deliver(created)).status).toBe(200);
    expect(await row(order)).toMatchObject({ status: "paid", fulfilment_state: "lab" });
    expect(await labStages(order)).toEqual(["InProgress"]);
    // The lab fetches its print files as before.
    await handFiles(lab);
    expect((await studioCopy(order))?.status).toBe("disputed");

    expect((await deliver(await decide(dispute, "lost"))).status).toBe(200);
    expect(await row(order)).toMatchObject({ status: "refunded", fulfilment_state: "cancelled" });
    expect(await labStages(order)).toEqual(["Cancelled"]);
    expect(await studioCopy(order)).toMatchObject({
      status: "dispute_lost",
      fulfilment: "cancelled",
    });
  });

  it("of a payment that paid for no order here is answered and changes nothing", async () => {
    // Another payment on the owner's Stripe account, made elsewhere than the store.
    const session = await stripe().checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "eur", unit_amount: 5000, product_data: { name: "A workshop" } },
        },
      ],
      success_url: `${ORIGIN}/`,
    });
    await control(`/_control/checkout/sessions/${session.id}/complete`, { payment: "card" });
    const paymentIntent = String(
      (await stripe().checkout.sessions.retrieve(session.id)).payment_intent,
    );
    await control(`/_control/payment_intents/${paymentIntent}/dispute`);
    const created = (await eventsOf([paymentIntent])).find(
      (event) => event.type === "charge.dispute.created",
    );
    const answer = await deliver(created);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: true, applied: false });
  });
});
