// Moving a booked session as the owner does in the Studio (the "Move booking" action writes the
// new start into the booking's copy; the publish webhook tells the site), through the real
// worker, D1, the calendar's Durable Object and the Workflow: the time moves unless another
// booking keeps it, once whatever repeats; the reminders are planned again; the client gets the
// invitation that replaces the old one; the Studio's copy says what came of it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { announce, booked } from "./bookings.ts";
import { atFirstFetch, captureLogs, request } from "./harness.ts";
import { studioDocument, studioWrite } from "./store.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A time as the booking's page and e-mails write it (the demo site's English, the owner's zone). */
const written = (instant: number) =>
  new Intl.DateTimeFormat("en-GB", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "Europe/Madrid",
  }).format(instant);

/** The Studio's action: the new start, written into the booking's copy. */
async function askToMove(id: string, to: number | string) {
  await studioWrite({
    patch: {
      id: `booking.${id}`,
      set: {
        move: {
          to: typeof to === "number" ? new Date(to).toISOString() : to,
          requestedAt: new Date().toISOString(),
        },
      },
    },
  });
}

const row = (id: string) =>
  env.STORE_DB.prepare("SELECT start, end, block_start, moves, status FROM bookings WHERE id = ?")
    .bind(id)
    .first<{ start: number; end: number; block_start: number; moves: number; status: string }>();

const calendar = () => env.BOOKING_CALENDAR.getByName("owner");

describe("moving a booking", () => {
  it("moves the time, frees the old one, plans the reminders again and sends the new invitation, once", async () => {
    const { path, id, start } = await booked();
    const before = await row(id);
    // Late that evening (the owner's choice, outside their hours): no other test books then.
    const to = start + 10 * HOUR;
    await askToMove(id, to);
    const told = await announce(id);
    expect(told.status).toBe(200);
    // The record and the calendar keep the new time, length and buffers kept.
    expect(await row(id)).toMatchObject({
      start: to,
      end: (before?.end ?? 0) + to - start,
      block_start: (before?.block_start ?? 0) + to - start,
      moves: 1,
      status: "booked",
    });
    // The calendar keeps it at the new time, and so no longer at the old one (which other files'
    // clients may take at once, so this one does not try).
    expect((await calendar().held(id))?.slot.start).toBe(to);
    // The client: one e-mail, the old and new times, an invitation that replaces the old one.
    expect(told.sent).toHaveLength(1);
    const [mail] = told.sent;
    expect(mail?.to).toBe("ana@example.com");
    expect(mail?.subject).toMatch(/^Moved: Portrait session, now /);
    expect(mail?.text).toContain(
      `your Portrait session on ${written(start)} is moved to ${written(to)}.`,
    );
    const ics = String(mail?.attachments?.[0]?.content ?? "");
    expect(ics).toContain(`UID:${id}@`);
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain(
      `DTSTART:${new Date(to).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`,
    );
    // The reminders: the old life ended, a new one planned for the new time.
    expect((await (await env.BOOKING_LIFE.get(id)).status()).status).toBe("terminated");
    expect((await (await env.BOOKING_LIFE.get(`${id}-moved-1`)).status()).status).not.toBe(
      "terminated",
    );
    // The booking's page says the new time.
    const page = (await request(path)).body;
    expect(page).toContain(`Portrait session, ${written(to)}.`);
    // The owner's copy: the new start, the answer, the request cleared.
    expect(await studioDocument(`booking.${id}`)).toMatchObject({
      start: new Date(to).toISOString(),
      movedAt: expect.any(String),
      moveAnswer: expect.stringMatching(/^Moved/),
    });
    expect((await studioDocument(`booking.${id}`))?.move).toBeUndefined();
    // The webhook delivered again (Sanity retries; the copy changed): nothing more.
    const twice = await announce(id);
    expect(twice.sent).toHaveLength(0);
    expect((await row(id))?.moves).toBe(1);
  });

  it("tells the client, and plans the new time's reminders at Sanity's next delivery, when planning them failed after the record moved", async () => {
    const { id, start } = await booked();
    // A time far from every other test's.
    const to = start + 150 * DAY + 19 * HOUR;
    await askToMove(id, to);
    captureLogs();
    // Workflows cannot be reached the moment the moved booking's life is to be made.
    const down = () => Promise.reject(new Error("Workflows unavailable (a test's)"));
    const unreachable = { create: down, get: down } as unknown as Env["BOOKING_LIFE"];
    const cut = await announce(id, { BOOKING_LIFE: unreachable });
    expect(cut.status).toBeGreaterThanOrEqual(500);
    expect((await row(id))?.moves).toBe(1);
    // Sanity delivers again: the reminders are planned, the old ones ended.
    const again = await announce(id);
    expect(again.status).toBe(200);
    // The client was told of the new time once, whichever delivery told them.
    expect([...cut.sent, ...again.sent].map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Moved: Portrait session, now /),
    ]);
    expect((await (await env.BOOKING_LIFE.get(`${id}-moved-1`)).status()).status).not.toBe(
      "terminated",
    );
    expect((await (await env.BOOKING_LIFE.get(id)).status()).status).toBe("terminated");
    expect(await studioDocument(`booking.${id}`)).toMatchObject({
      moveAnswer: expect.stringMatching(/^Moved/),
    });
  });

  it("refuses a time another booking keeps, or one past, and says so in the copy", async () => {
    const first = await booked();
    const second = await booked();
    // Onto the other booking's time, half an hour after its start: refused, nothing changed.
    await askToMove(second.id, first.start + 1_800_000);
    const refused = await announce(second.id);
    expect(refused.status).toBe(200);
    expect(refused.sent).toHaveLength(0);
    expect(await row(second.id)).toMatchObject({ start: second.start, moves: 0 });
    expect(await studioDocument(`booking.${second.id}`)).toMatchObject({
      moveAnswer: expect.stringMatching(/^Not moved: another booking/),
    });
    // Into the past, to no time at all, or years ahead (a typo, or the last date there is):
    // refused too, each saying why, and answered at once.
    const logs = captureLogs();
    for (const [to, answer] of [
      [Date.now() - DAY, "Not moved: that time has passed."],
      ["not a date", "Not moved: that is not a date and time."],
      ["+020266-12-10T10:00:00.000Z", "Not moved: that time is more than two years ahead."],
      ["+275760-09-13T00:00:00.000Z", "Not moved: that time is more than two years ahead."],
    ] as const) {
      await askToMove(second.id, to);
      const told = await announce(second.id);
      expect(told.status).toBe(200);
      expect(told.sent).toHaveLength(0);
      expect(await studioDocument(`booking.${second.id}`)).toMatchObject({ moveAnswer: answer });
    }
    expect(logs.lines("error")).toEqual([]);
    expect((await calendar().held(second.id))?.slot.start).toBe(second.start);
  });

  it("leaves a second move asked while the first is carried out for its own delivery", async () => {
    const { id, start } = await booked();
    const [first, then] = [start + 2 * HOUR, start + 3 * HOUR];
    await askToMove(id, first);
    // The owner asks again the moment the site writes the first move's outcome into the copy.
    const asked = await atFirstFetch(
      "/data/mutate/",
      () => askToMove(id, then),
      async () => expect((await announce(id)).status).toBe(200),
    );
    expect(asked).toBe(true);
    expect((await row(id))?.start).toBe(first);
    expect((await studioDocument(`booking.${id}`))?.move).toMatchObject({
      to: new Date(then).toISOString(),
    });
    // Its own delivery carries it out.
    expect((await announce(id)).status).toBe(200);
    expect((await row(id))?.start).toBe(then);
    expect((await studioDocument(`booking.${id}`))?.move).toBeUndefined();
  });
  it("keeps the calendar and the record at one time when another move is half carried out", async () => {
    const { id, start } = await booked();
    // Half a year on, at night (the owner's choice): no other test's time is there.
    const [other, mine] = [start + 200 * DAY + 13 * HOUR, start + 200 * DAY + 16 * HOUR];
    // Another move has just moved the calendar (its first step), not yet the record.
    const length = ((await row(id))?.end ?? start) - start;
    const slot = (at: number) => ({ start: at, end: at + length, day: "" });
    expect(
      await calendar().move(id, start, slot(other), { start: other, end: other + length }),
    ).toBe("moved");
    await askToMove(id, mine);
    // This one is not carried out now: its delivery fails, for Sanity to make again.
    expect((await announce(id)).status).toBe(503);
    expect((await row(id))?.start).toBe(start);
    expect((await calendar().held(id))?.slot.start).toBe(other);
    // The other move's record step, as it comes (markMoved: the time and its buffers shifted
    // together; the buffers left behind, the next move's took the booked day's morning, which the
    // suite's other bookings keep, and was refused as taken); then the delivery made again moves
    // the booking.
    await env.STORE_DB.prepare(
      "UPDATE bookings SET start = start + ?1, end = end + ?1, block_start = block_start + ?1, block_end = block_end + ?1 WHERE id = ?2",
    )
      .bind(other - start, id)
      .run();
    expect((await announce(id)).status).toBe(200);
    expect((await row(id))?.start).toBe(mine);
    expect((await calendar().held(id))?.slot.start).toBe(mine);
  });
  it("answers in the copy though the site's own copy of the booking is written at that moment", async () => {
    const { id, start } = await booked();
    await askToMove(id, start + 5 * HOUR);
    // The copy changes (as the site's own write of the moved booking changes it) just before the
    // answer's write, which is made on the revision read.
    const answering = async (request: Request) =>
      request.url.includes("/data/mutate/") && (await request.text()).includes("ifRevisionID");
    const changed = await atFirstFetch(
      answering,
      () => studioWrite({ patch: { id: `booking.${id}`, set: { status: "booked" } } }),
      async () => expect((await announce(id)).status).toBe(200),
    );
    expect(changed).toBe(true);
    const copy = await studioDocument(`booking.${id}`);
    expect(copy?.moveAnswer).toMatch(/^Moved/);
    expect(copy?.move).toBeUndefined();
  });
});
