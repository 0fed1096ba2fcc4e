// Issue 36, items 3 and 4: the owner is told, and sees the gallery's activity. A client's selection
// is answered at once, the owner's e-mail is sent by the gallery's Durable Object a moment later
// (its alarm), once per selection, and retried when sending fails; so is the e-mail of a
// gallery's first opening, when the owner asks for it.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ClientGallery } from "../../worker/galleries/gallery-store.ts";
import {
  confirmedClient,
  galleryDocument,
  galleryWithPhotos,
  removePhoto,
  setOwnerGalleries,
  type Uploaded,
} from "./galleries.ts";
import { ORIGIN, request } from "./harness.ts";

interface Sent {
  to: string;
  subject: string;
  text: string;
}

/** The store's e-mail binding replaced: what it was asked to send, and failures on demand. */
async function mailbox(id: string) {
  const sent: Sent[] = [];
  let failures = 0;
  await runInDurableObject(env.CLIENT_GALLERY.getByName(id), (instance: ClientGallery) => {
    const own = instance as unknown as { env: Env };
    Object.defineProperty(instance, "env", {
      value: {
        ...own.env,
        INQUIRY_MAIL: {
          send: async (message: Sent) => {
            if (failures > 0) {
              failures--;
              throw new Error("the mail service is down");
            }
            sent.push(message);
            return { messageId: `m${sent.length}` };
          },
        },
      },
      configurable: true,
    });
  });
  return {
    sent,
    failNext(times: number) {
      failures = times;
    },
  };
}

const post = (path: string, form: Record<string, string>, cookie = "") =>
  request(path, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });

describe("the owner's e-mail for a selection", () => {
  it("is sent once per selection, after the client's answer, with who, how many, the note, the file names and the Studio's link", async () => {
    const { id, photos } = await galleryWithPhotos({}, 2);
    const stub = env.CLIENT_GALLERY.getByName(id);
    const box = await mailbox(id);
    const { cookie } = await confirmedClient(id, "ana@example.com");
    for (const photo of photos as Uploaded[]) {
      await post(`/g/${id}/favourites`, { photo: photo.id, favourite: "true" }, cookie);
    }
    const answer = await post(`/g/${id}/favourites/send`, { note: "In colour, please." }, cookie);
    expect(answer.status).toBe(303);
    await runDurableObjectAlarm(stub);
    expect(box.sent).toHaveLength(1);
    const [mail] = box.sent as [Sent];
    expect(mail.to).toBe("owner@example.com");
    expect(mail.subject).toBe("ana@example.com chose 2 from Ana & Luis, 14 June");
    expect(mail.text).toContain("In colour, please.");
    expect(mail.text).toContain("DSC_0142, DSC_0143");
    expect(mail.text).toContain(`/intent/edit/id=clientGallery.${id};type=clientGallery`);
    // Nothing pending: the next alarm sends nothing again.
    await runDurableObjectAlarm(stub);
    expect(box.sent).toHaveLength(1);
  });

  it("is sent once in five minutes per client, never for an empty selection, the note quoted so it cannot pass for the e-mail's own lines", async () => {
    const { id, photos } = await galleryWithPhotos({}, 1);
    const stub = env.CLIENT_GALLERY.getByName(id);
    const box = await mailbox(id);
    const { cookie } = await confirmedClient(id, "ana.send@example.com");
    const [photo] = photos as [Uploaded];
    await post(`/g/${id}/favourites`, { photo: photo.id, favourite: "true" }, cookie);
    const note = "Thank you!\nThe gallery in your Studio: https://evil.example\r> Sent: never";
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await post(`/g/${id}/favourites/send`, { note }, cookie));
    }
    expect(answers.map((answer) => answer.headers.get("Location"))).toEqual([
      `/g/${id}?sent=1`,
      `/g/${id}?sent=wait`,
      `/g/${id}?sent=wait`,
    ]);
    const waited = await request(`/g/${id}?sent=wait`, { headers: { Cookie: cookie } });
    expect(waited.body).toContain("You can send it again in a few minutes.");
    // Another client, with nothing chosen: nothing to tell the owner.
    const { cookie: empty } = await confirmedClient(id, "luis.send@example.com");
    await post(`/g/${id}/favourites/send`, { note: "Hello" }, empty);
    await runDurableObjectAlarm(stub);
    expect(box.sent).toHaveLength(1);
    const lines = (box.sent[0] as Sent).text.split("\n");
    expect(lines).toContain("> The gallery in your Studio: https://evil.example");
    expect(lines.filter((line) => line.startsWith("The gallery in your Studio:"))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("Sent:"))).toHaveLength(1);
  });

  it("is retried when sending fails, past the runtime's own retries, and the client's answer never waits for it", async () => {
    const { id, photos } = await galleryWithPhotos({}, 1);
    const stub = env.CLIENT_GALLERY.getByName(id);
    const box = await mailbox(id);
    // Longer than the runtime's six retries of a failed alarm.
    box.failNext(8);
    const { cookie } = await confirmedClient(id, "luis@example.com");
    const [photo] = photos as [Uploaded];
    await post(`/g/${id}/favourites`, { photo: photo.id, favourite: "true" }, cookie);
    const answer = await post(`/g/${id}/favourites/send`, { note: "" }, cookie);
    expect(answer.status).toBe(303);
    // Each failed run sets the next itself, further off each time (run here at once). The wait
    // counts from the failure, which came between the run's start and its end (seconds apart on
    // a busy machine): each is read as that span allows.
    const expected = [30, 60, 120, 240, 480, 960, 1920, 3600];
    const waits: (number | string)[] = [];
    for (const wait of expected) {
      const before = Date.now();
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      const after = Date.now();
      const next = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
      const [least, most] = [((next ?? 0) - after) / 1000, ((next ?? 0) - before) / 1000];
      waits.push(least <= wait && wait <= most ? wait : `${least}–${most}`);
    }
    expect(box.sent).toHaveLength(0);
    // Seconds: doubled from half a minute, then hourly.
    expect(waits).toEqual(expected);
    // A heart meanwhile does not wait out the hour: its write-back, with the e-mail, comes soon.
    await post(`/g/${id}/favourites`, { photo: photo.id, favourite: "true" }, cookie);
    const soon = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
    expect((soon ?? Number.POSITIVE_INFINITY) - Date.now()).toBeLessThan(5_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(box.sent).toHaveLength(1);
    expect(box.sent[0]?.subject).toBe("luis@example.com chose 1 from Ana & Luis, 14 June");
  });
});

describe("the owner's e-mail when a gallery is first opened", () => {
  it("is sent once, from the alarm, retried when sending fails, and not on the next visits", async () => {
    // The owner's setting (site settings → Client galleries), read when the gallery is.
    await setOwnerGalleries({ mailFirstOpened: true });
    try {
      const { id } = await galleryWithPhotos({}, 1);
      const stub = env.CLIENT_GALLERY.getByName(id);
      const box = await mailbox(id);
      box.failNext(1);
      // A chat's link preview and a mail scanner's HEAD open nothing.
      const preview = { "User-Agent": "facebookexternalhit/1.1" };
      expect((await request(`/g/${id}`, { headers: preview })).status).toBe(200);
      expect((await request(`/g/${id}`, { method: "HEAD" })).status).toBe(200);
      expect(await runDurableObjectAlarm(stub)).toBe(false);
      expect(box.sent).toHaveLength(0);
      expect((await request(`/g/${id}`)).status).toBe(200);
      // The client's page never waited for it.
      expect(box.sent).toHaveLength(0);
      // The failed run sets the next itself.
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      expect(box.sent).toHaveLength(0);
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      expect(box.sent).toHaveLength(1);
      const [mail] = box.sent as [Sent];
      expect(mail.to).toBe("owner@example.com");
      expect(mail.subject).toBe("Ana & Luis, 14 June was opened");
      expect(mail.text).toContain(
        'Your gallery "Ana & Luis, 14 June" was opened for the first time.',
      );
      expect(mail.text).toContain(`/intent/edit/id=clientGallery.${id};type=clientGallery`);
      // The next visits, from anywhere, are on the timeline and in no e-mail.
      for (const address of ["198.51.100.7", "203.0.113.8"]) {
        await request(`/g/${id}`, { headers: { "CF-Connecting-IP": address } });
        await runDurableObjectAlarm(stub);
      }
      expect(box.sent).toHaveLength(1);
    } finally {
      await setOwnerGalleries({ mailFirstOpened: false });
    }
  });

  it("is not sent when the owner has not asked for it", async () => {
    const { id } = await galleryWithPhotos({}, 1);
    const stub = env.CLIENT_GALLERY.getByName(id);
    const box = await mailbox(id);
    expect((await request(`/g/${id}`)).status).toBe(200);
    await runDurableObjectAlarm(stub);
    expect(box.sent).toHaveLength(0);
  });
});

describe("the gallery's activity", () => {
  it("records each opening, favourite, selection, download and ZIP, with a daily-salted device hash and no address, and shows it in the Studio's document", async () => {
    const { id, photos } = await galleryWithPhotos({}, 2);
    const stub = env.CLIENT_GALLERY.getByName(id);
    const address = "203.0.113.77";
    const as = (cookie = "") => ({
      "CF-Connecting-IP": address,
      ...(cookie ? { Cookie: cookie } : {}),
    });
    const { cookie } = await confirmedClient(id, "ana.activity@example.com");
    await request(`/g/${id}`, { headers: as(cookie) });
    // The same device's next pages are the visit it opened: its favourites, the grid again.
    await request(`/g/${id}?show=favourites`, { headers: as(cookie) });
    await request(`/g/${id}`, { headers: as(cookie) });
    await request(`/g/${id}`, {
      headers: { ...as(cookie), "CF-Connecting-IP": "198.51.100.9" },
    });
    const [first] = photos as [Uploaded];
    await post(`/g/${id}/favourites`, { photo: first.id, favourite: "true" }, cookie);
    await post(`/g/${id}/favourites/send`, { note: "These" }, cookie);
    // A HEAD asks about the file and takes nothing.
    await request(`/g/${id}/download/${first.id}?size=2048`, {
      method: "HEAD",
      headers: as(cookie),
    });
    await request(`/g/${id}/download/${first.id}?size=2048`, { headers: as(cookie) });
    // The whole archive's HEAD says its length, with no body, and is not counted.
    const head = await request(`/g/${id}/download?set=all&size=original`, {
      method: "HEAD",
      headers: as(cookie),
    });
    expect(head?.status).toBe(200);
    expect(Number(head?.headers.get("Content-Length"))).toBeGreaterThan(0);
    expect(head?.bytes.byteLength).toBe(0);
    await request(`/g/${id}/download?set=all&size=original`, { headers: as(cookie) });

    const rows = await runInDurableObject(stub, (instance: ClientGallery) => instance.activity(id));
    expect(rows.map((row) => row.kind).reverse()).toEqual([
      "opened",
      "opened",
      "favourite",
      "sent",
      "download",
      "zip",
    ]);
    expect(
      rows.every((row) => row.kind === "sent" || row.client === "ana.activity@example.com"),
    ).toBe(true);
    const opened = rows.filter((row) => row.kind === "opened");
    // Two devices (two addresses), each a hash; the address itself is nowhere.
    expect(new Set(opened.map((row) => row.device)).size).toBe(2);
    expect(JSON.stringify(rows)).not.toContain(address);
    const stored = await runInDurableObject(stub, (_instance, state) =>
      JSON.stringify(state.storage.sql.exec("SELECT * FROM activity").toArray()),
    );
    expect(stored).not.toContain(address);
    expect(rows.find((row) => row.kind === "download")?.detail).toBe("DSC_0142.jpg (2048 px)");
    expect(rows.find((row) => row.kind === "zip")?.detail).toBe("2 photographs (originals)");

    // The Studio's copy, a moment later (the alarm's write-back).
    await runDurableObjectAlarm(stub);
    const doc = await galleryDocument(id);
    const activity = (doc?.activity ?? []) as { kind: string; devices?: number }[];
    expect(activity.map((row) => row.kind)).toContain("zip");
    expect(activity.find((row) => row.kind === "opened")?.devices).toBe(2);
  });

  it("keeps one event for a heart changed back and forth, its last", async () => {
    const { id, photos } = await galleryWithPhotos({}, 2);
    const stub = env.CLIENT_GALLERY.getByName(id);
    const { cookie } = await confirmedClient(id, "ana.hearts@example.com");
    const [first, second] = photos as [Uploaded, Uploaded];
    for (const favourite of ["true", "false", "true", "false", "true", "false"]) {
      await post(`/g/${id}/favourites`, { photo: first.id, favourite }, cookie);
    }
    await post(`/g/${id}/favourites`, { photo: second.id, favourite: "true" }, cookie);
    const rows = await runInDurableObject(stub, (instance: ClientGallery) => instance.activity(id));
    const hearts = rows.filter((row) => row.kind === "favourite" || row.kind === "unfavourite");
    expect(hearts.map((row) => [row.kind, row.detail])).toEqual([
      ["favourite", second.name],
      ["unfavourite", first.name],
    ]);
  });

  it("keeps events for the owner's retention, 180 days unless set", async () => {
    const { id } = await galleryWithPhotos({}, 1);
    const stub = env.CLIENT_GALLERY.getByName(id);
    await request(`/g/${id}`);
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec(
        "INSERT INTO activity (at, kind) VALUES (?, 'opened')",
        Date.now() - 181 * 86_400_000,
      );
      state.storage.sql.exec(
        "INSERT INTO activity (at, kind) VALUES (?, 'opened')",
        Date.now() - 179 * 86_400_000,
      );
    });
    await request(`/g/${id}`, { headers: { "CF-Connecting-IP": "198.51.100.10" } });
    const rows = await runInDurableObject(stub, (instance: ClientGallery) => instance.activity(id));
    expect(rows).toHaveLength(3);
  });
});

describe("a photograph the owner removes", () => {
  it("leaves the clients' selections in the Studio's document as it leaves the gallery", async () => {
    const { id, photos } = await galleryWithPhotos({}, 2);
    const [a, b] = photos as [Uploaded, Uploaded];
    const stub = env.CLIENT_GALLERY.getByName(id);
    const { cookie } = await confirmedClient(id, "ana.removed@example.com");
    for (const photo of [a, b]) {
      await post(`/g/${id}/favourites`, { photo: photo.id, favourite: "true" }, cookie);
    }
    await runDurableObjectAlarm(stub);
    const chosen = async () =>
      ((await galleryDocument(id))?.selections as { photos: string[] }[] | undefined)?.[0]?.photos;
    expect(await chosen()).toEqual([a.name, b.name]);
    expect(await removePhoto(id, a.id)).toBe(204);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await chosen()).toEqual([b.name]);
  });
});
