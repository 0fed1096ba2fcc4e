// `/book` through the real worker: the demo's session types and hours from the demo content
// service, the free times from the calendar's real Durable Object, a hold taken through the form
// as a client's browser posts it, and what a bad or hostile post gets (nothing held).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { demoBusyDay } from "../../demo/calendar/server.ts";
import { CALENDAR } from "../../worker/booking/calendar.ts";
import { issueStamp } from "../../worker/inquiries/stamp.ts";
import { form, holdingDays } from "./bookings.ts";
import { inOneRateWindow, ORIGIN, request, runCron, TEST_TOKEN } from "./harness.ts";

let visitors = 0;
/** A visitor address of its own per call, so the per-visitor limit is each test's own. */
const newVisitor = () => `2001:db8:b00c:${(++visitors).toString(16)}::1`;

/** The free times the page offers (the form's radio buttons), in its order. */
const startsOn = (html: string) =>
  [...html.matchAll(/<input[^>]*name="start"[^>]*>/g)].map((m) =>
    Number(/value="(\d+)"/.exec(m[0])?.[1]),
  );

/** A stamp of a form opened `ago` ms before now, as the slot page signs it. */
const openedAgo = async (ago: number) => (await issueStamp(TEST_TOKEN, Date.now() - ago)) ?? "";

function hold(
  session: string,
  fields: Record<string, string>,
  {
    visitor = newVisitor(),
    origin = ORIGIN,
    testEnv = env,
  }: { visitor?: string; origin?: string; testEnv?: Env } = {},
) {
  return request(`/book/${session}/hold`, {
    env: testEnv,
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "CF-Connecting-IP": visitor,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The last day `/book/{session}` offers that any test may hold on (holdingDays). */
async function holdingDay(session: string): Promise<string> {
  return (await holdingDays(session)).at(-1) ?? `/book/${session}`;
}

/** Holds the first free time of `session` on its holding day; its held page's address. */
async function heldTime(session: string): Promise<string> {
  const [start] = startsOn((await request(await holdingDay(session))).body);
  if (start === undefined) throw new Error("no free time offered");
  const res = await hold(session, { start: String(start), stamp: await openedAgo(5_000) });
  expect(res.status).toBe(303);
  return res.headers.get("Location") ?? "";
}

/** Posts the held page's form as a browser does. */
const sendDetails = (path: string, fields: Record<string, string>, origin = ORIGIN) =>
  request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams(fields).toString(),
  });

describe("booking a session", () => {
  it("lists the owner's kinds of session with their length, price and deposit, kept by no cache", async () => {
    const res = await request("/book");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.body).toContain("Portrait session");
    expect(res.body).toContain("Family afternoon");
    expect(res.body).toContain("60 minutes");
    expect(res.body).toContain("€250.00");
    expect(res.body).toContain("Deposit to book: €75.00");
    expect(res.body).toContain('href="/book/portrait"');
  });

  it("offers free times a day at a time, in the owner's hours and zone, as a form without JavaScript", async () => {
    const res = await request("/book/portrait");
    expect(res.status).toBe(200);
    expect(res.body).toContain("Europe/Madrid");
    const starts = startsOn(res.body);
    expect(starts.length).toBeGreaterThan(0);
    const madrid = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Madrid",
      hourCycle: "h23",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
    });
    for (const start of starts) {
      // At least a day's notice; Tuesday to Saturday, 10–13 and 15–19 (an hour's session).
      expect(start).toBeGreaterThan(Date.now() + 24 * 3_600_000 - 60_000);
      const [weekday, time] = madrid.format(start).split(" ");
      expect(["Tue", "Wed", "Thu", "Fri", "Sat"]).toContain(weekday);
      expect(["10:00", "11:00", "12:00", "15:00", "16:00", "17:00", "18:00"]).toContain(time);
    }
    // Another day is a link; its page offers that day's times.
    const days = [...res.body.matchAll(/href="\/book\/portrait\?day=(\d{4}-\d{2}-\d{2})"/g)].map(
      (m) => m[1],
    );
    expect(days.length).toBeGreaterThan(1);
    const later = await request(`/book/portrait?day=${days[1]}`);
    const laterStarts = startsOn(later.body);
    expect(laterStarts.length).toBeGreaterThan(0);
    expect(laterStarts.some((start) => starts.includes(start))).toBe(false);
  });

  it("shows each time on the visitor's clock too, where Cloudflare places them in another zone", async () => {
    const from = (timezone: string) => request("/book/portrait", { cf: { timezone } });
    const madrid = await from("Europe/Madrid");
    expect(madrid.body).not.toContain("where you are");
    const owners = startsOn(madrid.body);
    const newYork = await from("America/New_York");
    expect(newYork.body).toContain("Beside each, the time where you are (America/New_York).");
    expect(startsOn(newYork.body)).toEqual(owners);
    const [first] = owners;
    if (first === undefined) throw new Error("no free time offered");
    // In the English pages' locale (en-GB).
    const there = new Intl.DateTimeFormat("en-GB", {
      hour: "numeric",
      minute: "2-digit",
      timeZone: "America/New_York",
    }).format(first);
    expect(newYork.body).toContain(`${there} where you are`);
    // Across the date line the weekday is said too; a zone Cloudflare does not know, nothing.
    const tokyo = await from("Asia/Tokyo");
    expect(tokyo.body).toMatch(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}:\d{2} where you are/);
    expect((await from("Mars/Olympus_Mons")).body).not.toContain("where you are");
  });

  it("holds a free time for the client, and then offers it to nobody else", async () => {
    const day = await holdingDay("family-afternoon");
    const page = await request(day);
    const [start] = startsOn(page.body);
    if (start === undefined) throw new Error("no free time offered");
    const held = await hold("family-afternoon", {
      start: String(start),
      stamp: await openedAgo(5_000),
    });
    expect(held.status).toBe(303);
    const location = held.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/book\/held\/[0-9a-f-]{36}$/);
    const mine = await request(location);
    expect(mine.status).toBe(200);
    expect(mine.body).toContain("This time is held for you");
    expect(mine.body).toContain("Family afternoon");
    // When it lapses, on the client's own clock, saying which it is.
    expect(mine.body).toMatch(/yours until \d{1,2}:\d{2} CET;/);
    const fromNewYork = await request(location, { cf: { timezone: "America/New_York" } });
    expect(fromNewYork.body).toMatch(/yours until \d{1,2}:\d{2} GMT-5;/);
    // The same time again, by another client: taken, with what is still free.
    const again = await hold("family-afternoon", {
      start: String(start),
      stamp: await openedAgo(5_000),
    });
    expect(again.status).toBe(409);
    expect(again.body).toContain("That time was just taken");
    expect(startsOn(again.body)).not.toContain(start);
    expect(startsOn((await request(day)).body)).not.toContain(start);
  });

  it("holds nothing for a bad or hostile post, and says why", async () => {
    const [start] = startsOn((await request("/book/portrait")).body);
    if (start === undefined) throw new Error("no free time offered");
    const stamp = await openedAgo(5_000);
    // A time the hours do not offer (a Sunday at night), or none at all.
    const sunday = await hold("portrait", { start: String(Date.UTC(2027, 0, 3, 23)), stamp });
    expect(sunday.status).toBe(409);
    expect((await hold("portrait", { start: "soon", stamp })).status).toBe(400);
    expect((await hold("portrait", { stamp })).status).toBe(400);
    // Sent before a person could have chosen, with no stamp, or with one we did not sign.
    const fast = await hold("portrait", { start: String(start), stamp: await openedAgo(500) });
    expect(fast.status).toBe(400);
    expect(fast.body).toContain("Please take a moment to choose");
    expect((await hold("portrait", { start: String(start) })).status).toBe(400);
    const forged = `${Date.now() - 5_000}.${"A".repeat(43)}`;
    expect((await hold("portrait", { start: String(start), stamp: forged })).status).toBe(400);
    // From another site's page: refused before anything runs.
    const elsewhere = await hold(
      "portrait",
      { start: String(start), stamp },
      { origin: "https://evil.example" },
    );
    expect(elsewhere.status).toBe(403);
    // A kind of session that does not exist, a hold nobody made.
    expect((await hold("wedding", { start: String(start), stamp })).status).toBe(404);
    expect((await request("/book/wedding")).status).toBe(404);
    const unknown = await request(`/book/held/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("This hold has lapsed or does not exist");
    expect((await request("/book/held/../../etc")).status).toBe(404);
    // The time is still free for a real client.
    expect(startsOn((await request("/book/portrait")).body)).toContain(start);
  });

  it("never offers a time the owner is busy in their own calendar (its feed), and reads it every five minutes", async () => {
    const madrid = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Madrid",
      hourCycle: "h23",
      hour: "2-digit",
      minute: "2-digit",
    });
    const day = demoBusyDay();
    const page = (await request(`/book/portrait?day=${day}`)).body;
    expect(page).toMatch(new RegExp(`href="/book/portrait\\?day=${day}"[^>]*aria-current="date"`));
    const times = startsOn(page).map((start) => madrid.format(start));
    // Busy from 15:00 to 19:00; a cancelled event at 11:00 and one marked free at 12:00 are not.
    expect(times).toContain("11:00");
    expect(times).toContain("12:00");
    expect(times.filter((time) => time >= "15:00")).toEqual([]);
    // The Cron Trigger reads the feed again.
    const calendar = env.BOOKING_CALENDAR.getByName(CALENDAR);
    const before = (await calendar.busyRead())?.readAt ?? 0;
    await runCron("*/5 * * * *");
    expect((await calendar.busyRead())?.readAt).toBeGreaterThan(before);
    expect(await calendar.busy()).not.toEqual([]);
  });

  it("asks for Turnstile's pass where the owner turned it on, and holds nothing without it", async () => {
    const withTurnstile = {
      ...env,
      TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
      TURNSTILE_SECRET_KEY: "secret",
    };
    const page = await request("/book/portrait", { env: withTurnstile });
    expect(page.body).toContain('class="cf-turnstile" data-sitekey="1x00000000000000000000AA"');
    expect(page.headers.get("Content-Security-Policy")).toContain("challenges.cloudflare.com");
    expect((await request("/book/portrait")).body).not.toContain("cf-turnstile");
    const [start] = startsOn(page.body);
    if (start === undefined) throw new Error("no free time offered");
    const refused = await hold(
      "portrait",
      { start: String(start), stamp: await openedAgo(5_000) },
      { testEnv: withTurnstile },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toContain("Please confirm that you are a person.");
    expect(startsOn((await request("/book/portrait")).body)).toContain(start);
  });

  it("lets one visitor hold at most five times a minute", async () => {
    const visitor = newVisitor();
    const starts = startsOn((await request(await holdingDay("portrait"))).body);
    const statuses: number[] = [];
    await inOneRateWindow();
    // Held or already taken, each try counts.
    for (let each = 0; each < 6; each++) {
      const start = starts[each % starts.length];
      const res = await hold(
        "portrait",
        { start: String(start), stamp: await openedAgo(5_000) },
        { visitor },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 303 || status === 409)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(
      (
        await hold(
          "portrait",
          { start: String(starts[0]), stamp: await openedAgo(5_000) },
          { visitor },
        )
      ).headers.get("Retry-After"),
    ).toBe("60");
  });

  it("keeps one visitor to three times held with their details at once", async () => {
    const visitor = newVisitor();
    await inOneRateWindow();
    const answers = [];
    for (const day of (await holdingDays("portrait")).slice(-4)) {
      const [start] = startsOn((await request(day)).body);
      const res = await hold(
        "portrait",
        { start: String(start), stamp: await openedAgo(5_000) },
        { visitor },
      );
      answers.push(res);
      if (res.status !== 303) continue;
      // Made-up details keep a time held as a client's would.
      const details = await form(res.headers.get("Location") ?? "", {
        name: "X",
        email: "x@example.com",
        "q-who": "x",
        "q-place": "Outdoors",
      });
      expect(details.status).toBe(303);
    }
    expect(answers.map((res) => res.status)).toEqual([303, 303, 303, 429]);
    expect(answers.at(-1)?.body).toContain(
      "You are holding as many times as one visitor can. Finish booking one of them",
    );
  });

  it("speaks German at /de/book", async () => {
    const res = await request("/de/book/portrait");
    expect(res.status).toBe(200);
    expect(res.body).toContain('lang="de"');
    expect(res.body).toContain("Eine Zeit für Porträt-Shooting wählen");
    expect(res.body).toContain('action="/de/book/portrait/hold"');
  });

  it("keeps the client's details and answers with their hold, each problem said at its field", async () => {
    const path = await heldTime("portrait");
    const page = await request(path);
    expect(page.body).toContain("Who will be in the photographs? *");
    expect(page.body).toContain('name="q-place"');
    expect(page.body).toContain('value="In the studio"');
    // Nothing answered, an address nobody can write to, a choice the owner did not offer.
    const refused = await sendDetails(path, {
      name: "Ana Ruiz",
      email: "ana@",
      "q-who": "",
      "q-place": "On the moon",
      "q-dog": "maybe",
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toContain("Please correct the answers marked below.");
    expect(refused.body).toContain("Please answer this.");
    expect(refused.body).toContain("Please give an e-mail address we can write to.");
    expect(refused.body).toContain("Please choose one of the answers.");
    expect(refused.body).toMatch(
      /id="q-who"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="q-who"/,
    );
    // What was typed comes back, to be corrected rather than typed again.
    expect(refused.body).toContain('value="Ana Ruiz"');
    const long = await sendDetails(path, {
      name: "Ana Ruiz",
      email: "ana@example.com",
      "q-who": "x".repeat(2_001),
      "q-place": "Outdoors",
    });
    expect(long.status).toBe(422);
    expect(long.body).toContain("At most 2,000 characters, please.");
    // Nothing was kept by the refusals.
    expect((await request(path)).body).not.toContain("your answers are kept");
    const kept = await sendDetails(path, {
      name: "Ana Ruiz",
      email: "ana@example.com",
      "q-who": "Me and <b>Lola</b>, my spaniel",
      "q-place": "Outdoors",
      "q-dog": "yes",
    });
    expect(kept.status).toBe(303);
    expect(kept.headers.get("Location")).toBe(path);
    const after = (await request(path)).body;
    expect(after).toContain("Thank you, Ana Ruiz: your answers are kept with your time.");
    expect(after).toContain("Me and &lt;b&gt;Lola&lt;/b&gt;, my spaniel");
    expect(after).not.toContain("<b>Lola</b>");
  });

  it("keeps no details for a hold that lapsed or was never made, nor from another site", async () => {
    const fields = { name: "Eve", email: "eve@example.com", "q-address": "Here" };
    const never = await sendDetails(`/book/held/${crypto.randomUUID()}`, fields);
    expect(never.status).toBe(404);
    expect(never.body).toContain("This hold has lapsed or does not exist");
    const path = await heldTime("family-afternoon");
    expect((await sendDetails(path, fields, "https://evil.example")).status).toBe(403);
    expect((await request(path)).body).not.toContain("Thank you, Eve");
  });
});
