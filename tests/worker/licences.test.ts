// A licence bought, paid and downloaded through the real worker, D1 and the payments stand-in:
// the order page's download link is signed for that order's line and expires, and the file
// carries its licence in XMP, read back with exifr (a reader nobody here wrote).
import exifr from "exifr";
import { describe, expect, it } from "vitest";
import { orderReference } from "../../worker/store/orders.ts";
import { ORIGIN, request } from "./harness.ts";
import {
  Buyer,
  decide,
  deliver,
  disputeOf,
  eventsOf,
  fulfilled,
  jpegSize,
  LARGE,
  pay,
  row,
  stripe,
  studioCopy,
} from "./store.ts";

async function paidLicence(product = "licence:editorial") {
  const buyer = new Buyer();
  await buyer.add(LARGE, product);
  const cart = (await buyer.get("/cart")).body;
  const { session, order } = await buyer.checkout();
  const line = (await stripe().checkout.sessions.listLineItems(session)).data[0]?.description;
  await pay(session);
  const [completed] = await eventsOf([session]);
  await deliver(completed);
  await fulfilled(order);
  const page = await buyer.get(`/order/${order}`);
  const href =
    /<a href="([^"]+)" download="" [^>]*data-licence-download/.exec(page.body)?.[1] ?? "";
  return { buyer, order, page, href: href.replace(/&amp;/g, "&"), cart, line: line ?? "" };
}

describe("a licence", () => {
  it("is downloaded from its order page, carrying its licence in XMP", async () => {
    const { order, page, href, cart, line } = await paidLicence();
    expect(page.body).toContain("Download the licensed file");
    // The photograph by its title, not its caption, in the cart, on Stripe's page and here.
    for (const text of [cart, line, page.body]) expect(text).toContain("Elephants on canvas");
    expect(line).toBe("Editorial · Elephants on canvas");
    expect(href).toMatch(
      new RegExp(`^/order/${order}/download/1\\?expires=\\d+&signature=[\\w-]{43}$`),
    );
    const file = await request(href);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/jpeg");
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    expect(file.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename=".+-editorial-licence\.jpg"$/,
    );
    const meta = await exifr.parse(file.bytes, { xmp: true, mergeOutput: false, tiff: false });
    const plus = meta?.plus as Record<string, unknown>;
    const rights = meta?.xmpRights as Record<string, unknown>;
    const dc = meta?.dc as Record<string, unknown>;
    // The licence by its order's reference and line, which the owner finds it by; never the
    // order's id, which opens the buyer's order page to whoever reads the published file.
    expect(plus?.LicenseID).toBe(`${orderReference(order)}-1`);
    expect(new TextDecoder("latin1").decode(file.bytes)).not.toContain(order);
    expect(JSON.stringify(plus?.Licensee)).toContain("Test Buyer");
    expect(JSON.stringify(plus?.Licensor)).toContain("LicensorName");
    expect(rights?.WebStatement).toBe(`${ORIGIN}/licensing`);
    expect(String(rights?.Marked)).toMatch(/true/i);
    expect(JSON.stringify(dc?.rights)).toContain("©");
    // The seller (the site's owner) grants it; the photograph's credit names who made it.
    expect(JSON.stringify(plus?.Licensor)).toContain('"LicensorName":"Jane Doe"');
    expect(JSON.stringify(rights?.UsageTerms)).toContain(
      "Editorial licence granted by Jane Doe to Test Buyer",
    );
    expect(JSON.stringify(dc?.creator)).toContain("Wyng Stancikaite");
    // Which licence, in a field of its own; the photograph by its title.
    expect(JSON.stringify(plus?.OtherLicenseInfo)).toContain("Editorial");
    expect(JSON.stringify(dc?.title)).toContain("Elephants on canvas");
    // The file is the licence's size: 3000 px on the long edge (the photograph has 5640).
    expect(jpegSize(file.bytes)).toEqual({ width: 3000, height: 1687 });
  });

  it("is no file for a link altered, for another line, expired or unsigned", async () => {
    const { order, href } = await paidLicence("licence:personal");
    const url = new URL(href, ORIGIN);
    const signature = url.searchParams.get("signature") ?? "";
    for (const address of [
      href.replace(signature, `${signature.slice(0, -2)}AA`),
      href.replace(`/${order}/download/1?`, `/${order}/download/2?`),
      href.replace(/expires=\d+/, "expires=1000"),
      url.pathname,
      href.replace(order, "x".repeat(32)),
    ]) {
      expect((await request(address)).status, address).toBe(404);
    }
  });

  it("has no download before it is paid", async () => {
    const buyer = new Buyer();
    await buyer.add(LARGE, "licence:personal");
    const { order } = await buyer.checkout();
    const page = await buyer.get(`/order/${order}`);
    expect(page.body).not.toContain("data-licence-download");
  });

  it("stops downloading while the buyer's bank disputes its payment, and downloads again once the dispute is won", async () => {
    const { buyer, order, href } = await paidLicence("licence:personal");
    expect((await request(href)).status).toBe(200);
    const { dispute, created } = await disputeOf(order);
    expect((await deliver(created)).status).toBe(200);
    expect((await row(order))?.disputed_at).toEqual(expect.any(Number));
    // The link the buyer has, and their order page: nothing to download, and why.
    expect((await request(href)).status).toBe(404);
    const page = await buyer.get(`/order/${order}`);
    expect(page.body).not.toContain("data-licence-download");
    expect(page.body).toContain("Your bank has disputed this payment.");
    // The owner's copy in the Studio says so.
    expect((await studioCopy(order))?.status).toBe("disputed");

    expect((await deliver(await decide(dispute, "won"))).status).toBe(200);
    expect((await row(order))?.disputed_at).toBeNull();
    expect((await request(href)).status).toBe(200);
    expect((await buyer.get(`/order/${order}`)).body).toContain("data-licence-download");
    expect((await studioCopy(order))?.status).toBe("paid");
  });

  it("stays closed after a dispute lost: the order is refunded by the bank", async () => {
    const { order, href } = await paidLicence("licence:personal");
    await fulfilled(order);
    const { dispute, created } = await disputeOf(order);
    const closed = await decide(dispute, "lost");
    // Stripe does not keep its events in order: the decision may come first. Either way the
    // dispute is applied as Stripe says it stands now.
    expect((await deliver(closed)).status).toBe(200);
    expect((await deliver(created)).status).toBe(200);
    expect(await row(order)).toMatchObject({ status: "refunded", disputed_at: expect.any(Number) });
    expect((await request(href)).status).toBe(404);
    expect((await studioCopy(order))?.status).toBe("dispute_lost");
  });

  it("stays closed after a dispute Visa's Rapid Dispute Resolution prevented: the buyer has the money back", async () => {
    const { order, href } = await paidLicence("licence:personal");
    await fulfilled(order);
    const { dispute, created } = await disputeOf(order);
    expect((await deliver(created)).status).toBe(200);
    expect((await deliver(await decide(dispute, "prevented"))).status).toBe(200);
    expect(await row(order)).toMatchObject({ status: "refunded", disputed_at: expect.any(Number) });
    expect((await request(href)).status).toBe(404);
    expect((await studioCopy(order))?.status).toBe("dispute_lost");
  });

  it("goes on downloading when a dispute's decision for the seller is told before its opening", async () => {
    const { order, href } = await paidLicence("licence:personal");
    const { dispute, created } = await disputeOf(order);
    const closed = await decide(dispute, "won");
    expect((await deliver(closed)).status).toBe(200);
    expect((await deliver(created)).status).toBe(200);
    expect((await row(order))?.disputed_at).toBeNull();
    expect((await request(href)).status).toBe(200);
  });
});
