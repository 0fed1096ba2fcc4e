// An attacker's matrix for client galleries: every URL a gallery page and its viewer ever
// request (the page, each photograph's page, each size, the original, each download, the ZIPs,
// the favourites, a print bought), asked without the session cookie, with another gallery's,
// with a forged one, with an expired one, and after the gallery expired, was turned off or got a
// new password.
// Every one is refused (401/403/404/410) with no byte of a photograph and no file name in the
// body; the gallery's id is on no public page, and its password in no answer and no log line.
import { beforeAll, describe, expect, it } from "vitest";
import { passwordFingerprint } from "../../worker/galleries/password.ts";
import { SESSION_COOKIE, sessionCookie } from "../../worker/galleries/session.ts";
import { parseGallerySettings } from "../../worker/galleries/settings.ts";
import {
  announceChange,
  galleryDocument,
  galleryWithPhotos,
  type Marked,
  passwordHash,
  proofingGallery,
  saveGallery,
  setStage,
  type Uploaded,
  unlock,
} from "./galleries.ts";
import { type Answer, captureLogs, ORIGIN, request } from "./harness.ts";
import { TEST_TOKEN } from "./test-token.ts";

const PASSWORD = "larch-4821";
const OTHER_PASSWORD = "birch-7310";

interface Target {
  what: string;
  path: string;
  method?: "POST";
  form?: Record<string, string>;
}

/** Every URL a gallery's page and viewer ever ask for. */
function targets(id: string, photos: readonly Uploaded[]): Target[] {
  const [photo] = photos as [Uploaded];
  const list: Target[] = [
    { what: "the gallery", path: `/g/${id}` },
    { what: "its favourites", path: `/g/${id}?show=favourites` },
    { what: "a photograph's page", path: `/g/${id}/p/${photo.id}` },
    { what: "the original", path: `/g/${id}/photo/${photo.id}/original` },
    { what: "one photograph, original", path: `/g/${id}/download/${photo.id}?size=original` },
    { what: "one photograph, 2048", path: `/g/${id}/download/${photo.id}?size=2048` },
    { what: "the ZIP of all", path: `/g/${id}/download?set=all&size=original` },
    { what: "the ZIP of favourites", path: `/g/${id}/download?set=favourites&size=2048` },
    {
      what: "a favourite",
      path: `/g/${id}/favourites`,
      method: "POST",
      form: { photo: photo.id, favourite: "true" },
    },
    {
      what: "asking for a client's link",
      path: `/g/${id}/client`,
      method: "POST",
      form: { email: "eve@example.com" },
    },
    { what: "sending", path: `/g/${id}/favourites/send`, method: "POST", form: { note: "x" } },
    {
      what: "buying a print",
      path: `/g/${id}/p/${photo.id}/buy`,
      method: "POST",
      form: { product: "print:fine-art-8x10", quantity: "1" },
    },
  ];
  for (const width of [480, 960, 1600, 2048]) {
    list.push({ what: `size ${width}`, path: `/g/${id}/photo/${photo.id}/${width}.webp` });
  }
  list.push({ what: "size 480 as JPEG", path: `/g/${id}/photo/${photo.id}/480.jpg` });
  return list;
}

const send = (target: Target, cookie: string | undefined) =>
  request(target.path, {
    ...(target.method
      ? {
          method: target.method,
          body: new URLSearchParams(target.form),
        }
      : {}),
    headers: {
      ...(target.method
        ? { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN }
        : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });

/** Whether a body holds the start of a photograph or an archive (WebP: a RIFF header). */
function holdsFileBytes(bytes: Uint8Array): string | undefined {
  for (let i = 0; i + 4 <= bytes.length; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd8 && bytes[i + 2] === 0xff) return "JPEG";
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 3 && bytes[i + 3] === 4) {
      return "ZIP";
    }
  }
  const text = new TextDecoder().decode(bytes);
  return text.includes("WEBP") ? "WebP" : undefined;
}

/** What is wrong with an answer to a request that must be refused, if anything. */
function leak(answer: Answer, photos: readonly Uploaded[], allowed: readonly number[]): string[] {
  const problems: string[] = [];
  if (!allowed.includes(answer.status)) problems.push(`status ${answer.status}`);
  const bytes = holdsFileBytes(answer.bytes);
  if (bytes) problems.push(`${bytes} bytes in the body`);
  for (const photo of photos) {
    if (answer.body.includes(photo.name)) problems.push(`the file name ${photo.name}`);
  }
  if (answer.headers.get("Set-Cookie")?.includes(SESSION_COOKIE)) problems.push("a session");
  if (/(^|, )cart=/.test(answer.headers.get("Set-Cookie") ?? "")) problems.push("a cart");
  return problems;
}

describe("an attacker's matrix", () => {
  let gallery: { id: string; photos: Uploaded[] };
  let other: { id: string; photos: Uploaded[] };
  let otherCookie: string;

  beforeAll(async () => {
    gallery = await galleryWithPhotos({ password: await passwordHash(PASSWORD) }, 2);
    other = await galleryWithPhotos({ password: await passwordHash(OTHER_PASSWORD) }, 1);
    otherCookie = await unlock(other.id, OTHER_PASSWORD);
  });

  /** Runs every target with `cookie` and collects what leaked, per target. */
  async function probe(
    cookie: () => Promise<string | undefined>,
    allowed: readonly number[],
    subject = gallery,
  ) {
    const found: string[] = [];
    for (const target of targets(subject.id, subject.photos)) {
      const answer = await send(target, await cookie());
      const problems = leak(answer, subject.photos, allowed);
      if (problems.length) found.push(`${target.what}: ${problems.join(", ")}`);
    }
    return found;
  }

  it("sees a leak where there is one: with the genuine session, the files and names come out", async () => {
    // A check that never fires proves nothing: the same probe, let in, must find what it looks for.
    const cookie = await unlock(gallery.id, PASSWORD);
    const found = (await probe(async () => cookie, [401, 403])).join("\n");
    for (const expected of ["JPEG bytes", "WebP bytes", "ZIP bytes", "the file name"]) {
      expect(found).toContain(expected);
    }
  });

  it("refuses every URL without the session cookie (401 for a locked gallery)", async () => {
    expect(await probe(async () => undefined, [401, 403])).toEqual([]);
  });

  it("refuses another gallery's session", async () => {
    // The other gallery's cookie value, sent for this one (a browser would not, but anyone can).
    const value = otherCookie.slice(otherCookie.indexOf("=") + 1);
    expect(await probe(async () => `${SESSION_COOKIE}=${value}`, [401, 403])).toEqual([]);
  });

  it("refuses forged sessions: a made-up signature, a later end, the 'open' fingerprint", async () => {
    const genuine = await unlock(gallery.id, PASSWORD);
    const [end, fingerprint] = genuine.slice(genuine.indexOf("=") + 1).split(".") as [
      string,
      string,
    ];
    // A signature of the cookie's form (Hono's: the base64 of 32 bytes, URL-encoded).
    const madeUp = encodeURIComponent(`${"A".repeat(43)}=`);
    for (const forged of [
      `${end}.${fingerprint}.${madeUp}`,
      genuine.replace(`=${end}.`, `=${Number(end) + 86_400}.`),
      `${SESSION_COOKIE}=${end}.open.${madeUp}`,
      `${SESSION_COOKIE}=garbage`,
    ]) {
      const cookie = forged.startsWith(SESSION_COOKIE) ? forged : `${SESSION_COOKIE}=${forged}`;
      expect(await probe(async () => cookie, [401, 403]), forged).toEqual([]);
    }
  });

  it("refuses an expired session", async () => {
    const settings = parseGallerySettings({
      _type: "clientGallery",
      password: (await galleryDocumentPassword(gallery.id)) ?? undefined,
    });
    const fingerprint = await passwordFingerprint(settings?.password);
    const old = await sessionCookie(
      TEST_TOKEN,
      gallery.id,
      fingerprint,
      Date.now() - 31 * 86_400_000,
    );
    expect(await probe(async () => old.split(";")[0], [401, 403])).toEqual([]);
  });

  it("refuses everything after the gallery expired, with the session still in hand", async () => {
    const subject = await galleryWithPhotos({ password: await passwordHash(PASSWORD) }, 1);
    const cookie = await unlock(subject.id, PASSWORD);
    await saveGallery(subject.id, {
      password: await galleryDocumentPassword(subject.id),
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await announceChange(subject.id)).toBe(200);
    expect(await probe(async () => cookie, [410], subject)).toEqual([]);
  });

  it("gives a session that outlasts the gallery's end as it was: an end the owner moves later keeps the client in", async () => {
    const ends = new Date(Date.now() + 3_600_000).toISOString();
    const subject = await galleryWithPhotos(
      { password: await passwordHash(PASSWORD), expiresAt: ends },
      1,
    );
    const answer = await request(`/g/${subject.id}/unlock`, {
      method: "POST",
      body: new URLSearchParams({ password: PASSWORD }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    });
    expect(answer.status).toBe(303);
    const session = (answer.headers.get("Set-Cookie") ?? "")
      .split(/,(?= ?[\w-]+=)/)
      .find((cookie) => cookie.trim().startsWith(`${SESSION_COOKIE}=`));
    expect(session).toContain(`Max-Age=${30 * 86_400};`);
  });

  it("refuses everything once the owner turns the gallery off, and every old session once it is on again", async () => {
    const subject = await galleryWithPhotos({ password: await passwordHash(PASSWORD) }, 1);
    const cookie = await unlock(subject.id, PASSWORD);
    const password = await galleryDocumentPassword(subject.id);
    await saveGallery(subject.id, { password, enabled: false });
    expect(await announceChange(subject.id)).toBe(200);
    expect(await probe(async () => cookie, [404], subject)).toEqual([]);
    // On again, the password unchanged (someone had it who should not): the sessions stay ended.
    await saveGallery(subject.id, { password });
    expect(await announceChange(subject.id)).toBe(200);
    expect(await probe(async () => cookie, [401, 403], subject)).toEqual([]);
    const again = await unlock(subject.id, PASSWORD);
    expect((await request(`/g/${subject.id}`, { headers: { Cookie: again } })).status).toBe(200);
  });

  it("refuses every old session once the password changed", async () => {
    const subject = await galleryWithPhotos({ password: await passwordHash(PASSWORD) }, 1);
    const cookie = await unlock(subject.id, PASSWORD);
    await saveGallery(subject.id, { password: await passwordHash(OTHER_PASSWORD) });
    expect(await announceChange(subject.id)).toBe(200);
    expect(await probe(async () => cookie, [401, 403], subject)).toEqual([]);
  });

  it("keeps the gallery's id off every public page, feed, sitemap and search", async () => {
    for (const path of [
      "/",
      "/photos",
      "/sitemap.xml",
      "/rss.xml",
      "/robots.txt",
      "/tags",
      "/search?q=DSC",
    ]) {
      const res = await request(path);
      expect(res.body, path).not.toContain(gallery.id);
      for (const photo of gallery.photos) expect(res.body, path).not.toContain(photo.id);
    }
  });

  it("never answers or logs the password", async () => {
    const logs = captureLogs();
    const answers = [
      await request(`/g/${gallery.id}/unlock`, {
        method: "POST",
        body: new URLSearchParams({ password: "a-wrong-password-typed" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      }),
      await request(`/g/${gallery.id}/unlock`, {
        method: "POST",
        body: new URLSearchParams({ password: PASSWORD }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      }),
    ];
    for (const answer of answers) {
      expect(answer.body).not.toContain("a-wrong-password-typed");
      expect(answer.body).not.toContain(PASSWORD);
      expect([...answer.headers].join("\n")).not.toContain(PASSWORD);
    }
    expect(logs.text()).not.toContain(PASSWORD);
    expect(logs.text()).not.toContain("a-wrong-password-typed");
  });

  it("takes a form post only from the gallery's own pages", async () => {
    const res = await request(`/g/${gallery.id}/unlock`, {
      method: "POST",
      body: new URLSearchParams({ password: PASSWORD }),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
      },
    });
    expect(res.status).toBe(403);
    expect(res.headers.has("Set-Cookie")).toBe(false);
  });
});

describe("an attacker's matrix on a proofing gallery, with a valid session", () => {
  const same = (a: Uint8Array, b: Uint8Array) =>
    a.length === b.length && a.every((byte, i) => byte === b[i]);
  const contains = (hay: Uint8Array, needle: Uint8Array) =>
    new TextDecoder("latin1").decode(hay).includes(new TextDecoder("latin1").decode(needle));

  it("gets every size, the original, a zoom region, a download and the ZIP watermarked or refused, even with clean copies cached before", async () => {
    const gallery = await proofingGallery({ password: await passwordHash(PASSWORD) }, 2);
    const cookie = await unlock(gallery.id, PASSWORD);
    const [photo] = gallery.photos as [Uploaded & Marked];
    const all = [
      ...targets(gallery.id, gallery.photos),
      {
        what: "a zoom region",
        path: `/g/${gallery.id}/photo/${photo.id}/region?rect=0,0,100,100&w=100`,
      },
      { what: "size 640", path: `/g/${gallery.id}/photo/${photo.id}/640.webp` },
      { what: "size 2048 as JPEG", path: `/g/${gallery.id}/photo/${photo.id}/2048.jpg` },
      {
        what: "size 1600 with the delivered address",
        path: `/g/${gallery.id}/photo/${photo.id}/1600.webp?v=delivered`,
      },
    ];
    // Delivered first: every clean size and region is made and kept by the Cache API.
    await setStage(gallery.id, "delivered");
    for (const target of all) await send(target, cookie);
    await setStage(gallery.id, "proofing");

    const markedFiles = gallery.photos.flatMap((each) => Object.values(each.files));
    const found: string[] = [];
    for (const target of all) {
      const answer = await send(target, cookie);
      const kind = holdsFileBytes(answer.bytes);
      for (const each of gallery.photos) {
        if (contains(answer.bytes, each.bytes)) found.push(`${target.what}: the original's bytes`);
      }
      if (!kind) continue;
      if (kind === "ZIP") {
        // Every file in it is a watermarked 2048 (the ZIP's own headers around them).
        const proofs = gallery.photos.map((each) => each.files["2048.jpg"] as Uint8Array);
        const total = proofs.reduce((sum, bytes) => sum + bytes.length, 0);
        if (!proofs.every((bytes) => contains(answer.bytes, bytes))) {
          found.push(`${target.what}: a ZIP without the watermarked files`);
        }
        if (answer.bytes.length > total + 400 * proofs.length) {
          found.push(`${target.what}: a ZIP holding more than the watermarked files`);
        }
        continue;
      }
      if (!markedFiles.some((bytes) => same(answer.bytes, bytes))) {
        found.push(
          `${target.what}: ${kind} bytes the upload command did not watermark (${answer.status})`,
        );
      }
    }
    expect(found).toEqual([]);
  });
});

/** The stored password object of a gallery (to keep it while changing something else). */
const galleryDocumentPassword = async (id: string) => (await galleryDocument(id))?.password;
