import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  galleryWithPhotos,
  newGalleryId,
  passwordHash,
  saveGallery,
  type Uploaded,
} from "../../tests/worker/galleries.ts";
import { TEST_TOKEN } from "../../tests/worker/test-token.ts";
import { configure } from "../config/middleware.ts";
import type { AppEnv } from "../request/app-env.ts";
import { galleryOf, guard, type Refusal } from "./access.ts";
import { clientCookie, sessionCookie } from "./session.ts";

/** The check in front of a gallery's addresses, each refusal answered with its reason. */
const app = new Hono<AppEnv>();
app.use(configure);
const refuse = (c: Parameters<Parameters<typeof guard>[0]["refuse"]>[0], refusal: Refusal) =>
  c.text(refusal.reason, refusal.status);
const show = guard({ photos: true, refuse });
app.get("/g/:gallery", show, (c) => {
  const { id, state, photo, client } = galleryOf(c);
  return c.json({
    id,
    photos: state.photos.length,
    photo: photo?.id ?? null,
    client: client ?? null,
  });
});
app.get("/g/:gallery/photo/:photo", guard({ refuse }), (c) => {
  const { photo } = galleryOf(c);
  return c.text(photo?.name ?? "", 200, { "Cache-Control": c.req.query("cache") ?? "" });
});

const get = (path: string, cookie = "") => app.request(path, { headers: { Cookie: cookie } }, env);

describe("the gallery's access check", () => {
  it("refuses a malformed or unknown gallery, and a photograph it does not have, with 404", async () => {
    const { id } = await galleryWithPhotos({}, 1);
    for (const path of [
      "/g/not-a-gallery",
      `/g/${newGalleryId()}`,
      `/g/${id}/photo/${"f".repeat(32)}`,
      `/g/${id}/photo/not-a-photo`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe("unknown");
    }
  });

  it("refuses a gallery turned off with 404, and one that has ended with 410", async () => {
    const off = newGalleryId();
    await saveGallery(off, { enabled: false });
    expect((await get(`/g/${off}`)).status).toBe(404);
    const ended = newGalleryId();
    await saveGallery(ended, { expiresAt: "2020-01-01T00:00:00Z" });
    const res = await get(`/g/${ended}`);
    expect(res.status).toBe(410);
    expect(await res.text()).toBe("expired");
  });

  it("asks for the password (401) until the request carries a session for the current one", async () => {
    const { id, photos } = await galleryWithPhotos(
      { password: await passwordHash("larch-4821") },
      2,
    );
    expect((await get(`/g/${id}`)).status).toBe(401);
    const { fingerprint } = await env.CLIENT_GALLERY.getByName(id).state(id);
    const session = (await sessionCookie(TEST_TOKEN, id, fingerprint)).split(";")[0];
    const other = (await sessionCookie(TEST_TOKEN, id, "0123456789abcdef")).split(";")[0];
    expect((await get(`/g/${id}`, other)).status).toBe(401);
    const res = await get(`/g/${id}`, session);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, photos: 2, photo: null, client: null });
    const [photo] = photos as [Uploaded];
    const file = await get(`/g/${id}/photo/${photo.id}`, session);
    expect(await file.text()).toBe(photo.name);
  });

  it("tells the handlers who the client is: their confirmed e-mail, the key of their favourites", async () => {
    const { id } = await galleryWithPhotos({}, 1);
    const client = (await clientCookie(TEST_TOKEN, id, " Ana@Example.com")).split(";")[0];
    const res = await get(`/g/${id}`, client);
    expect(((await res.json()) as { client: unknown }).client).toBe("ana@example.com");
  });

  it("keeps every answer private and unindexed, a photograph at most in the browser's cache", async () => {
    const { id, photos } = await galleryWithPhotos({}, 1);
    const [photo] = photos as [Uploaded];
    const shared = await get(`/g/${id}/photo/${photo.id}?cache=public, max-age=31536000`);
    expect(shared.headers.get("Cache-Control")).toBe("private, no-store");
    expect(shared.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const kept = await get(`/g/${id}/photo/${photo.id}?cache=private, max-age=86400`);
    expect(kept.headers.get("Cache-Control")).toBe("private, max-age=86400");
    const page = await get(`/g/${id}`);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });
});
