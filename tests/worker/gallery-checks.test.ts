// Issue 36, item 5: one check per photograph. A photograph's request costs at most one call to
// the gallery's Durable Object, and a grid size asked with the grid pass its page gave costs
// none; a revocation still reaches the grid within PASS_SECONDS.
import { beforeAll, describe, expect, it } from "vitest";
import { ClientGallery } from "../../worker/galleries/gallery-store.ts";
import { PASS_COOKIE, PASS_SECONDS, passCookie } from "../../worker/galleries/session.ts";
import {
  announceChange,
  galleryDocument,
  galleryWithPhotos,
  passwordHash,
  removePhoto,
  saveGallery,
  type Uploaded,
  unlock,
} from "./galleries.ts";
import { request, TEST_TOKEN } from "./harness.ts";

const PASSWORD = "larch-4821";

/**
 * The store's calls, counted from now on (its prototype's methods wrapped: the runtime's RPC
 * calls only those), for one gallery: how many calls each request makes.
 */
function countCalls(id: string): () => number {
  const proto = ClientGallery.prototype as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  let calls = 0;
  // A method the store calls itself (state() asks photo()) is no call of the worker's.
  let inside = 0;
  for (const name of [
    "state",
    "photo",
    "setFavourite",
    "count",
    "refresh",
    "tryDoor",
    "rightTry",
  ]) {
    const method = proto[name] as ((...args: unknown[]) => unknown) & { original?: unknown };
    const original = (method.original ?? method) as (...args: unknown[]) => unknown;
    const wrapped = Object.assign(
      function (this: unknown, ...args: unknown[]) {
        if (args[0] === id && inside === 0) calls++;
        inside++;
        let result: unknown;
        try {
          result = original.apply(this, args);
        } catch (error) {
          inside--;
          throw error;
        }
        if (result instanceof Promise) return result.finally(() => inside--);
        inside--;
        return result;
      },
      { original },
    );
    proto[name] = wrapped;
  }
  return () => {
    const counted = calls;
    calls = 0;
    return counted;
  };
}

/** The cookies of an answer, as name=value pairs. */
const cookiesOf = (headers: Headers) =>
  headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");

describe("one check per photograph", () => {
  let gallery: { id: string; photos: Uploaded[] };
  let session: string;

  beforeAll(async () => {
    gallery = await galleryWithPhotos({ password: await passwordHash(PASSWORD) }, 2);
    session = await unlock(gallery.id, PASSWORD);
  });

  it("answers the grid's sizes with the page's grid pass and no call to the store", async () => {
    const page = await request(`/g/${gallery.id}`, { headers: { Cookie: session } });
    expect(page.status).toBe(200);
    const pass = cookiesOf(page.headers).find((cookie) => cookie.startsWith(`${PASS_COOKIE}=`));
    expect(pass).toBeDefined();
    expect(page.headers.getSetCookie().join("\n")).toContain(`Path=/g/${gallery.id}/photo`);
    const calls = countCalls(gallery.id);
    for (const photo of gallery.photos) {
      for (const width of [480, 640, 960]) {
        const res = await request(`/g/${gallery.id}/photo/${photo.id}/${width}.webp?v=delivered`, {
          headers: { Cookie: `${session}; ${pass}` },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get("Server-Timing")).toBe('gallery-check;desc="pass"');
        expect(res.headers.get("Cache-Control")).toBe("private, max-age=86400");
      }
    }
    expect(calls()).toBe(0);
  });

  it("makes one call for each other photograph's request: a large size, the original, a grid size without a pass", async () => {
    const [photo] = gallery.photos as [Uploaded];
    const calls = countCalls(gallery.id);
    for (const path of [
      `/g/${gallery.id}/photo/${photo.id}/1600.webp`,
      `/g/${gallery.id}/photo/${photo.id}/2048.jpg`,
      `/g/${gallery.id}/photo/${photo.id}/original`,
      `/g/${gallery.id}/photo/${photo.id}/480.webp`,
    ]) {
      const res = await request(path, { headers: { Cookie: session } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Server-Timing"), path).toBe('gallery-check;desc="store"');
      expect(calls(), path).toBe(1);
    }
  });

  it("answers a photograph removed from the gallery with 404 at once, a grid pass or not", async () => {
    const subject = await galleryWithPhotos({ password: await passwordHash(PASSWORD) }, 2);
    const [removed] = subject.photos as [Uploaded];
    const cookie = await unlock(subject.id, PASSWORD);
    const passOf = async () =>
      cookiesOf((await request(`/g/${subject.id}`, { headers: { Cookie: cookie } })).headers).find(
        (each) => each.startsWith(`${PASS_COOKIE}=`),
      );
    const size = `/g/${subject.id}/photo/${removed.id}/960.webp?v=delivered`;
    // Seen once: its size is kept in the Cache API.
    expect(
      (await request(size, { headers: { Cookie: `${cookie}; ${await passOf()}` } })).status,
    ).toBe(200);
    expect(await removePhoto(subject.id, removed.id)).toBe(204);
    // A pass given after the removal, for a page that no longer shows it, is not one for it.
    const pass = await passOf();
    expect((await request(size, { headers: { Cookie: `${cookie}; ${pass}` } })).status).toBe(404);
    expect((await request(size, { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it(`lets a revocation reach the grid within ${PASS_SECONDS} seconds, and a pass past its end is not one`, async () => {
    const subject = await galleryWithPhotos({ password: await passwordHash(PASSWORD) }, 1);
    const [photo] = subject.photos as [Uploaded];
    const cookie = await unlock(subject.id, PASSWORD);
    const page = await request(`/g/${subject.id}`, { headers: { Cookie: cookie } });
    const pass = cookiesOf(page.headers).find((each) => each.startsWith(`${PASS_COOKIE}=`));
    await saveGallery(subject.id, {
      password: (await galleryDocument(subject.id))?.password,
      enabled: false,
    });
    expect(await announceChange(subject.id)).toBe(200);
    const thumbnail = `/g/${subject.id}/photo/${photo.id}/480.webp`;
    // Within the pass's time, the grid it was given for still shows (the bound).
    expect((await request(thumbnail, { headers: { Cookie: `${cookie}; ${pass}` } })).status).toBe(
      200,
    );
    // Without it, and with one given more than PASS_SECONDS ago, the store says no.
    expect((await request(thumbnail, { headers: { Cookie: cookie } })).status).toBe(404);
    const old = (
      await passCookie(TEST_TOKEN, subject.id, "clean", Date.now() - (PASS_SECONDS + 1) * 1000)
    ).split(";")[0];
    expect((await request(thumbnail, { headers: { Cookie: `${cookie}; ${old}` } })).status).toBe(
      404,
    );
    // A pass of another gallery is not one for this.
    const otherPass = (await passCookie(TEST_TOKEN, gallery.id, "clean")).split(";")[0];
    expect(
      (await request(thumbnail, { headers: { Cookie: `${cookie}; ${otherPass}` } })).status,
    ).toBe(404);
  });
});
