// Issue 36, items 6 and 7: the owner's download setting holds on every address, and the abuse
// an outside pass over the live demo found is answered: a flood of wrong passwords cannot lock
// the client out, an id with no gallery stores nothing, a bad `back` gets a clear 400 before
// anything is saved, a gallery form's body has the contact form's limit, and a gallery whose
// settings cannot be read for too long fails closed.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { galleryStore } from "../../worker/galleries/access.ts";
import type { ClientGallery } from "../../worker/galleries/gallery-store.ts";
import {
  DOOR_FAILURES_PER_MINUTE,
  LINK_MAILS_A_DAY,
  LINK_MAILS_A_DAY_IN_ALL,
  SETTINGS_FAIL_CLOSED_MS,
} from "../../worker/galleries/gallery-store.ts";
import { parseRegion } from "../../worker/lib/images.ts";
import { FORM_BODY_LIMIT } from "../../worker/lib/request-body.ts";
import { keyedHex } from "../../worker/lib/signing.ts";
import {
  announceChange,
  confirmedClient,
  galleryDocument,
  galleryWithPhotos,
  newGalleryId,
  passwordHash,
  saveGallery,
  type Uploaded,
  unlock,
} from "./galleries.ts";
import {
  type Answer,
  inOneRateWindow,
  ORIGIN,
  request,
  spendLimit,
  TEST_TOKEN,
} from "./harness.ts";

const PASSWORD = "larch-4821";
const NEW_PASSWORD = "birch-1234";

const get = (path: string, cookie?: string) =>
  request(path, cookie ? { headers: { Cookie: cookie } } : {});

const post = (
  path: string,
  form: Record<string, string> | string,
  headers: Record<string, string> = {},
) =>
  request(path, {
    method: "POST",
    body: typeof form === "string" ? form : new URLSearchParams(form),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers },
  });

let address = 0;
/** A visitor of its own (the attacker's rotating addresses). */
const newVisitor = () => `2001:db8:abcd:${(++address).toString(16)}::1`;

describe("the owner's download setting, on every address", () => {
  it("with downloads off, neither the original nor the 2048 size is handed out, by any address", async () => {
    const { id, photos } = await galleryWithPhotos({ downloads: "off" }, 1);
    const [photo] = photos as [Uploaded];
    for (const path of [
      `/g/${id}/photo/${photo.id}/original`,
      `/g/${id}/photo/${photo.id}/2048.jpg`,
      `/g/${id}/photo/${photo.id}/2048.webp`,
      `/g/${id}/download/${photo.id}?size=original`,
      `/g/${id}/download/${photo.id}?size=2048`,
      `/g/${id}/download?set=all&size=original`,
      `/g/${id}/download?set=all&size=2048`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(403);
      expect(res.bytes.length, path).toBeLessThan(200);
    }
    // The viewer's sizes up to 1600 are what it shows.
    expect((await get(`/g/${id}/photo/${photo.id}/1600.webp`)).status).toBe(200);
    const page = await get(`/g/${id}/p/${photo.id}`);
    expect(page.body).not.toContain("2048.webp");
    expect(page.body).not.toContain("/original");
    // Its zoom asks for regions instead.
    expect(page.body).toContain(`data-zoom-src="/g/${id}/photo/${photo.id}/region"`);
  });

  it("fits every size in a box across and down, so a portrait is never taller than the owner allows, its cover before the password neither", async () => {
    // The demo's first photograph is a portrait: 1200 × 1800 at this width.
    const { id, photos } = await galleryWithPhotos(
      { downloads: "off", password: await passwordHash(PASSWORD) },
      1,
      1200,
    );
    const [photo] = photos as [Uploaded];
    const session = await unlock(id, PASSWORD);
    const pixels = async (path: string, cookie?: string) => {
      const res = await get(path, cookie);
      expect(res.status, path).toBe(200);
      return env.IMAGES.info(new Blob([res.bytes]).stream());
    };
    // Each size as tall as its number, two thirds as wide.
    for (const size of [480, 640, 960, 1600]) {
      const info = await pixels(`/g/${id}/photo/${photo.id}/${size}.webp`, session);
      expect(info, `${size}`).toMatchObject({ height: size, width: Math.round((size * 2) / 3) });
    }
    expect(await pixels(`/g/${id}/cover/1600.webp`)).toMatchObject({ height: 1600 });
  });

  it("with the web size only, the original is refused and 2048 is the largest", async () => {
    const { id, photos } = await galleryWithPhotos({ downloads: "2048" }, 1);
    const [photo] = photos as [Uploaded];
    expect((await get(`/g/${id}/photo/${photo.id}/original`)).status).toBe(403);
    expect((await get(`/g/${id}/photo/${photo.id}/2048.jpg`)).status).toBe(200);
    // One address per size: a leading zero is none.
    expect((await get(`/g/${id}/photo/${photo.id}/0480.webp`)).status).toBe(404);
    expect((await get(`/g/${id}/download/${photo.id}?size=2048`)).status).toBe(200);
    const page = await get(`/g/${id}/p/${photo.id}`);
    expect(page.body).not.toContain("data-zoom-original");
    expect(page.body).toContain("data-zoom-src");
  });

  it("answers a region of the photograph, never larger than the owner allows, and refuses one outside it", async () => {
    const { id, photos } = await galleryWithPhotos({ downloads: "off" }, 1);
    const [photo] = photos as [Uploaded];
    // Never wider than the region itself, whatever `w` asks.
    const cut = await get(`/g/${id}/photo/${photo.id}/region?rect=0,0,300,200&w=5000`);
    expect(cut.status).toBe(200);
    const info = await env.IMAGES.info(new Blob([cut.bytes]).stream());
    expect(info).toMatchObject({ width: 300, height: 200 });
    for (const bad of ["rect=0,0,99999,10&w=10", "rect=a,b,c,d&w=10", "rect=0,0,10&w=10"]) {
      expect((await get(`/g/${id}/photo/${photo.id}/region?${bad}`)).status, bad).toBe(400);
    }
    // The cap, whatever is asked: downloads off holds a region to 1600 pixels on its longer side.
    const big = [0, 0, 8000, 6000] as const;
    expect(parseRegion("0,0,8000,6000", "8000", big, 1600)).toMatchObject({ out: 1600 });
    expect(parseRegion("0,0,2000,6000", "2000", big, 1600)).toMatchObject({ out: 533 });
    expect(parseRegion("100,100,400,300", "400", big, 1600)).toMatchObject({ out: 400 });
  });

  it("answers one visitor a limited number of regions a minute, with a 429 after it", async () => {
    const { id, photos } = await galleryWithPhotos({ downloads: "off" }, 1);
    const [photo] = photos as [Uploaded];
    const path = `/g/${id}/photo/${photo.id}/region?rect=0,0,300,200&w=300`;
    await inOneRateWindow(5_000);
    // IPv4: the limit's key is the address itself.
    const visitor = "198.51.100.31";
    await spendLimit(env.ZOOM_LIMIT, visitor);
    const refused = await request(path, { headers: { "CF-Connecting-IP": visitor } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    const other = await request(path, { headers: { "CF-Connecting-IP": "198.51.100.32" } });
    expect(other.status).toBe(200);
  });
});

/** The device cookie an answer gives (name=value), if any. */
const deviceCookieOf = (res: Answer) =>
  res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .find((cookie) => cookie.startsWith("gallery_device="));

/** A flood of `count` wrong passwords, each from a new address: their statuses. */
async function flood(id: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await post(
      `/g/${id}/unlock`,
      { password: `wrong-${i}` },
      { "CF-Connecting-IP": newVisitor() },
    );
    statuses.push(res.status);
  }
  return statuses;
}

describe("the password's limits under a flood", () => {
  it("keeps guessing at 30 a minute from rotating addresses, and the client's device still opens the gallery", async () => {
    const id = newGalleryId();
    await saveGallery(id, { password: await passwordHash(PASSWORD) });
    // The client opened the gallery once on this device.
    const first = await post(
      `/g/${id}/unlock`,
      { password: PASSWORD },
      {
        "CF-Connecting-IP": newVisitor(),
      },
    );
    expect(first.status).toBe(303);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();

    const statuses = await flood(id, DOOR_FAILURES_PER_MINUTE + 5);
    expect(statuses.slice(0, DOOR_FAILURES_PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(DOOR_FAILURES_PER_MINUTE).every((s) => s === 429)).toBe(true);

    // A new device learns nothing: the right password gets the same 429 as a wrong one.
    const stranger = await post(
      `/g/${id}/unlock`,
      { password: PASSWORD },
      {
        "CF-Connecting-IP": newVisitor(),
      },
    );
    expect(stranger.status).toBe(429);
    expect(stranger.headers.get("Retry-After")).toBe("60");

    // The client's device, let in before, opens the gallery during the flood.
    const client = await post(
      `/g/${id}/unlock`,
      { password: PASSWORD },
      {
        "CF-Connecting-IP": newVisitor(),
        Cookie: device as string,
      },
    );
    expect(client.status).toBe(303);
    expect(client.headers.get("Set-Cookie")).toContain("gallery_session=");
  });

  it("counts each try before deriving it, so a burst of wrong passwords at once shuts the door to the right one from a new device", async () => {
    const id = newGalleryId();
    await saveGallery(id, { password: await passwordHash(PASSWORD) });
    // The wrong tries' derivations are held, as a busy machine holds them, until the right
    // password has been answered: whatever the door counts, it counts before deriving.
    const derive = crypto.subtle.deriveBits.bind(crypto.subtle);
    let held = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let allHeld = () => {};
    const holding = new Promise<void>((resolve) => {
      allHeld = resolve;
    });
    const spy = vi.spyOn(crypto.subtle, "deriveBits").mockImplementation(async (...args) => {
      if (held < DOOR_FAILURES_PER_MINUTE) {
        if (++held === DOOR_FAILURES_PER_MINUTE) allHeld();
        await released;
      }
      return derive(...args);
    });
    try {
      const tries = Array.from({ length: DOOR_FAILURES_PER_MINUTE + 10 }, (_, i) =>
        post(`/g/${id}/unlock`, { password: `wrong-${i}` }, { "CF-Connecting-IP": newVisitor() }),
      );
      const wrong = Promise.all(tries);
      await Promise.race([holding, wrong]);
      const right = await post(
        `/g/${id}/unlock`,
        { password: PASSWORD },
        { "CF-Connecting-IP": newVisitor() },
      );
      release();
      const statuses = (await wrong).map((res) => res.status);
      // The same answer as a wrong password past the door: nothing says it was the right one.
      expect(right.status).toBe(429);
      expect(right.headers.get("Set-Cookie")).toBeNull();
      expect(statuses.filter((status) => status === 401)).toHaveLength(DOOR_FAILURES_PER_MINUTE);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it("ends every device with the password it was let in with: after a new password, an old device waits at the shut door like any other", async () => {
    const id = newGalleryId();
    await saveGallery(id, { password: await passwordHash(PASSWORD) });
    const first = await post(
      `/g/${id}/unlock`,
      { password: PASSWORD },
      { "CF-Connecting-IP": newVisitor() },
    );
    const device = deviceCookieOf(first) as string;
    expect(device).toBeDefined();
    // The owner sets a new password (to shut out whoever knew the old one), and a flood follows.
    await saveGallery(id, { password: await passwordHash(NEW_PASSWORD) });
    await flood(id, DOOR_FAILURES_PER_MINUTE);
    for (const password of ["a-guess", NEW_PASSWORD]) {
      const res = await post(
        `/g/${id}/unlock`,
        { password },
        { "CF-Connecting-IP": newVisitor(), Cookie: device },
      );
      expect(res.status, password).toBe(429);
    }
  });

  it("lets the right password in at once when the failures are under the limit", async () => {
    const id = newGalleryId();
    await saveGallery(id, { password: await passwordHash(PASSWORD) });
    for (let i = 0; i < 5; i++) {
      await post(
        `/g/${id}/unlock`,
        { password: `wrong-${i}` },
        { "CF-Connecting-IP": newVisitor() },
      );
    }
    const res = await post(
      `/g/${id}/unlock`,
      { password: PASSWORD },
      {
        "CF-Connecting-IP": newVisitor(),
      },
    );
    expect(res.status).toBe(303);
  });
});

/** Whether a gallery's Durable Object holds anything at all. */
const storedAnything = (id: string) =>
  runInDurableObject(env.CLIENT_GALLERY.getByName(id), (_instance, state) => {
    const keys = [...state.storage.kv.list()].length;
    const tables = state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite_%'",
      )
      .toArray().length;
    return keys + tables > 0;
  });

describe("an id with no gallery behind it", () => {
  it("stores nothing and costs at most one lookup a minute", async () => {
    const id = newGalleryId();
    for (const path of [`/g/${id}`, `/g/${id}/photo/${"a".repeat(32)}/480.webp`, `/g/${id}`]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect(await storedAnything(id)).toBe(false);
    // The gallery is made now, without the webhook: within the minute its id is not looked up
    // again...
    await saveGallery(id, {}, { announce: false });
    expect((await get(`/g/${id}`)).status).toBe(404);
    // ...unless the publish webhook says it changed.
    expect(await announceChange(id)).toBe(200);
    expect((await get(`/g/${id}`)).status).toBe(200);
  });
});

describe("ids tried at random", () => {
  it("are looked up in Sanity at most 20 a minute per visitor, whatever the ids and whichever address of their network", async () => {
    let lookups = 0;
    // One IPv6 network, a new address of it for each id: the visitor is the network.
    const network = `2001:db8:1d:${(Date.now() % 0xffff).toString(16)}`;
    await inOneRateWindow();
    for (let i = 0; i < 30; i++) {
      const headers = { "CF-Connecting-IP": `${network}::${(i + 1).toString(16)}` };
      const id = newGalleryId();
      // The gallery's store's lookup of its settings in Sanity, counted.
      await runInDurableObject(env.CLIENT_GALLERY.getByName(id), (instance: ClientGallery) => {
        instance.refresh = () => {
          lookups += 1;
          return Promise.resolve(undefined);
        };
      });
      expect((await request(`/g/${id}`, { headers })).status).toBe(404);
    }
    expect(lookups).toBe(20);
  });
});

describe("the links a gallery's clients confirm their e-mail with", () => {
  it("are sent 3 a minute per visitor, an IPv6 visitor counted by their network", async () => {
    const id = newGalleryId();
    await saveGallery(id, {});
    const sent: unknown[] = [];
    const CLIENT_MAIL = { send: async (mail: unknown) => sent.push(mail) };
    const network = `2001:db8:3a:${(Date.now() % 0xffff).toString(16)}`;
    const ask = (n: number) =>
      request(`/g/${id}/client`, {
        env: { ...env, CLIENT_MAIL } as unknown as Env,
        method: "POST",
        body: new URLSearchParams({ email: `client${n}@example.com` }),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "CF-Connecting-IP": `${network}::${n}`,
          Origin: ORIGIN,
        },
      });
    await inOneRateWindow();
    for (const n of [1, 2, 3]) {
      expect((await ask(n)).headers.get("Location")).toBe(`/g/${id}?client=sent`);
    }
    const fourth = await ask(4);
    expect(fourth.status).toBe(303);
    expect(fourth.headers.get("Location")).toBe(`/g/${id}?client=wait`);
    expect(sent).toHaveLength(3);
  });
});

describe("the links a gallery's clients confirm their e-mail with, to one mailbox", () => {
  it("are sent 3 a minute, however its address is spelled", async () => {
    const id = newGalleryId();
    await saveGallery(id, {});
    const sent: unknown[] = [];
    const CLIENT_MAIL = { send: async (mail: unknown) => sent.push(mail) };
    const name = `ann.lee.${Date.now()}`;
    const spellings = [
      `${name}@gmail.com`,
      `${name}+proofs@gmail.com`,
      `${name.replaceAll(".", "")}@googlemail.com`,
      `${name.toUpperCase()}+again@gmail.com`,
    ];
    const ask = (email: string, n: number) =>
      request(`/g/${id}/client`, {
        env: { ...env, CLIENT_MAIL } as unknown as Env,
        method: "POST",
        body: new URLSearchParams({ email }),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          // A visitor of their own each time: the visitor's limit is not the one at work.
          "CF-Connecting-IP": `203.0.113.${n + 40}`,
          Origin: ORIGIN,
        },
      });
    await inOneRateWindow();
    const answers = [];
    for (const [n, email] of spellings.entries()) answers.push(await ask(email, n));
    expect(answers.map((answer) => answer.headers.get("Location"))).toEqual([
      `/g/${id}?client=sent`,
      `/g/${id}?client=sent`,
      `/g/${id}?client=sent`,
      `/g/${id}?client=wait`,
    ]);
    expect(sent).toHaveLength(3);
  });

  it(`are sent ${LINK_MAILS_A_DAY} a day to one mailbox for each visitor who asks, ${LINK_MAILS_A_DAY_IN_ALL} in all`, async () => {
    const id = newGalleryId();
    await saveGallery(id, {});
    const sent: unknown[] = [];
    const CLIENT_MAIL = { send: async (mail: unknown) => sent.push(mail) };
    const store = galleryStore(env, id);
    const ask = (address: string) =>
      request(`/g/${id}/client`, {
        env: { ...env, CLIENT_MAIL } as unknown as Env,
        method: "POST",
        body: new URLSearchParams({ email: "Bea.Day+again@example.com" }),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "CF-Connecting-IP": address,
          Origin: ORIGIN,
        },
      });
    // A guest with the password asked for the client's address all day (minutes apart: the
    // minute's limit never at work), as the site counts them: their asks are spent.
    const guest = await keyedHex(TEST_TOKEN, "gallery link asker", "203.0.113.77");
    for (let n = 0; n < LINK_MAILS_A_DAY; n++) {
      expect(await store.linkMailed(id, "bea.day@example.com", guest ?? "")).toBe(true);
    }
    expect((await ask("203.0.113.77")).headers.get("Location")).toBe(`/g/${id}?client=wait`);
    expect(sent).toHaveLength(0);
    // The client, on her own network, still has her link.
    expect((await ask("198.51.100.23")).headers.get("Location")).toBe(`/g/${id}?client=sent`);
    expect(sent).toHaveLength(1);
    // However many ask, the mailbox gets no more than its day's in all.
    for (let n = 1 + LINK_MAILS_A_DAY; n < LINK_MAILS_A_DAY_IN_ALL; n++) {
      expect(await store.linkMailed(id, "bea.day@example.com", `asker ${n}`)).toBe(true);
    }
    expect(await store.linkMailed(id, "bea.day@example.com", "one more")).toBe(false);
    expect(await store.linkMailed(id, "other.day@example.com", "one more")).toBe(true);
  });
});

describe("the favourites form's way back", () => {
  it("answers a line break or a path out of the gallery with a clear 400, and saves nothing", async () => {
    const { id, photos } = await galleryWithPhotos({}, 1);
    const [photo] = photos as [Uploaded];
    const { cookie: client } = await confirmedClient(id, "ana.back@example.com");
    for (const back of [
      `/g/${id}\r\nSet-Cookie: x=1`,
      `/g/${id}/p/../../../x`,
      `/g/${id}/p/${photo.id}/../../../../admin`,
      "//evil.example",
      `/g/${newGalleryId()}`,
    ]) {
      const res = await post(
        `/g/${id}/favourites`,
        { photo: photo.id, favourite: "true", back },
        { Cookie: client },
      );
      expect(res.status, back).toBe(400);
      expect(res.body, back).toContain("back must be a path of this gallery");
    }
    const page = await get(`/g/${id}`, client);
    expect(page.body).toContain(`data-favourite-count="">0<`);
    const good = await post(
      `/g/${id}/favourites`,
      { photo: photo.id, favourite: "true", back: `/g/${id}/p/${photo.id}` },
      { Cookie: client },
    );
    expect(good.status).toBe(303);
    expect(good.headers.get("Location")).toBe(`/g/${id}/p/${photo.id}`);
  });
});

describe("a gallery form's body", () => {
  it("is refused past the contact form's limit, before the access check", async () => {
    const id = newGalleryId();
    await saveGallery(id, { password: await passwordHash(PASSWORD) });
    const big = `password=${"x".repeat(5 * 1024 * 1024)}`;
    for (const path of [`/g/${id}/favourites`, `/g/${id}/client`]) {
      const res = await post(path, big, { "CF-Connecting-IP": newVisitor() });
      expect(res.status, path).toBe(413);
    }
    // As many as the door's failures a minute: had the access check seen them, the door would
    // now be shut to the right password too.
    for (let i = 0; i < DOOR_FAILURES_PER_MINUTE; i++) {
      const res = await post(`/g/${id}/unlock`, big, { "CF-Connecting-IP": newVisitor() });
      expect(res.status).toBe(413);
    }
    const fits = `password=${"x".repeat(FORM_BODY_LIMIT - 100)}`;
    expect((await post(`/g/${id}/unlock`, fits, { "CF-Connecting-IP": newVisitor() })).status).toBe(
      401,
    );
    const right = await post(
      `/g/${id}/unlock`,
      { password: PASSWORD },
      { "CF-Connecting-IP": newVisitor() },
    );
    expect(right.status).toBe(303);
  });
});

describe("a gallery whose settings cannot be read", () => {
  it(`keeps the last settings for ${SETTINGS_FAIL_CLOSED_MS / 60_000} minutes, then fails closed`, async () => {
    const { id, photos } = await galleryWithPhotos({}, 1);
    const [photo] = photos as [Uploaded];
    expect((await get(`/g/${id}`)).status).toBe(200);
    const stub = env.CLIENT_GALLERY.getByName(id);
    /** Sanity unreachable, the settings last read `ago` ms ago. */
    const outage = (ago: number) =>
      runInDurableObject(stub, (instance: ClientGallery, state) => {
        instance.refresh = () => Promise.reject(new Error("connection refused"));
        state.storage.kv.put("syncedAt", Date.now() - ago);
      });
    // The owner revokes the gallery while Sanity cannot be reached (nor the webhook the site).
    await saveGallery(id, { enabled: false }, { announce: false });
    await outage(60_000);
    expect((await get(`/g/${id}`)).status).toBe(200);
    await outage(SETTINGS_FAIL_CLOSED_MS + 1000);
    for (const path of [`/g/${id}`, `/g/${id}/photo/${photo.id}/480.webp`]) {
      const res = await get(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("Retry-After"), path).toBeTruthy();
    }
    expect((await galleryDocument(id))?.enabled).toBe(false);
  });
});
