// A gallery's reminders: before it closes, to each client who confirmed their e-mail, with the
// favourites they have not downloaded; prints of their favourites some days after delivery, with
// a code of their own, to a client with no order. Planned when the client confirms, sent by the
// Cron Trigger's handler with its clock moved on, each once; through the real gallery store
// (its Durable Object), D1 and the payments stand-in.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ClientGallery,
  SETTINGS_FAIL_CLOSED_MS,
} from "../../worker/galleries/gallery-store.ts";
import { RETRY_MS } from "../../worker/sales-mail/ledger.ts";
import {
  confirmedClient,
  DEMO_FILES,
  demoJpeg,
  galleryDocument,
  galleryWithPhotos,
  newGalleryId,
  saveGallery,
  setOwnerGalleries,
  type Uploaded,
  upload,
} from "./galleries.ts";
import { ORIGIN, request } from "./harness.ts";
import { HOUR, mailsTo, nextHour, scheduleAt } from "./sales-mail.ts";
import { stripe } from "./store.ts";

const DAY = 24 * HOUR;
/** The schedule's next run at a sensible hour on a client's clock whom Cloudflare did not place. */
const soon = () => nextHour(Date.now(), "UTC", 10);
/**
 * A gallery's end ten days on, at 15:05 UTC: its reminders' next 10:00 UTC (the moments below)
 * then always falls before it, whatever time of day the test runs (ending at 10:03, the day
 * before's 10:00 run would come at 10:05, after the end).
 */
const inTenDays = () => nextHour(Date.now() + 10 * DAY, "UTC", 15);
let clients = 0;
const newAddress = () => `client-${Date.now()}-${++clients}@example.com`;

const favourite = (gallery: string, photo: string, cookie: string) =>
  request(`/g/${gallery}/favourites`, {
    method: "POST",
    body: new URLSearchParams({ photo, favourite: "true" }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      Cookie: cookie,
    },
  });

beforeAll(async () => {
  await setOwnerGalleries({
    expiryReminders: true,
    printsReminderDays: 3,
    printsReminderPercent: 15,
  });
});

describe("a gallery about to close", () => {
  it("reminds each client who confirmed their e-mail a week and a day before, with the favourites they have not downloaded, once each", async () => {
    const expires = inTenDays();
    const { id, photos } = await galleryWithPhotos(
      { expiresAt: new Date(expires).toISOString(), title: "Ana & Luis, 14 June" },
      3,
    );
    const [a, b] = photos as [Uploaded, Uploaded];
    // Said where the client gives the address, before they give it.
    const form = /<form[^>]*id="gallery-client"[\s\S]*?<\/form>/.exec(
      (await request(`/g/${id}`)).body,
    );
    expect(form?.[0]).toContain("We may also e-mail you about this gallery: before it closes");
    const address = newAddress();
    const { cookie } = await confirmedClient(id, address);
    expect((await favourite(id, a.id, cookie)).status).toBe(303);
    expect((await favourite(id, b.id, cookie)).status).toBe(303);
    const downloaded = await request(`/g/${id}/download/${a.id}?size=2048`, {
      headers: { Cookie: cookie },
    });
    expect(downloaded.status).toBe(200);
    expect((await mailsTo(address)).map((mail) => mail.kind)).toEqual([
      "gallery-expiry-7",
      "gallery-expiry-1",
      "gallery-prints",
    ]);
    // Neither is due yet (each is looked at again daily until its moment, for an end the owner
    // brings forward); no prints (the gallery sells none).
    const first = soon();
    expect(await scheduleAt(first, address)).toEqual([]);
    const rows = await mailsTo(address);
    expect(rows.map((mail) => mail.status)).toEqual(["due", "due", "skipped"]);
    expect(rows.map((mail) => mail.due_at).slice(0, 2)).toEqual([first + DAY, first + DAY]);

    // A week before, at 10:00 on their clock (UTC: Cloudflare did not place them).
    const week = nextHour(expires - 7 * DAY, "UTC", 10);
    const [weekMail, ...more] = await scheduleAt(week, address);
    expect(more).toEqual([]);
    expect(weekMail?.subject).toBe("Ana & Luis, 14 June closes in a week");
    const text = String(weekMail?.text);
    // The default's words, as the owner wrote none.
    expect(text).toMatch(/^Hello, your gallery Ana & Luis, 14 June is open until .+\./);
    expect(text).toContain("Favourites you have not downloaded yet (1):");
    expect(text).toContain(`- ${b.name}`);
    expect(text).not.toContain(`- ${a.name}`);
    expect(text).toMatch(/Your gallery: http:\/\/localhost\/m\/[A-Za-z0-9_-]{22}\/0/);
    expect(weekMail?.headers).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(await scheduleAt(week + HOUR, address)).toEqual([]);

    // A day before (15:05 on their clock, a sensible hour): the last one.
    const day = expires - DAY;
    const [dayMail] = await scheduleAt(day, address);
    expect(dayMail?.subject).toBe("Ana & Luis, 14 June closes tomorrow");
    expect(await scheduleAt(day + HOUR, address)).toEqual([]);
    // The two sent; the one never sent, days ago, keeps its count but not the address.
    expect((await mailsTo(address)).map((mail) => mail.status)).toEqual(["sent", "sent"]);
    // Its link leads to the gallery.
    const link = /\/m\/[A-Za-z0-9_-]{22}\/0/.exec(String(dayMail?.text))?.[0] ?? "";
    const click = await request(link);
    expect(click.headers.get("Location")).toBe(`${ORIGIN}/g/${id}`);
  });

  it('sends the day\'s reminder of an evening closing the evening before, and says "today" on the closing day', async () => {
    // Closing at 21:05 on the client's clock (UTC): a day before is past their evening (20:00).
    const expires = nextHour(Date.now() + 10 * DAY, "UTC", 21);
    const { id } = await galleryWithPhotos({ expiresAt: new Date(expires).toISOString() }, 1);
    const address = newAddress();
    await confirmedClient(id, address);
    expect(await scheduleAt(soon(), address)).toEqual([]);
    expect(await scheduleAt(expires - 7 * DAY - 2 * HOUR, address)).toHaveLength(1);
    // At 19:05 the evening before, not the closing day's morning.
    const before = expires - DAY - 2 * HOUR;
    expect(await scheduleAt(before - HOUR, address)).toEqual([]);
    expect((await mailsTo(address))[1]?.due_at).toBe(before);
    const [dayMail] = await scheduleAt(before, address);
    expect(dayMail?.subject).toMatch(/closes tomorrow$/);

    // A client who confirms on the closing day itself: the day's reminder says so.
    const late = newAddress();
    await confirmedClient(id, late);
    const [today, ...more] = await scheduleAt(expires - 11 * HOUR, late);
    expect(more).toEqual([]);
    expect(today?.subject).toMatch(/closes today$/);
  });

  it("knows a favourite downloaded whose file name has brackets of its own", async () => {
    const expires = inTenDays();
    const id = newGalleryId();
    await saveGallery(id, { expiresAt: new Date(expires).toISOString() });
    const names = ["DSC_0142 (2).jpg", "DSC_0143.jpg"];
    const photos: string[] = [];
    for (const [index, name] of names.entries()) {
      const { res, photo } = await upload(id, name, await demoJpeg(DEMO_FILES[index] ?? "", 320));
      expect(res.status).toBe(201);
      photos.push(photo);
    }
    const address = newAddress();
    const { cookie } = await confirmedClient(id, address);
    for (const photo of photos) expect((await favourite(id, photo, cookie)).status).toBe(303);
    const downloaded = await request(`/g/${id}/download/${photos[0]}?size=2048`, {
      headers: { Cookie: cookie },
    });
    expect(downloaded.status).toBe(200);
    const [weekMail] = await scheduleAt(nextHour(expires - 7 * DAY, "UTC", 10), address);
    const text = String(weekMail?.text);
    expect(text).toContain("Favourites you have not downloaded yet (1):\n- DSC_0143.jpg");
    expect(text).not.toContain("DSC_0142");
  });

  it("knows the favourites' ZIP downloaded by the part that ends it, not by a probe of its first bytes", async () => {
    const expires = inTenDays();
    const { id, photos } = await galleryWithPhotos(
      { expiresAt: new Date(expires).toISOString() },
      2,
    );
    const address = newAddress();
    const { cookie } = await confirmedClient(id, address);
    for (const photo of photos) expect((await favourite(id, photo.id, cookie)).status).toBe(303);
    const zip = (range: string) =>
      request(`/g/${id}/download?set=favourites&size=original`, {
        headers: { Cookie: cookie, Range: range },
      });
    expect((await zip("bytes=0-0")).status).toBe(206);
    const [week] = await scheduleAt(nextHour(expires - 7 * DAY, "UTC", 10), address);
    expect(String(week?.text)).toContain("Favourites you have not downloaded yet (2):");
    // The rest of it, as a download manager asks for it.
    expect((await zip("bytes=1-")).status).toBe(206);
    const [day] = await scheduleAt(expires - DAY, address);
    expect(day?.subject).toMatch(/closes tomorrow$/);
    expect(String(day?.text)).not.toContain("not downloaded yet");
  });

  it("sends a reminder due while Sanity cannot be read once it can, not never", async () => {
    const expires = inTenDays();
    const { id } = await galleryWithPhotos({ expiresAt: new Date(expires).toISOString() }, 1);
    const address = newAddress();
    await confirmedClient(id, address);
    // Sanity unreachable when the week's reminder is due, the settings last read long before.
    const stub = env.CLIENT_GALLERY.getByName(id);
    await runInDurableObject(stub, (instance: ClientGallery, state) => {
      instance.refresh = () => Promise.reject(new Error("connection refused"));
      state.storage.kv.put("syncedAt", Date.now() - SETTINGS_FAIL_CLOSED_MS - 1000);
    });
    const week = nextHour(expires - 7 * DAY, "UTC", 10);
    expect(await scheduleAt(week, address)).toEqual([]);
    expect((await mailsTo(address))[0]?.status).toBe("due");
    // Sanity answers again: the run after the wait sends it.
    await runInDurableObject(stub, (instance: ClientGallery) => {
      Reflect.deleteProperty(instance, "refresh");
    });
    const [sent] = await scheduleAt(week + RETRY_MS, address);
    expect(sent?.subject).toMatch(/closes in a week$/);
  });

  it("reminds a client of an end the owner set, or brought forward, after they confirmed", async () => {
    for (const first of [undefined, nextHour(Date.now() + 30 * DAY, "UTC", 15)]) {
      const { id } = await galleryWithPhotos(
        first ? { expiresAt: new Date(first).toISOString() } : {},
        1,
      );
      const address = newAddress();
      await confirmedClient(id, address);
      expect(await scheduleAt(soon(), address)).toEqual([]);
      const expires = inTenDays();
      const { _id, _type, _rev, _createdAt, _updatedAt, ...fields } =
        (await galleryDocument(id)) ?? {};
      await saveGallery(id, { ...fields, expiresAt: new Date(expires).toISOString() });
      const [sent] = await scheduleAt(nextHour(expires - 7 * DAY, "UTC", 10), address);
      expect(sent?.subject, String(first)).toMatch(/closes in a week$/);
    }
  });

  it("sends no reminder for a gallery that has no expiry, or was turned off", async () => {
    const { id } = await galleryWithPhotos({ enabled: false }, 1);
    const address = newAddress();
    await confirmedClient(id, address).catch(() => undefined);
    const { id: open } = await galleryWithPhotos({}, 1);
    const other = newAddress();
    await confirmedClient(open, other);
    const later = Date.now() + 30 * DAY;
    expect(await scheduleAt(soon(), other)).toEqual([]);
    // No expiry: looked at again in a day, never sent meanwhile.
    expect((await mailsTo(other))[0]?.due_at).toBeGreaterThan(Date.now() + 23 * HOUR);
    expect(await scheduleAt(later, other)).toEqual([]);
    expect(await scheduleAt(later, address)).toEqual([]);
  });
});

describe("prints after delivery", () => {
  it("suggests a client's favourites as prints days after delivery, with their own code, unless they ordered or marked none", async () => {
    const { id, photos } = await galleryWithPhotos({ prints: true, stage: "delivered" }, 2);
    const [a] = photos as [Uploaded];
    const [marked, ordered, none] = [newAddress(), newAddress(), newAddress()];
    for (const address of [marked, ordered]) {
      const { cookie } = await confirmedClient(id, address);
      expect((await favourite(id, a.id, cookie)).status).toBe(303);
    }
    await confirmedClient(id, none);
    // The second client ordered prints of the gallery already.
    const order = `o${crypto.randomUUID().replaceAll("-", "").slice(0, 31)}`;
    await env.STORE_DB.batch([
      env.STORE_DB.prepare(
        `INSERT INTO orders (id, status, currency, subtotal, has_prints, email, created_at, updated_at, paid_at)
         VALUES (?, 'paid', 'eur', 3900, 1, ?, ?, ?, ?)`,
      ).bind(order, ordered, Date.now(), Date.now(), Date.now()),
      env.STORE_DB.prepare(
        `INSERT INTO order_items (order_id, line, photo, kind, product, product_name, photo_title, unit_amount, quantity, fulfilment, details)
         VALUES (?, 1, ?, 'print', 'fine-art-8x10', 'Fine art print', 'Photograph 1', 3900, 1, 'lab', '{}')`,
      ).bind(order, `gallery/${id}/${a.id}/x`),
    ]);
    // Not yet: three days after delivery.
    expect(await scheduleAt(soon(), marked)).toEqual([]);
    const at = nextHour(Date.now() + 3 * DAY, "UTC", 10);
    const [mail, ...more] = await scheduleAt(at, marked);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Your favourites from Ana & Luis, 14 June, as prints");
    expect(String(mail?.text)).toContain(`- ${a.name}`);
    const code = /\bPRINT[A-Z0-9]{8}\b/.exec(String(mail?.text))?.[0] ?? "";
    const promotion = (await stripe().promotionCodes.list({ code })).data[0];
    expect(promotion).toMatchObject({ active: true, max_redemptions: 1 });
    expect(await scheduleAt(at, ordered)).toEqual([]);
    expect(await scheduleAt(at, none)).toEqual([]);
    const prints = async (address: string) =>
      (await mailsTo(address)).find((row) => row.kind === "gallery-prints")?.status;
    expect(await prints(marked)).toBe("sent");
    expect(await prints(ordered)).toBe("skipped");
    expect(await prints(none)).toBe("skipped");
  });
});

describe("in the owner's words", () => {
  it("opens each reminder with the owner's words when they wrote some, and the facts after them", async () => {
    await setOwnerGalleries({
      expiryMessage: "Dear Marta, the light was kind to us that day.",
      printsMessage: "Your favourites would look lovely on a wall.",
    });
    try {
      const expires = Date.now() + 20 * DAY;
      const { id, photos } = await galleryWithPhotos(
        {
          expiresAt: new Date(expires).toISOString(),
          title: "Marta, 2 May",
          prints: true,
          stage: "delivered",
        },
        1,
      );
      const [a] = photos as [Uploaded];
      const address = newAddress();
      const { cookie } = await confirmedClient(id, address);
      expect((await favourite(id, a.id, cookie)).status).toBe(303);
      const [prints, ...more] = await scheduleAt(
        nextHour(Date.now() + 3 * DAY, "UTC", 10),
        address,
      );
      expect(more).toEqual([]);
      expect(String(prints?.text)).toMatch(
        /^Your favourites would look lovely on a wall\.\n\nYour favourites in Marta, 2 May, each of which can be ordered as a print from the gallery:\n- /,
      );
      const [week] = await scheduleAt(nextHour(expires - 7 * DAY, "UTC", 10), address);
      expect(String(week?.text)).toMatch(
        /^Dear Marta, the light was kind to us that day\.\n\nMarta, 2 May is open until .+\.\n/,
      );
    } finally {
      await setOwnerGalleries({ expiryMessage: null, printsMessage: null });
    }
  });
});
