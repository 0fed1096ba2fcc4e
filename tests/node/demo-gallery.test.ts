// The demo's client gallery that `npm start` makes and prints (scripts/demo-gallery.ts), on the
// real local site: a gallery behind a password made for the run, with the demo photographs in
// it, and a link and password that open it. The site the other suites start makes none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDemoGallery,
  DEMO_GALLERY_PHOTOS,
  type DemoGallery,
  demoGalleryLine,
} from "../../scripts/demo-gallery.ts";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";

let site: RunningSite;
let port: string;

/** Documents of the content service, read with the site's token (galleries are private). */
async function galleryDocuments(): Promise<Record<string, unknown>[]> {
  const url = new URL(`${site.content?.url}/v2025-02-19/data/query/production`);
  url.searchParams.set("query", '*[_type == "clientGallery"]');
  const res = await fetch(url, { headers: { Authorization: `Bearer ${site.vars.SANITY_TOKEN}` } });
  return ((await res.json()) as { result: Record<string, unknown>[] }).result;
}

/** The gallery's address on the site as the test reaches it (the link names localhost). */
const onSite = (gallery: DemoGallery) => gallery.link.replace(`http://localhost:${port}`, site.url);

async function unlock(gallery: DemoGallery, password: string) {
  return fetch(`${onSite(gallery)}/unlock`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ password }),
    headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

beforeAll(async () => {
  site = await startSite({ isolated: true });
  port = new URL(site.url).port;
}, 90_000);

afterAll(async () => {
  await site?.close();
});

describe("the demo client gallery", () => {
  // Made as npm start makes it (each one uploads and watermarks the demo photographs, seconds of
  // CPU): once for the tests that look at it, and a second for the one that compares two starts.
  let made: Promise<DemoGallery> | undefined;
  const demoGallery = () => {
    made ??= createDemoGallery(site, `http://localhost:${port}`);
    return made;
  };

  it("is not made by a site started for tests", async () => {
    expect(await galleryDocuments()).toEqual([]);
  });

  it("is printed as one line: its link on the site's address and its password", async () => {
    const gallery = await demoGallery();
    expect(gallery.link).toMatch(new RegExp(`^http://localhost:${port}/g/[a-z2-7]{26}$`));
    expect(gallery.link.endsWith(gallery.id)).toBe(true);
    expect(gallery.password).toMatch(/^[a-z]{3,8}-\d{4}$/);
    expect(demoGalleryLine(gallery)).toBe(
      `Client gallery: ${gallery.link} password: ${gallery.password}`,
    );
  });

  it("opens with its password only, and shows the demo photographs", async () => {
    const gallery = await demoGallery();
    const locked = await fetch(onSite(gallery));
    expect(locked.status).toBe(401);
    await locked.text();
    const wrong = await unlock(gallery, `${gallery.password}0`);
    expect(wrong.status).toBe(401);
    await wrong.text();

    const right = await unlock(gallery, gallery.password);
    expect(right.status).toBe(303);
    const cookie = right.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const page = await fetch(onSite(gallery), { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // Every one of them, each called by its place in the gallery (the file names are the owner's).
    DEMO_GALLERY_PHOTOS.forEach((_, index) => {
      expect(html).toContain(`alt="Photograph ${index + 1}"`);
    });
    expect(html).not.toContain(`alt="Photograph ${DEMO_GALLERY_PHOTOS.length + 1}"`);
    for (const { name } of DEMO_GALLERY_PHOTOS) expect(html).not.toContain(name);
  });

  it("is a new gallery with a new password on every start, and keeps no password as typed", async () => {
    const a = await demoGallery();
    const b = await createDemoGallery(site);
    expect(b.id).not.toBe(a.id);
    expect(b.password).not.toBe(a.password);
    const stored = JSON.stringify(await galleryDocuments());
    expect(stored).toContain(a.id);
    expect(stored).not.toContain(a.password);
    expect(stored).not.toContain(b.password);
    expect(site.output()).not.toContain(a.password);
  });
});
