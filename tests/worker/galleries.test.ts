// Client galleries through the real worker and its real bindings in workerd: the gallery's
// Durable Object, the R2 bucket, the Images binding, the Rate Limiting binding and the Cache
// API, with the gallery's document in the demo content service. What a client and the owner
// do, and what each gets. (What anybody else gets: gallery-attacks.test.ts; each module alone:
// the tests beside it in worker/galleries/.)
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_FRESH_MS } from "../../worker/galleries/gallery-store.ts";
import {
  announceChange,
  askedLink,
  confirmedClient,
  DEMO_FILES,
  demoJpeg,
  galleryDocument,
  galleryWithPhotos,
  newGalleryId,
  passwordHash,
  saveGallery,
  type Uploaded,
  unlock,
  upload,
} from "./galleries.ts";
import { atFirstFetch, inOneRateWindow, ORIGIN, request } from "./harness.ts";

const PASSWORD = "larch-4821";

/** A form post from the gallery's own page. */
const post = (path: string, form: Record<string, string>, cookie: string, json = false) =>
  request(path, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      Cookie: cookie,
      ...(json ? { Accept: "application/json" } : {}),
    },
  });

/**
 * Bytes as text, one character a byte, to find a file's bytes or name in an archive. (Whether
 * the archive is sound is for an unzipper: tests/node/gallery-zip.test.ts and, on a ZIP this
 * worker served, tests/node/gallery-upload.test.ts.)
 */
const asText = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

describe("a gallery with a password", () => {
  let gallery: { id: string; photos: Uploaded[] };
  let cookie: string;
  let settings: Record<string, unknown>;

  beforeAll(async () => {
    settings = { password: await passwordHash(PASSWORD), favouritesLimit: 2 };
    gallery = await galleryWithPhotos(settings);
    cookie = await unlock(gallery.id, PASSWORD);
  });

  it("asks for the password with 401 and a form, and a wrong one gets the form again", async () => {
    const locked = await request(`/g/${gallery.id}`);
    expect(locked.status).toBe(401);
    expect(locked.body).toContain('name="password"');
    expect(locked.body).toContain("Ana &amp; Luis, 14 June");
    expect(locked.headers.get("Cache-Control")).toBe("private, no-store");
    expect(locked.headers.get("X-Robots-Tag")).toContain("noindex");
    const wrong = await post(`/g/${gallery.id}/unlock`, { password: "larch-4822" }, "");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain("That is not the password");
    expect(wrong.headers.has("Set-Cookie")).toBe(false);
  });

  it("gives a session cookie scoped to the gallery for the right password", async () => {
    const res = await post(`/g/${gallery.id}/unlock`, { password: PASSWORD }, "");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/g/${gallery.id}`);
    const set = res.headers.get("Set-Cookie") ?? "";
    for (const part of ["HttpOnly", "Secure", "SameSite=Lax", `Path=/g/${gallery.id}`]) {
      expect(set).toContain(part);
    }
    expect(set).not.toContain(PASSWORD);
  });

  it("shows the photographs, private and unindexed, with no slideshow behind them", async () => {
    const res = await request(`/g/${gallery.id}`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.body).toContain("For Ana Ruiz");
    for (const photo of gallery.photos) {
      expect(res.body).toContain(`/g/${gallery.id}/photo/${photo.id}/480.webp`);
      expect(res.body).toContain(`href="/g/${gallery.id}/p/${photo.id}"`);
    }
    expect(res.body).toContain("3 photographs");
    expect(res.body).toContain("of 2 to choose");
    expect(res.body).not.toContain('class="backdrop"');
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    // Other sites learn the origin alone, never the gallery's address.
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("Cloudflare-CDN-Cache-Control")).toBe("no-store");
  });

  it("shows its cover on the door, the one photograph served before the password", async () => {
    const [first, second] = gallery.photos as [Uploaded, Uploaded];
    const door = await request(`/g/${gallery.id}`);
    expect(door.status).toBe(401);
    expect(door.body).toContain(`class="gallery-cover" src="/g/${gallery.id}/cover/960.webp`);
    expect(door.body).not.toContain(first.id);
    const cover = await request(`/g/${gallery.id}/cover/960.webp?v=delivered`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("Content-Type")).toBe("image/webp");
    expect(cover.headers.get("Cache-Control")).toMatch(/^private/);
    // The cover is the first photograph unless the owner names another; nothing else opens.
    const firstSize = await request(`/g/${gallery.id}/photo/${first.id}/960.webp`, {
      headers: { Cookie: cookie },
    });
    expect(cover.bytes).toEqual(firstSize.bytes);
    expect((await request(`/g/${gallery.id}/photo/${first.id}/960.webp`)).status).toBe(401);
    expect((await request(`/g/${gallery.id}/cover/2048.webp`)).status).toBe(404);
    await saveGallery(gallery.id, { ...settings, cover: second.name });
    const chosen = await request(`/g/${gallery.id}/cover/960.webp?v=delivered`);
    const secondSize = await request(`/g/${gallery.id}/photo/${second.id}/960.webp`, {
      headers: { Cookie: cookie },
    });
    expect(chosen.bytes).toEqual(secondSize.bytes);
    // Above the grid too, once open.
    const open = await request(`/g/${gallery.id}`, { headers: { Cookie: cookie } });
    expect(open.body).toContain(`class="gallery-cover" src="/g/${gallery.id}/cover/960.webp`);
    await saveGallery(gallery.id, settings);
  });

  it("serves each size made from the original by the Images binding, private to the browser", async () => {
    const [photo] = gallery.photos as [Uploaded];
    // The address names the stage it is shown in, as the gallery's pages write it.
    const res = await request(`/g/${gallery.id}/photo/${photo.id}/480.webp?v=delivered`, {
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(new TextDecoder().decode(res.bytes.subarray(8, 12))).toBe("WEBP");
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=86400");
    const again = await request(`/g/${gallery.id}/photo/${photo.id}/480.webp`, {
      headers: { Cookie: cookie },
    });
    expect(again.bytes).toEqual(res.bytes);
    const odd = await request(`/g/${gallery.id}/photo/${photo.id}/481.webp`, {
      headers: { Cookie: cookie },
    });
    expect(odd.status).toBe(404);
  });

  it("serves the original for the viewer's zoom, byte for byte", async () => {
    const [photo] = gallery.photos as [Uploaded];
    const res = await request(`/g/${gallery.id}/photo/${photo.id}/original`, {
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(res.bytes).toEqual(photo.bytes);
  });

  it("answers a slice it does not have with 404, and has no page links when one slice holds all", async () => {
    const whole = await request(`/g/${gallery.id}?page=1`, { headers: { Cookie: cookie } });
    expect(whole.status).toBe(200);
    expect(whole.body).not.toContain("data-pagination");
    for (const page of ["2", "0", "abc", "1.5", "%3Cscript%3E"]) {
      const res = await request(`/g/${gallery.id}?page=${page}`, { headers: { Cookie: cookie } });
      expect(res.status, page).toBe(404);
      expect(res.body).not.toContain("page=<script>");
      expect(res.headers.get("Cache-Control"), page).toContain("no-store");
    }
  });

  it("has a page per photograph with the viewer's stage, its neighbours and its downloads", async () => {
    const [first, second] = gallery.photos as [Uploaded, Uploaded];
    const res = await request(`/g/${gallery.id}/p/${second.id}`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.body).toContain("data-photo-view");
    expect(res.body).toContain(`data-zoom-original="/g/${gallery.id}/photo/${second.id}/original"`);
    expect(res.body).toContain(`href="/g/${gallery.id}/p/${first.id}" rel="prev"`);
    // Named by its place in the gallery: the file's name is the owner's, not the client's.
    expect(res.body).toContain("<h1>Photograph 2</h1>");
    expect(res.body).not.toContain(second.name);
    expect(res.body).toContain(`/g/${gallery.id}/download/${second.id}?size=original`);
    // Back to the grid, at the photograph.
    expect(res.body).toContain(`href="/g/${gallery.id}#p-${second.id}" data-photo-back`);
  });

  it("downloads one photograph as an attachment under its own name", async () => {
    const [photo] = gallery.photos as [Uploaded];
    const res = await request(`/g/${gallery.id}/download/${photo.id}?size=original`, {
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toContain(`filename="${photo.name}"`);
    expect(res.bytes).toEqual(photo.bytes);
    const small = await request(`/g/${gallery.id}/download/${photo.id}?size=2048`, {
      headers: { Cookie: cookie },
    });
    expect(small.headers.get("Content-Disposition")).toContain("DSC_0142-2048.jpg");
    expect(small.bytes.subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
  });

  it("streams everything as one ZIP of the originals, its length announced", async () => {
    const res = await request(`/g/${gallery.id}/download?set=all&size=original`, {
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(Number(res.headers.get("Content-Length"))).toBe(res.bytes.length);
    expect(res.headers.get("Content-Disposition")).toContain('filename="Ana Luis 14 June.zip"');
    for (const photo of gallery.photos) {
      expect(asText(res.bytes)).toContain(photo.name);
      expect(asText(res.bytes).includes(asText(photo.bytes)), photo.name).toBe(true);
    }
  });

  it("resumes the ZIP of the originals where a download stopped, and sends it whole when it changed", async () => {
    const zip = `/g/${gallery.id}/download?set=all&size=original`;
    const ask = (headers: Record<string, string>) =>
      request(zip, { headers: { Cookie: cookie, ...headers } });
    const whole = await ask({});
    const length = whole.bytes.length;
    const etag = whole.headers.get("ETag") ?? "";
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    // The same archive each time: what a browser resuming a download relies on.
    expect((await ask({})).bytes).toEqual(whole.bytes);
    for (const [range, first, last] of [
      ["bytes=1000-", 1000, length - 1],
      ["bytes=0-99", 0, 99],
      ["bytes=-50", length - 50, length - 1],
      [`bytes=10-${length + 5}`, 10, length - 1],
    ] as const) {
      const part = await ask({ Range: range, "If-Range": etag });
      expect(part.status, range).toBe(206);
      expect(part.headers.get("Content-Range"), range).toBe(`bytes ${first}-${last}/${length}`);
      expect(Number(part.headers.get("Content-Length")), range).toBe(last - first + 1);
      expect(part.bytes, range).toEqual(whole.bytes.subarray(first, last + 1));
    }
    const past = await ask({ Range: `bytes=${length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe(`bytes */${length}`);
    // Another version of the archive than the one resumed, or a range not served: all of it.
    for (const headers of [
      { Range: "bytes=1000-", "If-Range": '"another"' } as Record<string, string>,
      { Range: "bytes=0-1,5-9" },
      { Range: "lines=1-2" },
    ]) {
      const again = await ask(headers);
      expect(again.status, JSON.stringify(headers)).toBe(200);
      expect(again.bytes.length).toBe(length);
    }
  });

  it("keeps favourites per client, up to the owner's limit, as forms and as JSON", async () => {
    const [a, b, c] = gallery.photos as [Uploaded, Uploaded, Uploaded];
    // Nobody named yet: the form asks who is choosing.
    const anonymous = await post(
      `/g/${gallery.id}/favourites`,
      { photo: a.id, favourite: "true" },
      cookie,
    );
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("Location")).toBe(`/g/${gallery.id}?client=needed&at=${a.id}`);
    // Said over the photograph whose heart was pressed, not at the top of the page.
    const asked = await request(anonymous.headers.get("Location") ?? "", {
      headers: { Cookie: cookie },
    });
    const item = asked.body.slice(asked.body.indexOf(`id="p-${a.id}"`));
    expect(item.slice(0, item.indexOf("</li>"))).toContain("Please give your e-mail first");
    expect(asked.body.match(/Please give your e-mail first/g)).toHaveLength(1);
    const { cookie: both, mail } = await confirmedClient(gallery.id, " Ana@Example.com", cookie);
    expect(mail.to).toBe("ana@example.com");
    expect(mail.subject).toBe("Your link to choose in Ana & Luis, 14 June");
    const marked = await post(
      `/g/${gallery.id}/favourites`,
      { photo: a.id, favourite: "true" },
      both,
    );
    expect(marked.status).toBe(303);
    const json = await post(
      `/g/${gallery.id}/favourites`,
      { photo: b.id, favourite: "true" },
      both,
      true,
    );
    expect(JSON.parse(json.body)).toEqual({ saved: true, favourite: true, count: 2, limit: 2 });
    const third = await post(
      `/g/${gallery.id}/favourites`,
      { photo: c.id, favourite: "true" },
      both,
      true,
    );
    expect(third.status).toBe(409);
    expect(JSON.parse(third.body)).toMatchObject({ count: 2, limit: 2 });
    // As a plain form, from the photograph's page: the limit said over that photograph there.
    const formThird = await post(
      `/g/${gallery.id}/favourites`,
      { photo: c.id, favourite: "true", back: `/g/${gallery.id}/p/${c.id}` },
      both,
    );
    const limited = formThird.headers.get("Location") ?? "";
    expect(limited).toBe(`/g/${gallery.id}/p/${c.id}?limit=reached&at=${c.id}`);
    const photoPage = await request(limited, { headers: { Cookie: both } });
    const corner = photoPage.body.slice(photoPage.body.indexOf('class="photo-stage-corner"'));
    expect(corner.slice(0, corner.indexOf("</div>"))).toContain("as many as this gallery allows");
    // Another device, the same address typed differently and confirmed there: the same favourites.
    const { cookie: other } = await confirmedClient(gallery.id, "ana@example.COM ", cookie);
    const page = await request(`/g/${gallery.id}?show=favourites`, { headers: { Cookie: other } });
    expect(page.body).toContain(`/g/${gallery.id}/photo/${a.id}/480.webp`);
    expect(page.body).toContain(`/g/${gallery.id}/photo/${b.id}/480.webp`);
    expect(page.body).not.toContain(`/g/${gallery.id}/photo/${c.id}/480.webp`);
    const zip = await request(`/g/${gallery.id}/download?set=favourites&size=original`, {
      headers: { Cookie: other },
    });
    expect(asText(zip.bytes)).toContain(a.name);
    expect(asText(zip.bytes)).toContain(b.name);
    expect(asText(zip.bytes)).not.toContain(c.name);
  });

  it("keeps one client's favourites from another visitor who types their e-mail", async () => {
    const [a] = gallery.photos as [Uploaded];
    const { cookie: ana } = await confirmedClient(gallery.id, "ana.private@example.com", cookie);
    await post(`/g/${gallery.id}/favourites`, { photo: a.id, favourite: "true" }, ana);
    await post(`/g/${gallery.id}/favourites/send`, { note: "Only for Jane's eyes" }, ana);
    // Eve has the password and types Ana's address: a link goes to Ana, Eve gets no cookie.
    // From an address of her own: the links' limit counts per visitor, and other files' requests
    // without one share the empty address.
    const eve = await request(`/g/${gallery.id}/client`, {
      method: "POST",
      body: new URLSearchParams({ email: "ana.private@example.com" }),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": "203.0.113.66",
        Origin: ORIGIN,
        Cookie: cookie,
      },
    });
    expect(eve.status).toBe(303);
    expect(eve.headers.get("Location")).toBe(`/g/${gallery.id}?client=sent`);
    // Only the mark of a device that asked, which confirms nothing without Ana's link.
    expect(eve.headers.get("Set-Cookie")).toMatch(/^gallery_asking=/);
    const seen = await request(`/g/${gallery.id}?show=favourites`, { headers: { Cookie: cookie } });
    expect(seen.body).not.toContain(`/g/${gallery.id}/photo/${a.id}/480.webp`);
    expect(seen.body).not.toContain("Only for Jane");
    expect(seen.body).toContain('name="email"');
    const change = await post(
      `/g/${gallery.id}/favourites`,
      { photo: a.id, favourite: "false" },
      cookie,
    );
    expect(change.headers.get("Location")).toContain("client=needed");
    // A name as before, or a link spoilt or made up: no cookie either, and a clear way on.
    const named = await post(`/g/${gallery.id}/client`, { client: "Ana Ruiz" }, cookie);
    expect(named.headers.get("Location")).toBe(`/g/${gallery.id}?client=missing`);
    expect(named.headers.has("Set-Cookie")).toBe(false);
    const json = await post(`/g/${gallery.id}/client`, { email: "not an address" }, cookie, true);
    expect(json.status).toBe(422);
    expect(JSON.parse(json.body).error).toContain("name@example.com");
    const made = await request(
      `/g/${gallery.id}/client/confirm?email=ana.private%40example.com&until=99999999999&sig=AAAA`,
    );
    expect(made.status).toBe(303);
    expect(made.headers.get("Location")).toBe(`/g/${gallery.id}?client=expired#gallery-client`);
    expect(made.headers.has("Set-Cookie")).toBe(false);
    // Ana's list is as she left it.
    const hers = await request(`/g/${gallery.id}?show=favourites`, { headers: { Cookie: ana } });
    expect(hers.body).toContain(`/g/${gallery.id}/photo/${a.id}/480.webp`);
    expect(hers.body).toContain("Only for Jane&#x27;s eyes");
  });

  it("confirms an e-mail only on the device that asked: a guest's link forwarded to the couple gives them nothing", async () => {
    // A guest with the gallery's password asks for a link to their own address...
    const guest = await askedLink(gallery.id, "guest@example.com", cookie);
    // ...and sends it to the couple, whose browser did not ask: they do not become the guest.
    const forwarded = await request(guest.link, { headers: { Cookie: cookie } });
    expect(forwarded.status).toBe(303);
    expect(forwarded.headers.get("Location")).toBe(
      `/g/${gallery.id}?client=expired#gallery-client`,
    );
    expect(forwarded.headers.has("Set-Cookie")).toBe(false);
    const notice = await request(`/g/${gallery.id}?client=expired`, {
      headers: { Cookie: cookie },
    });
    expect(notice.body).toContain("was asked for on another device");
    // On the guest's own device, the same link works.
    const own = await request(guest.link, { headers: { Cookie: `${cookie}; ${guest.asking}` } });
    expect(own.headers.get("Set-Cookie")).toMatch(/^gallery_email=/);
  });

  it("sends the selection with a note, and the Studio's document shows it with the counts", async () => {
    const { cookie: client } = await confirmedClient(gallery.id, "luis@example.com", cookie);
    const [a] = gallery.photos as [Uploaded];
    await post(`/g/${gallery.id}/favourites`, { photo: a.id, favourite: "true" }, client);
    const sent = await post(
      `/g/${gallery.id}/favourites/send`,
      { note: "The first one, in colour." },
      client,
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toContain("sent=1");
    // Written back a moment later (the Durable Object's alarm).
    let selection: Record<string, unknown> | undefined;
    for (let attempt = 0; attempt < 50 && !selection; attempt++) {
      await new Promise((wait) => setTimeout(wait, 100));
      const doc = await galleryDocument(gallery.id);
      selection = (doc?.selections as Record<string, unknown>[] | undefined)?.find(
        (each) => each.client === "luis@example.com" && each.note,
      );
    }
    expect(selection).toMatchObject({
      _type: "gallerySelection",
      client: "luis@example.com",
      photos: [a.name],
      note: "The first one, in colour.",
    });
    const doc = await galleryDocument(gallery.id);
    expect((doc?.stats as { opened: number } | undefined)?.opened).toBeGreaterThan(0);
  });
});

describe("what the owner decides", () => {
  it("refuses downloads when the owner turned them off, saying so", async () => {
    const { id, photos } = await galleryWithPhotos({ downloads: "off" }, 1);
    const [photo] = photos as [Uploaded];
    const page = await request(`/g/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("/download");
    const res = await request(`/g/${id}/download/${photo.id}?size=original`);
    expect(res.status).toBe(403);
    expect(res.body).toContain("Downloads are not offered");
    const zip = await request(`/g/${id}/download?set=all&size=2048`);
    expect(zip.status).toBe(403);
  });

  it("offers only the 2048-pixel size when the owner says so", async () => {
    const { id, photos } = await galleryWithPhotos({ downloads: "2048" }, 1);
    const [photo] = photos as [Uploaded];
    expect((await request(`/g/${id}/download/${photo.id}?size=original`)).status).toBe(403);
    expect((await request(`/g/${id}/download/${photo.id}?size=2048`)).status).toBe(200);
  });

  it("answers an expired gallery with 410 and a kind page naming whom to ask", async () => {
    const { id } = await galleryWithPhotos({ expiresAt: "2020-01-01T00:00:00Z" }, 1);
    const res = await request(`/g/${id}`);
    expect(res.status).toBe(410);
    expect(res.body).toContain("This gallery has ended");
    expect(res.body).toContain("jane@example.com");
  });

  it("ends every session at once when the password changes or the gallery is turned off", async () => {
    const { id, photos } = await galleryWithPhotos({ password: await passwordHash(PASSWORD) }, 1);
    const [photo] = photos as [Uploaded];
    const cookie = await unlock(id, PASSWORD);
    const file = `/g/${id}/photo/${photo.id}/960.webp`;
    expect((await request(file, { headers: { Cookie: cookie } })).status).toBe(200);
    await saveGallery(id, { password: await passwordHash("birch-1234") });
    expect(await announceChange(id)).toBe(200);
    expect((await request(file, { headers: { Cookie: cookie } })).status).toBe(401);
    const fresh = await unlock(id, "birch-1234");
    expect((await request(file, { headers: { Cookie: fresh } })).status).toBe(200);
    await saveGallery(id, { password: await passwordHash("birch-1234"), enabled: false });
    expect(await announceChange(id)).toBe(200);
    expect((await request(file, { headers: { Cookie: fresh } })).status).toBe(404);
  });

  it("keeps a new password, and turning off, when a read of the old settings begun before lands after", async () => {
    const password = await passwordHash(PASSWORD);
    const { id } = await galleryWithPhotos({ password }, 1);
    const cookie = await unlock(id, PASSWORD);
    const visit = () => request(`/g/${id}`, { headers: { Cookie: cookie } });
    for (const change of [{ password: await passwordHash("birch-1234") }, { enabled: false }]) {
      // The settings are old: the next visit reads them again, and while its read is on its
      // way back, the owner's change is saved and the store told of it.
      await runInDurableObject(env.CLIENT_GALLERY.getByName(id), (_, state) => {
        state.storage.kv.put("syncedAt", Date.now() - SETTINGS_FRESH_MS - 1_000);
      });
      const came = await atFirstFetch(
        `clientGallery.${id}`,
        () => saveGallery(id, { password, ...change }),
        visit,
        { answered: true },
      );
      expect(came).toBe(true);
      expect((await visit()).status).toBe("enabled" in change ? 404 : 401);
    }
  });

  it("limits password attempts per visitor with 429 and Retry-After", async () => {
    const { id } = await galleryWithPhotos({ password: await passwordHash(PASSWORD) }, 1);
    await inOneRateWindow();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const res = await request(`/g/${id}/unlock`, {
        method: "POST",
        body: new URLSearchParams({ password: "guess" }),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: ORIGIN,
          "CF-Connecting-IP": "2001:db8:gallery::1",
        },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("Retry-After")).toBe("60");
        expect(res.body).toContain("Too many tries");
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("a gallery's ZIP", () => {
  it("names each file once, a duplicate's made-up name never one of the owner's", async () => {
    const id = newGalleryId();
    await saveGallery(id, {});
    const names = ["DSC_0142.jpg", "DSC_0142.jpg", "DSC_0142 (2).jpg"];
    for (const [index, name] of names.entries()) {
      await upload(id, name, await demoJpeg(DEMO_FILES[index] as string, 320));
    }
    const zip = await request(`/g/${id}/download?set=all&size=original`);
    expect(zip.status).toBe(200);
    // Each entry's name is in its own header and in the central directory: twice.
    const times = (name: string) => asText(zip.bytes).split(name).length - 1;
    expect(["DSC_0142.jpg", "DSC_0142 (2).jpg", "DSC_0142 (3).jpg"].map(times)).toEqual([2, 2, 2]);
  });
});
