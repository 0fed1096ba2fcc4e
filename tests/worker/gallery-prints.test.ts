// Prints of a client's photographs, ordered from their gallery, through the real worker, D1,
// R2, the gallery's Durable Object, the queue and the stand-ins for Stripe and the lab: the Buy
// section with the gallery's own prices and the sizes each photograph has the pixels for; a
// client's print in the same cart as a public one, paid, and handed to the lab with the clean
// original (never the watermarked proof); and an attacker's matrix: no session, another
// gallery's photograph, a forged line, a print off the price list, prints off, and a gallery
// revoked before checkout or before the payment arrived.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index.ts";
import { FULFILMENT_QUEUE } from "../../worker/store/fulfil.ts";
import {
  announceChange,
  galleryDocument,
  galleryWithPhotos,
  type Marked,
  passwordHash,
  proofingGallery,
  saveGallery,
  type Uploaded,
  unlock,
} from "./galleries.ts";
import { ORIGIN, request } from "./harness.ts";
import {
  Buyer,
  checkOutAndPay,
  eventsOf,
  FOR_SALE,
  fulfilled,
  labOrders,
  pay,
  row,
  stripe,
  studioCopy,
} from "./store.ts";

const PASSWORD = "larch-4821";

/** The gallery's price list: one print at its own price, one at the store's, one too large. */
const PRINT_LIST = [
  { _key: "a", _type: "galleryPrint", product: "fine-art-8x10", price: 39 },
  { _key: "b", _type: "galleryPrint", product: "signed-a5" },
  { _key: "c", _type: "galleryPrint", product: "fine-art-16x20" },
];

/** 1800 pixels wide: 8×10 in and A5 at 150 ppi, never 16×20. */
const WIDTH = 1800;

/** A client of gallery `id`: the session its password gives, kept like a browser's cookies. */
async function clientOf(id: string, password = PASSWORD): Promise<Buyer> {
  const client = new Buyer();
  const [name, ...value] = (await unlock(id, password)).split("=");
  client.cookies.set(name ?? "", value.join("="));
  return client;
}

const buy = (client: Buyer, id: string, photo: string, product: string, quantity = "1") =>
  client.post(`/g/${id}/p/${photo}/buy`, { product, quantity });

/** A gallery that sells prints, with a password, of one photograph (or `count`). */
async function sellingGallery(fields: Record<string, unknown> = {}, count = 1) {
  const gallery = await galleryWithPhotos(
    { password: await passwordHash(PASSWORD), prints: true, printList: PRINT_LIST, ...fields },
    count,
    WIDTH,
  );
  return { ...gallery, photo: gallery.photos[0] as Uploaded };
}

/** Changes the gallery's document and tells the worker, as the Studio and its webhook do. */
async function change(id: string, fields: Record<string, unknown>) {
  const { _id, _type, _rev, _createdAt, _updatedAt, ...kept } = (await galleryDocument(id)) ?? {};
  await saveGallery(id, { ...kept, ...fields });
  expect(await announceChange(id)).toBe(200);
}

const cartLines = async (buyer: Buyer) =>
  [...(await buyer.get("/cart")).body.matchAll(/name="line\.\d+" value="([^"]+)"/g)].map(
    (match) => match[1],
  );

describe("a client gallery that sells prints", () => {
  let gallery: { id: string; photos: (Uploaded & Marked)[] };
  let photo: Uploaded & Marked;

  beforeAll(async () => {
    // Proofing: the client sees watermarked proofs; the lab must get the clean original.
    gallery = await proofingGallery(
      { password: await passwordHash(PASSWORD), prints: true, printList: PRINT_LIST },
      1,
      WIDTH,
    );
    photo = gallery.photos[0] as Uploaded & Marked;
  });

  it("shows Buy on a photograph's page: the gallery's prices, the sizes it has the pixels for", async () => {
    const client = await clientOf(gallery.id);
    expect((await client.get(`/g/${gallery.id}`)).body).toContain(
      "You can order prints of these photographs",
    );
    const page = await client.get(`/g/${gallery.id}/p/${photo.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`action="/g/${gallery.id}/p/${photo.id}/buy"`);
    expect(page.body).toContain('value="print:fine-art-8x10"');
    // The gallery's own price, and the store's where it sets none.
    expect(page.body).toContain("€39.00");
    expect(page.body).toContain('value="print:signed-a5"');
    expect(page.body).toContain("€35.00");
    // Only the prints of its list; no licence of a client's own photograph.
    expect(page.body).not.toContain('value="print:photo-rag-8x10"');
    expect(page.body).not.toContain('value="licence:');
    expect(page.body).toContain("at least 150 pixels per inch");
    expect(page.body).toContain("Too large for this photograph: Fine art print, 16×20 in.");
  });

  it("puts a client's print in the same cart as a public one; the lab gets the clean original", async () => {
    const client = await clientOf(gallery.id);
    const added = await buy(client, gallery.id, photo.id, "print:fine-art-8x10", "2");
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/cart");
    expect((await client.add(FOR_SALE, "licence:personal")).status).toBe(303);
    const cart = await client.get("/cart");
    // The client knows the photograph by its place in the gallery, the owner by its file.
    expect(cart.body).toContain("Photograph 1 · Ana &amp; Luis, 14 June");
    expect(cart.body).not.toContain("DSC_0142");
    expect(cart.body).toContain("€78.00");
    // The line names the gallery, the photograph and the password its session was given for.
    expect(await cartLines(client)).toEqual([
      expect.stringMatching(
        new RegExp(`^gallery/${gallery.id}/${photo.id}/[0-9a-f]{16}\\|print:fine-art-8x10$`),
      ),
      `${FOR_SALE}|licence:personal`,
    ]);

    const order = await checkOutAndPay(client);
    // The order names the gallery and the photograph, priced from the gallery's list.
    const line = await env.STORE_DB.prepare(
      "SELECT * FROM order_items WHERE order_id = ? AND line = 1",
    )
      .bind(order)
      .first<Record<string, string | number>>();
    expect(line).toMatchObject({
      photo: expect.stringMatching(`^gallery/${gallery.id}/${photo.id}/`),
      unit_amount: 3900,
      quantity: 2,
      fulfilment: "lab",
      lab_sku: "GLOBAL-FAP-8X10",
    });
    expect(JSON.parse(String(line?.details)).gallery).toEqual({
      id: gallery.id,
      title: "Ana & Luis, 14 June",
      document: `clientGallery.${gallery.id}`,
      photo: photo.id,
      name: "DSC_0142.jpg",
    });

    const done = await fulfilled(order);
    expect(done?.lab_order).toMatch(/^ord_/);
    const [sent] = await labOrders(order);
    expect(sent?.order.items.map((item) => [item.sku, item.copies])).toEqual([
      ["GLOBAL-FAP-8X10", 2],
    ]);
    // The print file is the original the photographer uploaded, byte for byte: not a proof.
    const file = await request(sent?.order.items[0]?.assets[0]?.url ?? "");
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/jpeg");
    expect(file.bytes).toEqual(photo.bytes);
    expect(file.bytes).not.toEqual(photo.files["full.jpg"]);

    // The Studio's copy names the gallery (a reference to its document) and the file.
    const copy = (await studioCopy(order)) as { items: Record<string, unknown>[] } | undefined;
    expect(copy?.items[0]).toMatchObject({
      photograph: "DSC_0142.jpg",
      gallery: { _type: "reference", _ref: `clientGallery.${gallery.id}`, _weak: true },
      url: `${ORIGIN}/g/${gallery.id}/p/${photo.id}`,
    });
    // The buyer's order page names it too.
    expect((await client.get(`/order/${order}`)).body).toContain(
      "Photograph 1 · Ana &amp; Luis, 14 June",
    );
  });

  it("answers the Buy section's script with JSON, and stays on the page", async () => {
    const client = await clientOf(gallery.id);
    const json = { Accept: "application/json" };
    const path = `/g/${gallery.id}/p/${photo.id}/buy`;
    const added = await client.post(path, { product: "print:signed-a5", quantity: "3" }, json);
    expect(added.status).toBe(200);
    expect(JSON.parse(added.body)).toEqual({
      added: true,
      message: "Added to your cart: 3 × Signed print, A5, printed by Jane.",
      cart: "Your cart holds 3 items.",
      cartPath: "/cart",
      items: 3,
    });
    const refused = await client.post(path, { product: "print:fine-art-16x20" }, json);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error).toContain("150 pixels per inch");
  });
});

describe("an attacker's matrix for a client's prints", () => {
  let selling: Awaited<ReturnType<typeof sellingGallery>>;
  let other: Awaited<ReturnType<typeof sellingGallery>>;

  beforeAll(async () => {
    selling = await sellingGallery();
    // Its second photograph is not the first gallery's (the same file would be the same photograph).
    other = await sellingGallery({}, 2);
  });

  /** The attempt is refused with `status`, and the client's cart is as it was. */
  async function refused(
    client: Buyer,
    attempt: () => Promise<{ status: number }>,
    status: number,
  ) {
    const before = await cartLines(client);
    expect((await attempt()).status).toBe(status);
    expect(await cartLines(client)).toEqual(before);
  }

  it("refuses a client without the gallery's session, or with another gallery's", async () => {
    const stranger = new Buyer();
    await refused(
      stranger,
      () => buy(stranger, selling.id, selling.photo.id, "print:fine-art-8x10"),
      401,
    );
    expect(stranger.cookies.has("cart")).toBe(false);
    const otherClient = await clientOf(other.id);
    await refused(
      otherClient,
      () => buy(otherClient, selling.id, selling.photo.id, "print:fine-art-8x10"),
      401,
    );
  });

  it("refuses another gallery's photograph under this gallery's address", async () => {
    const client = await clientOf(selling.id);
    const theirs = other.photos[1] as Uploaded;
    await refused(client, () => buy(client, selling.id, theirs.id, "print:fine-art-8x10"), 404);
    // The Buy section's script is answered in JSON, as for the store's own refusals.
    const scripted = await client.post(
      `/g/${selling.id}/p/${theirs.id}/buy`,
      { product: "print:fine-art-8x10", quantity: "1" },
      { Accept: "application/json" },
    );
    expect(scripted.status).toBe(404);
    expect(scripted.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(JSON.parse(scripted.body)).toEqual({
      error: "There is no such photograph in this gallery.",
    });
  });

  it("takes no forged line: a gallery's photograph named on the public form, or in the cart's", async () => {
    const client = await clientOf(selling.id);
    await client.add(FOR_SALE, "licence:personal");
    const ref = `gallery/${selling.id}/${selling.photo.id}/${"0".repeat(16)}`;
    await refused(client, () => client.add(ref, "print:fine-art-8x10"), 400);
    // The cart's form changes only the lines the cart holds.
    await client.post("/cart", { "line.0": `${ref}|print:fine-art-8x10`, "quantity.0": "5" });
    expect(await cartLines(client)).toEqual([`${FOR_SALE}|licence:personal`]);
  });

  it.each([
    ["a print of the store that is not on the gallery's list", "print:photo-rag-8x10", "1"],
    ["a licence", "licence:personal", "1"],
    ["a size the photograph has not the pixels for", "print:fine-art-16x20", "1"],
    ["a product that does not exist", "print:free-print", "1"],
    ["a quantity of 11", "print:fine-art-8x10", "11"],
    ["a price in the product", "print:fine-art-8x10&price=1", "1"],
  ])("refuses %s (400)", async (_, product, quantity) => {
    const client = await clientOf(selling.id);
    await refused(client, () => buy(client, selling.id, selling.photo.id, product, quantity), 400);
  });

  it("sells nothing from a gallery whose prints are off, or with the store off", async () => {
    const off = await sellingGallery({ prints: false });
    const client = await clientOf(off.id);
    expect((await client.get(`/g/${off.id}`)).body).not.toContain("order prints");
    expect((await client.get(`/g/${off.id}/p/${off.photo.id}`)).body).not.toContain("data-buy");
    await refused(client, () => buy(client, off.id, off.photo.id, "print:fine-art-8x10"), 404);
    const sellingClient = await clientOf(selling.id);
    const storeOff = { ...env, STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" };
    const page = await request(`/g/${selling.id}/p/${selling.photo.id}`, {
      env: storeOff,
      headers: { Cookie: sellingClient.cookieHeader },
    });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("data-buy");
  });

  it.each([
    ["turned off", async () => ({ enabled: false })],
    ["ended", async () => ({ expiresAt: "2020-01-01T00:00:00Z" })],
    ["no longer selling prints", async () => ({ prints: false })],
    // Every session of the old password ends, and so does what they put in carts.
    ["given a new password", async () => ({ password: await passwordHash("birch-7310") })],
  ])("no longer sells a print whose gallery was %s before checkout", async (_, fields) => {
    const gallery = await sellingGallery();
    const client = await clientOf(gallery.id);
    expect((await buy(client, gallery.id, gallery.photo.id, "print:signed-a5")).status).toBe(303);
    await change(gallery.id, await fields());
    expect((await client.get("/cart")).body).toContain("No longer offered");
    const checkout = await client.post("/cart/checkout", {});
    expect(checkout.headers.get("Location")).toBe("/cart?notice=changed");
  });

  it("sells again once a gallery turned off is turned on: a new session, a line it can check out", async () => {
    const gallery = await sellingGallery();
    await change(gallery.id, { enabled: false });
    await change(gallery.id, { enabled: true });
    const client = await clientOf(gallery.id);
    expect((await buy(client, gallery.id, gallery.photo.id, "print:fine-art-8x10")).status).toBe(
      303,
    );
    const cart = (await client.get("/cart")).body;
    expect(cart).toContain("€39.00");
    expect(cart).not.toContain("No longer offered");
    expect((await client.checkout()).session).toMatch(/^cs_test_/);
  });

  it("refunds a print whose gallery stopped selling prints before the payment arrived", async () => {
    const gallery = await sellingGallery();
    const client = await clientOf(gallery.id);
    await buy(client, gallery.id, gallery.photo.id, "print:fine-art-8x10");
    const { session, order } = await client.checkout();
    await pay(session);
    const paymentIntent = String(
      (await stripe().checkout.sessions.retrieve(session)).payment_intent,
    );
    // Paid, but its event not yet delivered: the owner turns prints off meanwhile.
    await env.STORE_DB.prepare(
      "UPDATE orders SET status = 'paid', paid_at = ?2, payment_intent = ?3, email = 'client@example.com' WHERE id = ?1",
    )
      .bind(order, Date.now(), paymentIntent)
      .run();
    await change(gallery.id, { prints: false });
    const batch = createMessageBatch(FULFILMENT_QUEUE, [
      {
        id: "g-1",
        timestamp: new Date(),
        attempts: 1,
        body: { version: 1, order, origin: ORIGIN },
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["g-1"]);
    const done = await row(order);
    expect(done?.fulfilment_state).toBe("refunding");
    expect(String(done?.fulfilment_error)).toContain("Photograph 1 · Ana & Luis, 14 June");
    expect(await labOrders(order)).toHaveLength(0);
    const events = await eventsOf([paymentIntent]);
    expect(events.some((event) => event.type === "charge.refunded")).toBe(true);
    // Nothing is delivered for it either.
    expect((await client.get(`/order/${order}`)).body).toContain("being refunded in full");
  });
});
