import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  announceChange,
  confirmedClient,
  galleryWithPhotos,
  newGalleryId,
  saveGallery,
  type Uploaded,
} from "../../tests/worker/galleries.ts";
import { ORIGIN, request } from "../../tests/worker/harness.ts";
import { studioWrite } from "../../tests/worker/store.ts";
import { type ClientGallery, ERASE_AFTER_MS, MIGRATIONS } from "./gallery-store.ts";
import { galleryPrefix, photoKey } from "./ids.ts";

const PHOTO = "0123456789abcdef0123456789abcdef";

/** A store as the worker left it before the schema had versions: its tables, rows, no version. */
async function storeWithoutVersions(id: string) {
  const stub = env.CLIENT_GALLERY.getByName(id);
  await runInDurableObject(stub, (_instance, state) => {
    const { sql, kv } = state.storage;
    sql.exec(
      "DROP TABLE IF EXISTS photos; DROP TABLE IF EXISTS favourites; DROP TABLE IF EXISTS clients;",
    );
    kv.delete("schemaVersion");
    sql.exec(`
      CREATE TABLE IF NOT EXISTS photos (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
        bytes INTEGER NOT NULL, crc32 INTEGER NOT NULL, type TEXT NOT NULL, taken TEXT,
        added INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS favourites (
        client TEXT NOT NULL, photo TEXT NOT NULL, added INTEGER NOT NULL,
        PRIMARY KEY (client, photo)
      );
      CREATE TABLE IF NOT EXISTS clients (
        client TEXT PRIMARY KEY, label TEXT NOT NULL, note TEXT, sent_at TEXT,
        updated_at TEXT NOT NULL
      );
    `);
    sql.exec(
      "INSERT INTO photos VALUES (?, 'DSC_0142.jpg', 3000, 2000, 4242, 305419896, 'image/jpeg', '2025-06-14T16:32:10.000Z', 1)",
      PHOTO,
    );
    sql.exec("INSERT INTO favourites VALUES ('ana ruiz', ?, 2)", PHOTO);
    sql.exec(
      "INSERT INTO clients VALUES ('ana ruiz', 'Ana Ruiz', 'In colour, please.', '2025-07-01T10:00:00.000Z', '2025-07-01T10:00:00.000Z')",
    );
    kv.put("gallery", id);
  });
  // The next call wakes a new instance on that storage, as a deploy of a newer worker would.
  await evictDurableObject(stub);
  return stub;
}

const schemaVersion = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_instance, state) => state.storage.kv.get<number>("schemaVersion"));

describe("the gallery store's schema", () => {
  it("brings a store made before versions were kept up to date, with its photographs, favourites and notes", async () => {
    const id = newGalleryId();
    await saveGallery(id, {});
    const stub = await storeWithoutVersions(id);

    const state = await stub.state(id, { photos: true, client: "ana ruiz" });
    expect(state.photos).toEqual([
      {
        id: PHOTO,
        name: "DSC_0142.jpg",
        width: 3000,
        height: 2000,
        bytes: 4242,
        crc32: 305419896,
        type: "image/jpeg",
        taken: "2025-06-14T16:32:10.000Z",
      },
    ]);
    expect(state.favourites).toEqual([PHOTO]);
    expect(state.sent).toEqual({ note: "In colour, please.", at: "2025-07-01T10:00:00.000Z" });
    expect(await schemaVersion(stub)).toBe(MIGRATIONS.length);
  });

  it("applies each migration once: a store woken again keeps its version and its data", async () => {
    const id = newGalleryId();
    await saveGallery(id, {});
    const stub = await storeWithoutVersions(id);
    expect(await stub.photo(id, PHOTO)).toMatchObject({ name: "DSC_0142.jpg" });
    await evictDurableObject(stub);
    expect(await stub.photo(id, PHOTO)).toMatchObject({ name: "DSC_0142.jpg", bytes: 4242 });
    expect(await schemaVersion(stub)).toBe(MIGRATIONS.length);
  });

  it("brings a store of the first versioned schema (before the activity timeline), with its data, up to date", async () => {
    const id = newGalleryId();
    await saveGallery(id, {});
    // What a store made by the worker before issue 36 holds: version 1, and data.
    const old = await storeWithoutVersions(id);
    await runInDurableObject(old, (_instance, state) => {
      state.storage.sql.exec(MIGRATIONS[0] as string);
      state.storage.kv.put("schemaVersion", 1);
    });
    await evictDurableObject(old);
    const state = await old.state(id, { photos: true, client: "ana ruiz" });
    expect(state.photos.map((photo) => photo.name)).toEqual(["DSC_0142.jpg"]);
    expect(state.favourites).toEqual([PHOTO]);
    expect(await schemaVersion(old)).toBe(MIGRATIONS.length);
    await old.record(id, { kind: "opened", client: "Ana Ruiz" });
    expect((await old.activity(id)).map((row) => row.kind)).toEqual(["opened"]);
  });
});

describe("a gallery deleted in the Studio", () => {
  /** A gallery a client used (a favourite, a selection sent), then deleted in the Studio. */
  async function deletedGallery() {
    const { id, photos } = await galleryWithPhotos({}, 1);
    const [photo] = photos as [Uploaded];
    const { cookie } = await confirmedClient(id, "ana.erased@example.com");
    const form = (path: string, fields: Record<string, string>) =>
      request(path, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: ORIGIN,
          Cookie: cookie,
        },
      });
    await form(`/g/${id}/favourites`, { photo: photo.id, favourite: "true" });
    expect((await form(`/g/${id}/favourites/send`, { note: "In colour" })).status).toBe(303);
    const stub = env.CLIENT_GALLERY.getByName(id);
    // The owner's e-mail and the Studio's copy go first, as a moment after the selection.
    await runDurableObjectAlarm(stub);
    await studioWrite({ delete: { id: `clientGallery.${id}` } });
    expect(await announceChange(id)).toBe(200);
    return { id, photo, stub };
  }

  const held = (stub: DurableObjectStub<ClientGallery>) =>
    runInDurableObject(stub, async (_instance, state) => {
      const { kv, sql } = state.storage;
      const tables = sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray()
        .map((row) => row.name);
      return {
        keys: [...kv.list()].map(([key]) => key),
        tables,
        clients: tables.includes("clients")
          ? sql.exec("SELECT 1 FROM clients").toArray().length
          : 0,
        alarm: await state.storage.getAlarm(),
      };
    });

  /** As if the deletion had been ERASE_AFTER_MS ago, and its alarm rang now. */
  async function monthLater(stub: DurableObjectStub<ClientGallery>) {
    await runInDurableObject(stub, async (_instance, state) => {
      const deletedAt = state.storage.kv.get<number>("deletedAt");
      if (deletedAt === undefined) throw new Error("the deletion was not seen");
      state.storage.kv.put("deletedAt", deletedAt - ERASE_AFTER_MS);
      await state.storage.setAlarm(Date.now());
    });
    return runDurableObjectAlarm(stub);
  }

  it("keeps all it holds for a month, then erases its photographs and its clients' data", async () => {
    const { id, photo, stub } = await deletedGallery();
    // For now, all is kept (a deletion may be undone), and the erasure is set for a month on.
    const before = await held(stub);
    expect(before.clients).toBe(1);
    const erasure = (before.alarm ?? 0) - Date.now();
    expect(erasure).toBeGreaterThan(ERASE_AFTER_MS - 60_000);
    expect(erasure).toBeLessThanOrEqual(ERASE_AFTER_MS);
    const inBucket = async () =>
      (await env.GALLERY_PHOTOS.list({ prefix: galleryPrefix(id) })).objects.length;
    expect(await inBucket()).toBeGreaterThan(0);

    expect(await monthLater(stub)).toBe(true);
    expect(await inBucket()).toBe(0);
    expect(await env.GALLERY_PHOTOS.head(photoKey(id, photo.id))).toBeNull();
    // Nothing of the clients is left: no e-mail, favourite, note, timeline or count.
    expect(await held(stub)).toEqual({ keys: [], tables: [], clients: 0, alarm: null });
    expect((await request(`/g/${id}`)).status).toBe(404);
  });

  it("erases nothing when the gallery is back in the Studio, though the site was not told", async () => {
    const { id, photo, stub } = await deletedGallery();
    await saveGallery(id, {}, { announce: false });
    expect(await monthLater(stub)).toBe(true);
    const after = await held(stub);
    expect(after.clients).toBe(1);
    expect(after.keys).not.toContain("deletedAt");
    expect(await env.GALLERY_PHOTOS.head(photoKey(id, photo.id))).not.toBeNull();
  });
});
