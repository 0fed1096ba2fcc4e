// Every template of the built site is valid HTML, as the W3C's Nu Html Checker (vnu.jar, run by
// Java) reads it: no error and no warning. It checks the served HTML itself, so it sits with
// the tests of the real built site, though no browser is needed for it. One Java process checks
// every page at once.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { VISITOR_UA } from "./chromium.ts";

const siteUrl = inject("siteUrl");
const gallery = inject("gallery");
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/** A page of each template (and of each state a template has: results or none, a refused form). */
const PAGES = [
  "/",
  "/portfolio",
  "/imprint",
  "/post/autumn-in-the-basque-mountains",
  "/portfolio/photo/b2i6",
  "/post/autumn-in-the-basque-mountains/photo/cover",
  "/archive",
  "/photos",
  "/tags",
  "/map",
  "/map?tag=mountains",
  "/tag/landscape",
  "/camera/sony-dsc-rx100m4",
  "/search",
  "/search?q=mountain",
  "/search?q=nothing-is-called-this",
  "/contact",
  "/contact?photo=portfolio/b2i6",
  "/contact/thanks",
  "/cart",
  "/book",
  "/book/portrait",
  "/licensing",
  "/200",
  "/404",
  "/a/b/c",
  "/Bad_Slug",
  // A further language: the switcher, the alternates, and a translation's fallback (its lang).
  "/de",
  "/de/portfolio",
  "/de/post/two-spaniels-and-a-nuthatch",
  "/de/search?q=Herbst",
  "/de/book/family-afternoon",
];

/** What galleryPages() checks, by name. */
const GALLERY = {
  door: "the door of a client gallery",
  grid: "a client gallery",
  favourites: "a client gallery's favourites",
  photo: "a client gallery's photograph",
} as const;
const GALLERY_PAGES = Object.values(GALLERY);

interface NuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  message: string;
  url: string;
  extract?: string;
}

/** The contact form sent back as refused (422): every field's problem at the field. */
async function refusedForm(): Promise<string> {
  const form = new FormData();
  form.set("name", " ");
  form.set("email", "ada@example");
  form.set("subject", "general");
  form.set("message", "");
  const res = await fetch(new URL("/contact", siteUrl), {
    method: "POST",
    body: form,
    headers: { Origin: siteUrl, "User-Agent": VISITOR_UA, "CF-Connecting-IP": "192.0.2.222" },
    redirect: "manual",
  });
  expect(res.status).toBe(422);
  return res.text();
}

/** A client gallery's door, and once unlocked its grid, its favourites and a photograph's page. */
async function galleryPages(): Promise<[string, string][]> {
  const headers = { Origin: siteUrl, "User-Agent": VISITOR_UA, "CF-Connecting-IP": "192.0.2.223" };
  const door = await fetch(new URL(gallery.path, siteUrl), { headers });
  expect(door.status).toBe(401);
  const unlocked = await fetch(new URL(`${gallery.path}/unlock`, siteUrl), {
    method: "POST",
    body: new URLSearchParams({ password: gallery.password }),
    headers,
    redirect: "manual",
  });
  expect(unlocked.status).toBe(303);
  await unlocked.body?.cancel();
  const cookie = unlocked.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const open = async (path: string) => {
    const res = await fetch(new URL(path, siteUrl), { headers: { ...headers, Cookie: cookie } });
    expect(res.status, path).toBe(200);
    return res.text();
  };
  const grid = await open(gallery.path);
  const photo = /href="(\/g\/[^"]+\/p\/[^"]+)"/.exec(grid)?.[1];
  if (!photo) throw new Error("The gallery's grid links no photograph");
  return [
    [GALLERY.door, await door.text()],
    [GALLERY.grid, grid],
    [GALLERY.favourites, await open(`${gallery.path}?show=favourites`)],
    [GALLERY.photo, await open(photo)],
  ];
}

/** What storePages() checks, by name. */
const STORE = {
  cart: "a cart with a print and a licence",
  order: "a paid order's page (its shipping news and a licence's download)",
} as const;
const STORE_PAGES = Object.values(STORE);

/**
 * A cart with a print and a licence in it, and once it is checked out and paid on the payments
 * stand-in's page (as a buyer pays), the order's page, waited for until Stripe's webhook has
 * marked it paid.
 */
async function storePages(): Promise<[string, string][]> {
  const headers = { Origin: siteUrl, "User-Agent": VISITOR_UA };
  let cookie = "";
  for (const product of ["print:signed-a5", "licence:personal"]) {
    const added = await fetch(new URL("/cart/add", siteUrl), {
      method: "POST",
      body: new URLSearchParams({ photo: "portfolio/b5i7", product, quantity: "1" }),
      headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) },
      redirect: "manual",
    });
    expect(added.status).toBe(303);
    await added.body?.cancel();
    cookie = added.headers.get("Set-Cookie")?.split(";")[0] ?? cookie;
  }
  const withCookie = { ...headers, Cookie: cookie };
  const cart = await (await fetch(new URL("/cart", siteUrl), { headers: withCookie })).text();
  expect(cart).toContain('name="line.1"');
  const checkout = await fetch(new URL("/cart/checkout", siteUrl), {
    method: "POST",
    headers: withCookie,
    redirect: "manual",
  });
  await checkout.body?.cancel();
  const paid = await fetch(checkout.headers.get("Location") ?? "", {
    method: "POST",
    body: new URLSearchParams({
      email: "ada@example.com",
      name: "Ada Lovelace",
      line1: "1 Example Street",
      city: "Berlin",
      postal_code: "10115",
      country: "DE",
      action: "pay",
    }),
    redirect: "manual",
  });
  await paid.body?.cancel();
  const orderPage = new URL(paid.headers.get("Location") ?? "", siteUrl);
  expect(orderPage.pathname).toMatch(/^\/order\/[\w-]{32}$/);
  // Once Stripe's webhook has marked it paid and its fulfilment has run.
  const order = await vi.waitFor(
    async () => {
      const html = await (await fetch(orderPage, { headers: withCookie })).text();
      expect(html).toContain('data-order-status="paid"');
      expect(html).toContain("data-order-shipping");
      return html;
    },
    { timeout: 20_000, interval: 200 },
  );
  return [
    [STORE.cart, cart],
    [STORE.order, order],
  ];
}

/** What bookingPages() checks, by name. */
const BOOKING = {
  held: "a held booking time, with the form for the details",
  refused: "a held booking time's details, refused (422)",
  contract: "a held booking time's contract, to sign",
  unsigned: "a held booking time's contract, its signature refused (422)",
  signed: "a held booking time's contract, signed, and the deposit's button",
  booked: "a booked session, its balance's button and its invoice's link",
  invoice: "a booked session's deposit invoice",
} as const;
const BOOKING_PAGES = Object.values(BOOKING);

/** A time held as a client holds it (after a person's moment), its page, and its form refused. */
async function bookingPages(): Promise<[string, string][]> {
  const headers = { Origin: siteUrl, "User-Agent": VISITOR_UA, "CF-Connecting-IP": "192.0.2.224" };
  const open = async (path: string) => (await fetch(new URL(path, siteUrl), { headers })).text();
  // The last day offered: the other files' clients (booking.test.ts) hold times on the first.
  const days = [...(await open("/book/family-afternoon")).matchAll(/href="([^"]+\?day=[\d-]+)"/g)];
  const picker = await open(days.at(-1)?.[1] ?? "/book/family-afternoon");
  const stamp = /name="stamp" value="([^"]+)"/.exec(picker)?.[1] ?? "";
  const start = /<input[^>]*name="start"[^>]*value="(\d{13})"/.exec(picker)?.[1];
  // The form's signed stamp holds nothing sooner than a person could choose.
  await new Promise((done) => setTimeout(done, 3_100));
  const held = await fetch(new URL("/book/family-afternoon/hold", siteUrl), {
    method: "POST",
    body: new URLSearchParams({ start: start ?? "", stamp }),
    headers,
    redirect: "manual",
  });
  await held.body?.cancel();
  expect(held.status).toBe(303);
  const path = new URL(held.headers.get("Location") ?? "", siteUrl);
  const refused = await fetch(path, {
    method: "POST",
    body: new URLSearchParams({ name: "", email: "ana@" }),
    headers,
  });
  expect(refused.status).toBe(422);
  const page = async () => (await fetch(path, { headers })).text();
  const post = (to: string, fields: Record<string, string>) =>
    fetch(new URL(to, siteUrl), {
      method: "POST",
      body: new URLSearchParams(fields),
      headers,
      redirect: "manual",
    });
  const pages: [string, string][] = [
    [BOOKING.held, await page()],
    [BOOKING.refused, await refused.text()],
  ];
  const answered = await post(path.pathname, {
    name: "Ana Ruiz",
    email: "ana@example.com",
    "q-address": "Calle Mayor 1, Bilbao",
  });
  await answered.body?.cancel();
  expect(answered.status).toBe(303);
  const contract = await page();
  pages.push([BOOKING.contract, contract]);
  // The signing form names the text it showed (a hidden field), as a browser sends it back.
  const read = /name="contract" value="([0-9a-f]{64})"/.exec(contract)?.[1] ?? "";
  const unsigned = await post(`${path.pathname}/sign`, { contract: read, signature: "Eve" });
  expect(unsigned.status).toBe(422);
  pages.push([BOOKING.unsigned, await unsigned.text()]);
  const signed = await post(`${path.pathname}/sign`, {
    contract: read,
    signature: "Ana Ruiz",
    consent: "yes",
  });
  await signed.body?.cancel();
  expect(signed.status).toBe(303);
  pages.push([BOOKING.signed, await page()]);
  // The deposit, paid on the payments stand-in's page as a client pays it.
  const pay = await post(`${path.pathname}/pay`, {});
  await pay.body?.cancel();
  const checkout = new URL(pay.headers.get("Location") ?? "");
  const paid = await fetch(checkout, {
    method: "POST",
    body: new URLSearchParams({
      email: "ana@example.com",
      name: "Ana Ruiz",
      country: "ES",
      action: "pay",
    }),
    headers: { Origin: checkout.origin },
    redirect: "manual",
  });
  await paid.body?.cancel();
  expect(paid.status).toBe(303);
  const booked = await (await fetch(paid.headers.get("Location") ?? "", { headers })).text();
  expect(booked).toContain("data-balance");
  pages.push([BOOKING.booked, booked]);
  pages.push([BOOKING.invoice, await open(`${path.pathname}/invoices/deposit`)]);
  return pages;
}

/** Where a message about no page we know would go (it would mean the mapping is wrong). */
const UNATTRIBUTED = "(no page)";

/** What Nu finds worth fixing: errors and warnings (its other notes are about style). */
const problems = (messages: NuMessage[]) =>
  messages.filter((m) => m.type !== "info" || m.subType === "warning");

describe("the HTML of every template (W3C Nu Html Checker)", () => {
  let dir = "";
  const found = new Map<string, string[]>();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "html-validity-"));
    const files = new Map<string, string>();
    const pages = async () => {
      for (const [i, path] of PAGES.entries()) {
        const res = await fetch(new URL(path, siteUrl), { headers: { "User-Agent": VISITOR_UA } });
        files.set(join(dir, `page-${i}.html`), path);
        await writeFile(join(dir, `page-${i}.html`), await res.text());
      }
      files.set(join(dir, "refused.html"), "POST /contact (refused)");
      await writeFile(join(dir, "refused.html"), await refusedForm());
    };
    // The groups share nothing (each its own gallery, cart or booking), and most of their time
    // is waiting (a client's moment before holding, the store's first payment): side by side.
    const [, gallery, store, booking] = await Promise.all([
      pages(),
      galleryPages(),
      storePages(),
      bookingPages(),
    ]);
    for (const [i, [name, html]] of [...gallery, ...store, ...booking].entries()) {
      files.set(join(dir, `named-${i}.html`), name);
      await writeFile(join(dir, `named-${i}.html`), html);
    }
    const java = await promisify(execFile)(
      "java",
      ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", "--stdout", ...files.keys()],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        throw new Error(
          "The HTML validator needs Java: install a runtime (Debian: `sudo apt-get install -y default-jre-headless`).",
        );
      }
      throw error;
    });
    const { messages } = JSON.parse(java.stdout) as { messages: NuMessage[] };
    for (const path of [...files.values(), UNATTRIBUTED]) found.set(path, []);
    for (const message of problems(messages)) {
      const path = files.get(new URL(message.url).pathname) ?? UNATTRIBUTED;
      found.get(path)?.push(`${message.subType ?? message.type}: ${message.message}`);
    }
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("checked every page, and nothing it said is about a file it was not given", () => {
    expect([...found.keys()]).toHaveLength(
      PAGES.length + GALLERY_PAGES.length + STORE_PAGES.length + BOOKING_PAGES.length + 2,
    );
    expect(found.get(UNATTRIBUTED)).toEqual([]);
  });

  for (const path of [
    ...PAGES,
    "POST /contact (refused)",
    ...GALLERY_PAGES,
    ...STORE_PAGES,
    ...BOOKING_PAGES,
  ]) {
    it(`${path}: no error, no warning`, () => {
      expect(found.get(path)).toEqual([]);
    });
  }
});
