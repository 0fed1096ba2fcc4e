// The store through the real worker, real D1 and the payments stand-in (Stripe's API, for the
// official SDK): the Buy section, the cart, checkout, Stripe's webhook and the order page, and
// an attacker's matrix: tampered products and quantities, forged carts, webhooks unsigned,
// signed with another secret, too old or replayed, and guessed order pages.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  atFirstFetch,
  captureLogs,
  inOneRateWindow,
  mutableEnv,
  mutate,
  request,
  spendLimit,
} from "./harness.ts";
import {
  Buyer,
  control,
  deliver,
  eventsOf,
  FOR_SALE,
  FOR_SALE_PAGE,
  fulfilled,
  LARGE,
  NOT_FOR_SALE,
  orderRow,
  pay,
  row,
  stripe,
} from "./store.ts";

/** The personal licence's price alone (other files change other fields of the settings). */
const PERSONAL_PRICE = 'licences[_key=="f2049150c4ec"].price';

/** Sets one field of the Store's settings, on the content copy tests may change. */
const setStoreField = (field: string, value: number) =>
  mutate({ patch: { id: "storeSettings", set: { [field]: value } } });

/** Runs `run` with one field of the Store's settings at `value`, then puts `was` back. */
async function withStoreField(field: string, value: number, was: number, run: () => Promise<void>) {
  await setStoreField(field, value);
  try {
    await run();
  } finally {
    await setStoreField(field, was);
  }
}

const cartLines = async (buyer: Buyer) => {
  const cart = await buyer.get("/cart");
  return [...cart.body.matchAll(/name="line\.\d+" value="([^"]+)"/g)].map((match) => match[1]);
};

describe("the Buy section", () => {
  it("offers the sizes the cropped photograph has the pixels for, and says the rule", async () => {
    const page = await request(FOR_SALE_PAGE);
    expect(page.status).toBe(200);
    expect(page.body).toContain('action="/cart/add"');
    expect(page.body).toContain('value="print:fine-art-8x10"');
    expect(page.body).toContain('value="licence:personal"');
    // 2400×1598 px (its original): 12×16 in would need 1800×2400.
    expect(page.body).not.toContain('value="print:fine-art-12x16"');
    expect(page.body).toContain("at least 150 pixels per inch");
    expect(page.body).toContain("€45.00");
    // The owner's words, each isolated: an English name or note keeps its order in an Arabic page.
    expect(page.body).toContain("<bdi>Fine art print, 8×10 in</bdi>");
    expect(page.body).toMatch(/<span> · <bdi>[^<]+<\/bdi><\/span>/);
  });

  it("is in sight on the photograph's first screen, where the photograph is for sale", async () => {
    const buy = '<a href="#buy" data-photo-buy="" class="photo-stage-buy">Buy</a>';
    expect((await request(FOR_SALE_PAGE)).body).toContain(buy);
    expect((await request(`/de${FOR_SALE_PAGE}`)).body).toContain(
      '<a href="#buy" data-photo-buy="" class="photo-stage-buy">Kaufen</a>',
    );
    expect((await request("/portfolio/photo/b4i2")).body).not.toContain("data-photo-buy");
  });

  it("offers every size of a photograph with the pixels for them", async () => {
    const page = await request("/portfolio/photo/b5i7");
    expect(page.body).toContain('value="print:fine-art-16x20"');
  });

  it("is not on a photograph the owner withheld from sale, wherever else it is placed", async () => {
    // The spaniels: not for sale on the portfolio, placed without a say in a post too.
    for (const path of [
      "/portfolio/photo/b4i2",
      "/post/two-spaniels-and-a-nuthatch/photo/b4",
      "/de/post/two-spaniels-and-a-nuthatch/photo/b4",
    ]) {
      const page = await request(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).not.toContain("/cart/add");
    }
  });

  it("sells in the page's language: the Studio's translations of every product's words", async () => {
    const german = await request(`/de${FOR_SALE_PAGE}`);
    for (const word of ["Fine-Art-Druck, 8×10 in", "Privat", "Ein Artikel oder eine Geschichte"])
      expect(german.body).toContain(word);
    expect(german.body).not.toContain("Fine art print, 8×10 in");
    expect((await request(FOR_SALE_PAGE)).body).toContain("Fine art print, 8×10 in");
  });

  it("names the photograph's buy page and licence in its structured data", async () => {
    const page = await request(FOR_SALE_PAGE);
    expect(page.body).toContain('"acquireLicensePage":"http://localhost/portfolio/photo/b2i1#buy"');
    expect(page.body).toContain('"license":"http://localhost/licensing"');
  });

  it("is nowhere without Stripe's keys, and the store's pages are not there", async () => {
    const off = { ...env, STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" };
    const page = await request(FOR_SALE_PAGE, { env: off });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("/cart/add");
    const cart = await request("/cart", { env: off });
    expect(cart.status).toBe(404);
    // A developer is told which settings are missing; a deploy's visitors are not.
    expect(cart.body).toContain("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not both set");
    const deployed = await request("/cart", { env: { ...off, ENVIRONMENT: "production" } });
    expect(deployed.status).toBe(404);
    expect(deployed.body).not.toContain("STRIPE_");
  });
});

describe("the cart", () => {
  it("keeps items across requests, keyed by a signed cookie, with editable quantities", async () => {
    const buyer = new Buyer();
    const added = await buyer.add(FOR_SALE, "print:fine-art-8x10", "2");
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/cart");
    const cookie = added.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/^cart=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    await buyer.add(FOR_SALE, "print:fine-art-8x10", "1");
    await buyer.add(LARGE, "licence:editorial", "3");
    const cart = await buyer.get("/cart");
    expect(cart.status).toBe(200);
    expect(cart.headers.get("Cache-Control")).toBe("private, no-store");
    expect(cart.headers.get("X-Robots-Tag")).toBe("noindex");
    // 3 prints at €45, one licence (a licence is one, whatever was asked) at €90.
    expect(cart.body).toContain("€135.00");
    expect(cart.body).toContain("€90.00");
    expect(cart.body).toContain("€225.00");
    const lines = await cartLines(buyer);
    expect(lines).toEqual([`${FOR_SALE}|print:fine-art-8x10`, `${LARGE}|licence:editorial`]);
    // Quantities changed, then a line removed.
    await buyer.post("/cart", {
      "line.0": lines[0] ?? "",
      "quantity.0": "5",
      "line.1": lines[1] ?? "",
      "quantity.1": "1",
    });
    expect((await buyer.get("/cart")).body).toContain("€225.00");
    await buyer.post("/cart", { remove: lines[1] ?? "" });
    expect(await cartLines(buyer)).toEqual([lines[0]]);
  });

  it.each([
    ["an unknown product", FOR_SALE, "print:no-such-print", "1", 400],
    ["a product id with a price in it", FOR_SALE, "print:fine-art-8x10&price=1", "1", 400],
    ["a size the photograph has not the pixels for", FOR_SALE, "print:fine-art-12x16", "1", 400],
    ["a quantity of 0", FOR_SALE, "print:fine-art-8x10", "0", 400],
    ["a quantity of 11", FOR_SALE, "print:fine-art-8x10", "11", 400],
    ["a negative quantity", FOR_SALE, "print:fine-art-8x10", "-1", 400],
    ["a quantity in another notation", FOR_SALE, "print:fine-art-8x10", "1e1", 400],
    ["a photograph that is not for sale", NOT_FOR_SALE, "print:fine-art-8x10", "1", 404],
    [
      "its copy in a post, where the owner said nothing",
      "post/two-spaniels-and-a-nuthatch/b4",
      "licence:commercial",
      "1",
      404,
    ],
    ["a photograph that is not there", "portfolio/nope", "print:fine-art-8x10", "1", 404],
    ["something that is not a photograph", "../../etc", "print:fine-art-8x10", "1", 400],
  ])("refuses %s, clearly, changing nothing", async (_, photo, product, quantity, status) => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "licence:personal");
    const answer = await buyer.add(photo, product, quantity);
    expect(answer.status).toBe(status);
    expect(answer.body).toContain("That did not work");
    expect(await cartLines(buyer)).toEqual([`${FOR_SALE}|licence:personal`]);
  });

  it("says how many were added when a line reaches its limit, and when none were", async () => {
    const buyer = new Buyer();
    const inPage = async (product: string, quantity: string) =>
      JSON.parse(
        (
          await buyer.post(
            "/cart/add",
            { photo: FOR_SALE, product, quantity },
            { Accept: "application/json" },
          )
        ).body,
      );
    expect(await inPage("print:fine-art-8x10", "8")).toMatchObject({
      added: true,
      message: "Added to your cart: 8 × Fine art print, 8×10 in.",
    });
    expect(await inPage("print:fine-art-8x10", "5")).toMatchObject({
      added: true,
      message:
        "Added to your cart: 2 × Fine art print, 8×10 in, which makes 10, the most of one item.",
    });
    expect(await inPage("print:fine-art-8x10", "10")).toMatchObject({
      added: false,
      message:
        "Nothing added: your cart already holds 10 × Fine art print, 8×10 in, the most of one item.",
      cart: "Your cart holds 10 items.",
    });
    await inPage("licence:personal", "1");
    expect(await inPage("licence:personal", "1")).toMatchObject({
      added: false,
      message: "Nothing added: your cart already holds 1 × Personal, the most of one item.",
    });
  });

  it("is linked from the header with its count while it holds something, on every page", async () => {
    const buyer = new Buyer();
    const link = (body: string) =>
      /<a href="\/cart" data-cart-link=""(?: data-items="(\d+)")?[^>]*>.*?<\/a>/.exec(body);
    // Before anything is bought: the link is there for the head script, hidden, with no count.
    expect(link((await buyer.get(FOR_SALE_PAGE)).body)?.[1]).toBeUndefined();
    expect(buyer.cookies.has("cart-items")).toBe(false);
    const added = await buyer.post(
      "/cart/add",
      { photo: FOR_SALE, product: "print:fine-art-8x10", quantity: "2" },
      { Accept: "application/json" },
    );
    expect(JSON.parse(added.body)).toMatchObject({ added: true, items: 2 });
    // A number only, readable by the page (the cart itself stays in the signed HttpOnly cookie).
    expect(added.headers.getSetCookie().find((line) => line.startsWith("cart-items="))).toMatch(
      /^cart-items=2; Max-Age=2592000; Path=\/; Secure; SameSite=Lax$/,
    );
    await buyer.add(LARGE, "licence:editorial");
    // The cart's own page, one visitor's, says the count itself; public pages are the same for all.
    const cart = link((await buyer.get("/cart")).body);
    expect(cart?.[1]).toBe("3");
    expect(cart?.[0]).toContain(">3</span>");
    expect(cart?.[0]).toContain('aria-current="page"');
    expect(buyer.cookies.get("cart-items")).toBe("3");
    expect((await buyer.get(`/de${FOR_SALE_PAGE}`)).body).toContain(
      '<a href="/de/cart" data-cart-link=""',
    );
    // Emptied: the count's cookie goes, and the link hides.
    for (const line of await cartLines(buyer)) await buyer.post("/cart", { remove: line ?? "" });
    expect(link((await buyer.get("/cart")).body)?.[1]).toBeUndefined();
    expect(buyer.cookies.has("cart-items")).toBe(false);
  });

  it("prices nothing from the form: a price or name sent along is ignored", async () => {
    const buyer = new Buyer();
    await buyer.post("/cart/add", {
      photo: FOR_SALE,
      product: "print:fine-art-8x10",
      quantity: "1",
      price: "1",
      unit_amount: "1",
      name: "Free print",
    });
    const cart = await buyer.get("/cart");
    expect(cart.body).toContain("€45.00");
    expect(cart.body).not.toContain("Free print");
  });

  it("is no cart for a forged cookie, a cookie of another purpose or an altered one", async () => {
    const owner = new Buyer();
    await owner.add(FOR_SALE, "print:fine-art-8x10");
    const genuine = owner.cookies.get("cart") ?? "";
    const [id, signature] = decodeURIComponent(genuine).split(".");
    const forgeries = [
      // A cart id of the right shape, unsigned.
      "A".repeat(32),
      // The genuine id with another signature.
      encodeURIComponent(`${id}.${"A".repeat(43)}=`),
      // The genuine signature on another id.
      encodeURIComponent(`${"B".repeat(32)}.${signature}`),
    ];
    for (const forged of forgeries) {
      const thief = new Buyer();
      thief.cookies.set("cart", forged);
      expect(await cartLines(thief)).toEqual([]);
      // Adding gives a cart of their own, never the one they aimed at.
      await thief.add(FOR_SALE, "licence:personal");
      expect(thief.cookies.get("cart")).not.toBe(genuine);
      expect(await cartLines(thief)).toEqual([`${FOR_SALE}|licence:personal`]);
    }
    expect(await cartLines(owner)).toEqual([`${FOR_SALE}|print:fine-art-8x10`]);
  });

  it("is started at most 10 times a minute by one visitor (an IPv6 one by their network): nothing is written for the 11th", async () => {
    await inOneRateWindow();
    const network = `2001:db8:ca:${(Date.now() % 0xffff).toString(16)}`;
    const carts = async () =>
      (await env.STORE_DB.prepare("SELECT COUNT(*) AS n FROM carts").first<{ n: number }>())?.n;
    const before = (await carts()) ?? 0;
    const strangers = Array.from(
      { length: 12 },
      (_, i) => new Buyer(undefined, `${network}::${i + 1}`),
    );
    const added = [];
    for (const stranger of strangers.slice(0, 11)) {
      added.push(await stranger.add(FOR_SALE, "licence:personal"));
    }
    expect(added.map((answer) => answer.status)).toEqual([...Array(10).fill(303), 429]);
    const refused = added[10];
    expect(refused?.headers.get("Retry-After")).toBe("60");
    expect(refused?.body).toContain("Too many new carts from here.");
    expect(refused?.headers.has("Set-Cookie")).toBe(false);
    expect(await carts()).toBe(before + 10);
    // The Buy section's script is told the same, in JSON.
    const json = await strangers[11]?.post(
      "/cart/add",
      { photo: FOR_SALE, product: "licence:personal" },
      { Accept: "application/json" },
    );
    expect(json?.status).toBe(429);
    expect(JSON.parse(json?.body ?? "{}").error).toContain("Too many new carts from here.");
    // A visitor adding to the cart they have is not counted.
    expect((await strangers[0]?.add(LARGE, "licence:personal"))?.status).toBe(303);
    expect(await cartLines(strangers[0] as Buyer)).toHaveLength(2);
  });

  it("takes no form posted from another site", async () => {
    const answer = await request("/cart/add", {
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ photo: FOR_SALE, product: "licence:personal" }).toString(),
    });
    expect(answer.status).toBe(403);
  });
});

describe("checkout and payment", () => {
  it("builds the Checkout Session from the catalogue only, with shipping for prints", async () => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "print:fine-art-8x10", "2");
    await buyer.add(LARGE, "licence:personal");
    const { answer, session, order } = await buyer.checkout();
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toContain(`/c/pay/${session}`);
    const read = await stripe().checkout.sessions.retrieve(session, { expand: ["line_items"] });
    expect(read.currency).toBe("eur");
    expect(read.amount_subtotal).toBe(2 * 4500 + 2500);
    expect(read.metadata?.order).toBe(order);
    expect(read.success_url).toBe(`http://localhost/order/${order}?session={CHECKOUT_SESSION_ID}`);
    expect(read.line_items?.data.map((line) => [line.quantity, line.price?.unit_amount])).toEqual([
      [2, 4500],
      [1, 2500],
    ]);
    expect(read.shipping_address_collection?.allowed_countries).toContain("DE");
    expect(read.shipping_options).toHaveLength(2);
    expect((await orderRow(order))?.status).toBe("open");
  });

  it("is charged with Stripe Tax on top of each price and the shipping where the Store charges tax", async () => {
    await mutate({ patch: { id: "storeSettings", set: { tax: true } } });
    try {
      const buyer = new Buyer(mutableEnv());
      await buyer.add(FOR_SALE, "print:fine-art-8x10");
      await buyer.add(LARGE, "licence:personal");
      const { answer, session } = await buyer.checkout();
      expect(answer.status).toBe(303);
      const read = await stripe().checkout.sessions.retrieve(session, { expand: ["line_items"] });
      expect(read.automatic_tax.enabled).toBe(true);
      // On top, as the Studio says, whatever the account's default (the stand-in has none).
      const behaviours = read.line_items?.data.map((line) => line.price?.tax_behavior);
      expect(behaviours).toEqual(["exclusive", "exclusive"]);
      await pay(session);
      const paid = await stripe().checkout.sessions.retrieve(session);
      const tax = paid.total_details?.amount_tax ?? 0;
      const shipping = paid.total_details?.amount_shipping ?? 0;
      expect(tax).toBeGreaterThan(0);
      expect(paid.amount_total).toBe((paid.amount_subtotal ?? 0) + shipping + tax);
    } finally {
      await mutate({ patch: { id: "storeSettings", set: { tax: false } } });
    }
  });

  it("ships to the Store's countries Stripe knows, leaving out one typed wrong (UK for GB)", async () => {
    await mutate({
      patch: { id: "storeSettings", set: { shippingCountries: ["DE", "UK", "GB"] } },
    });
    try {
      const buyer = new Buyer(mutableEnv());
      await buyer.add(FOR_SALE, "print:fine-art-8x10");
      const { answer, session } = await buyer.checkout();
      expect(answer.status).toBe(303);
      const read = await stripe().checkout.sessions.retrieve(session);
      expect(read.shipping_address_collection?.allowed_countries).toEqual(["DE", "GB"]);
    } finally {
      const dataset = ["DE", "FR", "ES", "IT", "NL", "BE", "AT", "GB", "US", "CA"];
      await mutate({ patch: { id: "storeSettings", set: { shippingCountries: dataset } } });
    }
  });

  it("charges the catalogue's price as it is now, though the cart showed one the content cache kept", async () => {
    const testEnv = mutableEnv();
    const buyer = new Buyer(testEnv);
    await buyer.add(LARGE, "licence:personal");
    expect((await buyer.get("/cart")).body).toContain("25.00");
    await withStoreField(PERSONAL_PRICE, 31, 25, async () => {
      const { session } = await buyer.checkout();
      const paid = await stripe().checkout.sessions.retrieve(session, { expand: ["line_items"] });
      expect(paid.line_items?.data.map((line) => line.price?.unit_amount)).toEqual([3100]);
    });
  });

  it("sends the buyer to a new Checkout Session when the owner changed a price since the first, either way", async () => {
    const buyer = new Buyer(mutableEnv());
    await buyer.add(LARGE, "licence:personal");
    const first = await buyer.checkout();
    const subtotal = async (session: string) =>
      (await stripe().checkout.sessions.retrieve(session)).amount_subtotal;
    await withStoreField(PERSONAL_PRICE, 2.5, 25, async () => {
      const lowered = await buyer.checkout();
      expect(lowered.session).not.toBe(first.session);
      expect(await subtotal(lowered.session)).toBe(250);
      expect((await stripe().checkout.sessions.retrieve(first.session)).status).toBe("expired");
      // A mistake put right: the page at €2.50 cannot be paid any more.
      await setStoreField(PERSONAL_PRICE, 25);
      const raised = await buyer.checkout();
      expect(raised.session).not.toBe(lowered.session);
      expect(await subtotal(raised.session)).toBe(2500);
      expect((await stripe().checkout.sessions.retrieve(lowered.session)).status).toBe("expired");
    });
  });

  it("sends the buyer to a new Checkout Session when the owner changed a shipping rate since the first", async () => {
    const buyer = new Buyer(mutableEnv());
    await buyer.add(FOR_SALE, "print:fine-art-8x10");
    const first = await buyer.checkout();
    await withStoreField('shippingRates[_key=="9f4a42880443"].price', 12, 8, async () => {
      const again = await buyer.checkout();
      expect(again.session).not.toBe(first.session);
      const read = await stripe().checkout.sessions.retrieve(again.session);
      expect(read.shipping_options[0]?.shipping_amount).toBe(1200);
      expect((await stripe().checkout.sessions.retrieve(first.session)).status).toBe("expired");
    });
  });

  it("makes a new Checkout Session when the cart changed while the first was being made from it", async () => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "print:fine-art-8x10", "10");
    const [line = ""] = await cartLines(buyer);
    let first = "";
    const came = await atFirstFetch(
      "/data/query/",
      // In another tab, the buyer takes 9 of the 10 out as the checkout, the 10 read, reads
      // their prices.
      () => buyer.post("/cart", { "line.0": line, "quantity.0": "1" }),
      async () => {
        first = (await buyer.checkout()).session;
      },
    );
    expect(came).toBe(true);
    const again = await buyer.checkout();
    expect(again.session).not.toBe(first);
    const read = await stripe().checkout.sessions.retrieve(again.session, {
      expand: ["line_items"],
    });
    expect(read.line_items?.data.map((each) => each.quantity)).toEqual([1]);
    expect((await stripe().checkout.sessions.retrieve(first)).status).toBe("expired");
  });

  it("makes one order and one Checkout Session of a cart, however many checkouts at once", async () => {
    const orders = async () =>
      (await env.STORE_DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>())?.n;
    const before = (await orders()) ?? 0;
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "licence:personal");
    const answers = await Promise.all([1, 2, 3].map(() => buyer.post("/cart/checkout", {})));
    const sessionOf = (answer: { headers: Headers }) =>
      /\/c\/pay\/(cs_test_\w+)/.exec(answer.headers.get("Location") ?? "")?.[1];
    const sessions = new Set(answers.map(sessionOf).filter(Boolean));
    expect(sessions.size).toBe(1);
    // The others were told the cart is being checked out, or sent to the same page.
    for (const answer of answers) expect([303, 409]).toContain(answer.status);
    expect(await orders()).toBe(before + 1);
    // Checked out again, the cart goes back to its page on Stripe.
    const [first] = sessions;
    expect(sessionOf(await buyer.post("/cart/checkout", {}))).toBe(first);
    expect(await orders()).toBe(before + 1);
    // Changed since, it gets a checkout of its own, and the old page can no longer be paid.
    await buyer.add(LARGE, "licence:personal");
    const changed = await buyer.checkout();
    expect(changed.session).toMatch(/^cs_test_/);
    expect(changed.session).not.toBe(first);
    expect((await stripe().checkout.sessions.retrieve(first ?? "")).status).toBe("expired");
    expect(await orders()).toBe(before + 2);
  });

  it("checks a changed cart out twice at once without a 502: the page the other expired is no error", async () => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "licence:personal");
    const first = (await buyer.checkout()).session;
    await buyer.add(LARGE, "licence:personal");
    // Both find the first page open and no longer the one asked for; the second expires it first.
    let second: Awaited<ReturnType<Buyer["checkout"]>> | undefined;
    let answer: Awaited<ReturnType<Buyer["post"]>> | undefined;
    const came = await atFirstFetch(
      `/v1/checkout/sessions/${first}/expire`,
      async () => {
        second = await buyer.checkout();
      },
      async () => {
        answer = await buyer.post("/cart/checkout", {});
      },
    );
    expect(came).toBe(true);
    expect(second?.session).toMatch(/^cs_test_/);
    expect([303, 409]).toContain(answer?.status);
    expect((await stripe().checkout.sessions.retrieve(first)).status).toBe("expired");
  });

  it("limits checkouts per visitor: 15 in a row make 10 Checkout Sessions", async () => {
    await inOneRateWindow();
    const address = "2001:db8:c0::15";
    const answers = [];
    for (let i = 0; i < 15; i++) {
      // Each cart started from an address of its own (new carts have a limit of their own).
      const starter = new Buyer();
      await starter.add(FOR_SALE, "licence:personal");
      const buyer = new Buyer(undefined, address);
      buyer.cookies = starter.cookies;
      answers.push(await buyer.post("/cart/checkout", {}));
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array(10).fill(303),
      ...Array(5).fill(429),
    ]);
    expect(answers[14]?.headers.get("Retry-After")).toBe("60");
    expect(answers[14]?.body).toContain("Too many checkouts from here.");
    // Another visitor is not held up.
    const other = new Buyer();
    await other.add(FOR_SALE, "licence:personal");
    expect((await other.checkout()).answer.status).toBe(303);
  });

  it("sends an empty cart back to the cart page", async () => {
    const answer = await new Buyer().post("/cart/checkout", {});
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/cart?notice=empty");
  });

  it("keeps in the cart what the buyer added while paying: only the order's lines leave it", async () => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "print:fine-art-8x10");
    const { session } = await buyer.checkout();
    // In another tab, while Stripe's page is open: a licence too.
    expect((await buyer.add(LARGE, "licence:editorial")).status).toBe(303);
    await pay(session);
    const [completed] = (await eventsOf([session])).filter(
      (event) => event.type === "checkout.session.completed",
    );
    expect((await deliver(completed)).status).toBe(200);
    expect(await cartLines(buyer)).toEqual([`${LARGE}|licence:editorial`]);
    // And it checks out on its own, as a new order.
    const next = await buyer.checkout();
    expect(next.session).not.toBe(session);
    const ordered = await env.STORE_DB.prepare(
      "SELECT photo, kind, product FROM order_items WHERE order_id = ?",
    )
      .bind(next.order)
      .all();
    expect(ordered.results).toEqual([{ photo: LARGE, kind: "licence", product: "editorial" }]);
  });

  it("pays an order once when Stripe sends the same event three times", async () => {
    const logs = captureLogs();
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "print:fine-art-8x10");
    const { session, order } = await buyer.checkout();
    await pay(session);
    const [completed] = (await eventsOf([session])).filter(
      (event) => event.type === "checkout.session.completed",
    );
    expect(completed).toBeDefined();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await deliver(completed));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => JSON.parse(answer.body).applied)).toEqual([true, false, false]);
    const row = await orderRow(order);
    expect(row?.status).toBe("paid");
    expect(row?.total).toBe(4500 + 800);
    expect(row?.email).toBe("buyer@example.com");
    expect(logs.lines().filter((line) => line.message === "Order paid")).toHaveLength(1);
    // The cart is emptied once its order is paid.
    expect(await cartLines(buyer)).toEqual([]);
    // The order page says so, at its unguessable address, to nobody's cache.
    const page = await buyer.get(`/order/${order}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-order-status="paid"');
    expect(page.body).toContain("Berlin");
    // The country by its name in the page's language, not Stripe's code.
    expect(page.body).toContain('<span class="block">Germany</span>');
    expect(page.body).not.toContain('<span class="block">DE</span>');
    expect((await buyer.get(`/de/order/${order}`)).body).toContain(
      '<span class="block">Deutschland</span>',
    );
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
  });

  it("empties the cart at Stripe's retry when emptying it failed after the order was paid", async () => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "print:fine-art-8x10");
    const { session, order } = await buyer.checkout();
    await pay(session);
    const [completed] = (await eventsOf([session])).filter(
      (event) => event.type === "checkout.session.completed",
    );
    // The cart's lines cannot be removed for a moment (D1 refuses the write).
    await env.STORE_DB.exec(
      "CREATE TRIGGER cart_items_stuck BEFORE DELETE ON cart_items BEGIN SELECT RAISE(ABORT, 'stuck'); END",
    );
    try {
      expect((await deliver(completed)).status).toBe(500);
    } finally {
      await env.STORE_DB.exec("DROP TRIGGER cart_items_stuck");
    }
    expect((await orderRow(order))?.status).toBe("paid");
    // Stripe's retry finds the order paid already, and the cart still holding what it bought.
    expect((await deliver(completed)).status).toBe(200);
    expect(await cartLines(buyer)).toEqual([]);
    // The cart checks out anew, not back to the paid order's page.
    await buyer.add(LARGE, "licence:editorial");
    const next = await buyer.checkout();
    expect(next.order).not.toBe(order);
  });

  it("says paid on the buyer's first view back from Stripe, before Stripe's webhook", async () => {
    const logs = captureLogs();
    const buyer = new Buyer();
    await buyer.add(LARGE, "licence:personal");
    const { session, order } = await buyer.checkout();
    // Not paid yet: the page waits, and reloads itself (a meta refresh: no script needed).
    const waiting = await buyer.get(`/order/${order}?session=${session}`);
    expect(waiting.body).toContain('data-order-status="open"');
    expect(waiting.body).toMatch(/<head>.*<meta http-equiv="refresh" content="5"\/>.*<\/head>/s);
    await pay(session);
    // The query string alone decides nothing: another order's paid session, or a made-up one.
    const other = new Buyer();
    await other.add(FOR_SALE, "licence:personal");
    const paidElsewhere = await other.checkout();
    await pay(paidElsewhere.session);
    for (const id of [paidElsewhere.session, "cs_test_madeup"]) {
      await buyer.get(`/order/${order}?session=${id}`);
      expect((await orderRow(order))?.status).toBe("open");
    }
    expect((await orderRow(paidElsewhere.order))?.status).toBe("open");
    // Where Stripe sends the buyer back (no webhook delivered yet): paid; the file is there once
    // fulfilment found the photograph still for sale, the page reloading itself until then.
    const back = await buyer.get(`/order/${order}?session=${session}`);
    expect(back.body).toContain('data-order-status="paid"');
    await fulfilled(order);
    const ready = await buyer.get(`/order/${order}`);
    expect(ready.body).toContain("data-licence-download");
    expect(ready.body).not.toContain('http-equiv="refresh"');
    expect(await cartLines(buyer)).toEqual([]);
    expect((await row(order))?.fulfilment_queued_at).toEqual(expect.any(Number));
    // Stripe's webhook, when it comes, changes nothing more: paid once, handed over once.
    const [completed] = (await eventsOf([session])).filter(
      (event) => event.type === "checkout.session.completed",
    );
    const queuedAt = (await row(order))?.fulfilment_queued_at;
    expect((await deliver(completed)).status).toBe(200);
    expect((await row(order))?.fulfilment_queued_at).toBe(queuedAt);
    expect(logs.lines().filter((line) => line.message === "Order paid")).toHaveLength(1);
  });

  it("asks Stripe about an unpaid order only within the visitor's limit; past it the webhook pays it", async () => {
    await inOneRateWindow();
    const buyer = new Buyer(undefined, "198.51.100.77");
    await buyer.add(LARGE, "licence:personal");
    const { session, order } = await buyer.checkout();
    await pay(session);
    // A script reloading its open orders' pages would spend the owner's Stripe calls.
    await spendLimit(env.CART_LIMIT, "198.51.100.77");
    const page = await buyer.get(`/order/${order}?session=${session}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-order-status="open"');
    expect((await orderRow(order))?.status).toBe("open");
    const [completed] = (await eventsOf([session])).filter(
      (event) => event.type === "checkout.session.completed",
    );
    expect((await deliver(completed)).status).toBe(200);
    expect((await orderRow(order))?.status).toBe("paid");
  });

  it("waits for a bank transfer, then pays when the money arrives", async () => {
    const buyer = new Buyer();
    await buyer.add(LARGE, "licence:personal");
    const { session, order } = await buyer.checkout();
    await pay(session, "bank_transfer");
    const [completed] = await eventsOf([session]);
    await deliver(completed);
    expect((await orderRow(order))?.status).toBe("awaiting_payment");
    // Checking out again, unchanged: that order's page, not a second payment.
    expect((await buyer.post("/cart/checkout", {})).headers.get("Location")).toBe(
      `/order/${order}`,
    );
    // Something more added meanwhile checks out on its own, as a new order.
    expect((await buyer.add(FOR_SALE, "licence:personal")).status).toBe(303);
    const more = await buyer.checkout();
    expect(more.session).not.toBe("");
    expect(more.order).not.toBe(order);
    const ordered = await env.STORE_DB.prepare(
      "SELECT photo, product FROM order_items WHERE order_id = ?",
    )
      .bind(more.order)
      .all();
    expect(ordered.results).toEqual([{ photo: FOR_SALE, product: "personal" }]);
    const { control } = await import("./store.ts");
    await control(`/_control/checkout/sessions/${session}/settle`, { outcome: "succeeded" });
    const succeeded = (await eventsOf([session])).find(
      (event) => event.type === "checkout.session.async_payment_succeeded",
    );
    await deliver(succeeded);
    expect((await orderRow(order))?.status).toBe("paid");
    // The new order's checkout is untouched by the first one's payment.
    expect(await cartLines(buyer)).toEqual([`${FOR_SALE}|licence:personal`]);
    expect((await buyer.checkout()).session).toBe(more.session);
  });
});

describe("a refund Stripe tells before the payment", () => {
  const paymentIntentOf = async (session: string) =>
    String((await stripe().checkout.sessions.retrieve(session)).payment_intent);
  const refundedEvent = async (paymentIntent: string) => {
    await stripe().refunds.create({ payment_intent: paymentIntent });
    return (await eventsOf([paymentIntent])).find((event) => event.type === "charge.refunded");
  };

  it("closes the order, and the payment told after it fulfils nothing", async () => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "print:fine-art-8x10");
    await buyer.add(LARGE, "licence:commercial");
    const { session, order } = await buyer.checkout();
    await pay(session);
    const completed = (await eventsOf([session])).find(
      (event) => event.type === "checkout.session.completed",
    );
    const refunded = await refundedEvent(await paymentIntentOf(session));
    expect((await deliver(refunded)).status).toBe(200);
    expect((await orderRow(order))?.status).toBe("refunded");
    expect((await deliver(completed)).status).toBe(200);
    // The buyer back from Stripe's page says the same again.
    const page = await buyer.get(`/order/${order}?session=${session}`);
    const after = await row(order);
    expect(after?.status).toBe("refunded");
    // Never handed to fulfilment: no lab, no file, no "paid" e-mails.
    expect(after?.fulfilment_queued_at).toBeNull();
    expect(after?.total).toBe(4500 + 35000 + 800);
    expect(page.body).toContain('data-order-status="refunded"');
    expect(page.body).not.toContain("data-licence-download");
    // Bought, so its lines left the cart, and the cart checks out anew.
    expect(await cartLines(buyer)).toEqual([]);
  });

  it("closes an order waiting for its bank transfer, and the money told after it fulfils nothing", async () => {
    const buyer = new Buyer();
    await buyer.add(LARGE, "licence:personal");
    const { session, order } = await buyer.checkout();
    await pay(session, "bank_transfer");
    const [completed] = await eventsOf([session]);
    await deliver(completed);
    expect((await orderRow(order))?.status).toBe("awaiting_payment");
    await control(`/_control/checkout/sessions/${session}/settle`, { outcome: "succeeded" });
    const succeeded = (await eventsOf([session])).find(
      (event) => event.type === "checkout.session.async_payment_succeeded",
    );
    expect((await deliver(await refundedEvent(await paymentIntentOf(session)))).status).toBe(200);
    expect((await deliver(succeeded)).status).toBe(200);
    const after = await row(order);
    expect(after?.status).toBe("refunded");
    expect(after?.fulfilment_queued_at).toBeNull();
  });
});

describe("the webhook refuses what Stripe did not send", () => {
  const paidEvent = async () => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "licence:personal");
    const { session, order } = await buyer.checkout();
    await pay(session);
    const [event] = await eventsOf([session]);
    if (!event) throw new Error("no event");
    return { event, order };
  };

  it.each([
    ["unsigned", { unsigned: true }],
    ["signed with another secret", { secret: "whsec_someone_else" }],
    ["signed more than five minutes ago", { timestamp: Math.floor(Date.now() / 1000) - 301 }],
    [
      "altered after signing",
      {
        alter: (payload: string) =>
          payload.replace('"payment_status": "paid"', '"payment_status": "paid" '),
      },
    ],
  ])("%s: 400, and the order stays unpaid", async (_, how) => {
    const { event, order } = await paidEvent();
    const answer = await deliver(event, how);
    expect(answer.status).toBe(400);
    expect((await orderRow(order))?.status).toBe("open");
    // The genuine delivery still counts.
    expect((await deliver(event)).status).toBe(200);
    expect((await orderRow(order))?.status).toBe("paid");
  });

  it("applies a replayed event once, even signed anew", async () => {
    const { event, order } = await paidEvent();
    await deliver(event);
    const paidAt = (await orderRow(order))?.paid_at;
    const replay = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) + 1 });
    expect(JSON.parse(replay.body)).toEqual({ received: true, applied: false });
    expect((await orderRow(order))?.paid_at).toBe(paidAt);
  });

  it("applies an event whose first delivery was cut off while applying it, once that claim lapsed", async () => {
    const { event, order } = await paidEvent();
    const claimedAt = (at: number) =>
      env.STORE_DB.prepare(
        `INSERT INTO stripe_events (id, type, order_id, received_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (id) DO UPDATE SET received_at = ?4`,
      )
        .bind(event.id, event.type, order, at)
        .run();
    // Another delivery is applying it now: this one is asked to come again, in case that fails.
    await claimedAt(Date.now());
    const busy = await deliver(event);
    expect(busy.status).toBe(409);
    expect((await orderRow(order))?.status).toBe("open");
    // That delivery was cut off part-way (Stripe stopped waiting): nothing recorded it applied,
    // and once its claim lapsed, Stripe's next delivery applies the event, once.
    await claimedAt(Date.now() - 3 * 60_000);
    const retried = await deliver(event);
    expect(JSON.parse(retried.body)).toEqual({ received: true, applied: true });
    expect((await orderRow(order))?.status).toBe("paid");
    expect(JSON.parse((await deliver(event)).body)).toEqual({ received: true, applied: false });
  });

  it.each([
    ["a refund", "charge.refunded", { object: null }],
    ["a completed checkout", "checkout.session.completed", { object: null }],
    ["an expired checkout", "checkout.session.expired", {}],
  ])(
    "ignores a signed event of %s without its object, logged, not a server error",
    async (_, type, data) => {
      const logs = captureLogs();
      const id = `evt_without_object_${type}`;
      const answer = await deliver({ id, object: "event", type, data });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ received: true, applied: false });
      expect(logs.messages("warn")).toContain("A Stripe event without its object was ignored");
      expect(logs.messages("error")).toEqual([]);
    },
  );

  it("does not refund an order that was not paid, nor pay one twice after a refund", async () => {
    const { event, order } = await paidEvent();
    await deliver(event);
    const session = (event.data.object as { id: string }).id;
    const read = await stripe().checkout.sessions.retrieve(session);
    await stripe().refunds.create({ payment_intent: String(read.payment_intent) });
    const refunded = (await eventsOf([String(read.payment_intent)])).find(
      (candidate) => candidate.type === "charge.refunded",
    );
    expect(refunded).toBeDefined();
    await deliver(refunded);
    expect((await orderRow(order))?.status).toBe("refunded");
  });
});

describe("order pages", () => {
  it.each([
    ["an order's", `/order/${"x".repeat(32)}/`],
    ["a client gallery's", "/g/abcdefghijklmnop/"],
    ["the cart's", "/cart/"],
  ])("redirect %s address with a trailing slash, kept by no shared cache", async (_, path) => {
    const answer = await request(path);
    expect(answer.status).toBe(301);
    expect(answer.headers.get("Location")).toBe(`http://localhost${path.slice(0, -1)}`);
    expect(answer.headers.get("Cloudflare-CDN-Cache-Control")).toBe("no-store");
  });

  it.each([
    ["a guessed id of the right shape", `/order/${"x".repeat(32)}`],
    ["a shorter id", "/order/abc"],
    ["an id with a path in it", "/order/..%2F..%2Fcart"],
  ])("are a 404 for %s", async (_, path) => {
    const answer = await request(path);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("X-Robots-Tag")).toBe("noindex");
  });
});
