// Booking (docs/booking.md): the free times' computation (the worker's own function, in Node's
// V8), the pages' weight, and holds under contention: many clients asking for one time at once,
// each from an address of its own (the per-visitor limit is not what is measured), through the
// real calendar Durable Object.

import type { RunningSite } from "../scripts/site-server.ts";
import { freeSlots, type Hours } from "../worker/booking/slots.ts";
import { issueStamp } from "../worker/inquiries/stamp.ts";
import { htmlSizes, recordAssets } from "./bytes.ts";
import { percentile } from "./load.ts";
import type { Row } from "./table.ts";
import { nextVisitor } from "./visitors.ts";

const section = "booking";
const kib = (bytes: number) => bytes / 1024;
const SLOTS_PAGE = "/book/portrait";

/** 90 days of the demo's hours on a 15-minute grid, with 60 times already taken. */
function slotsCpu(runs: number): { p50: number; p99: number; slots: number } {
  const hours: Hours = {
    timeZone: "Europe/Madrid",
    weekly: [2, 3, 4, 5, 6].flatMap((weekday) => [
      { weekday, from: "10:00", to: "13:00" },
      { weekday, from: "15:00", to: "19:00" },
    ]),
    datesOff: [],
    noticeMinutes: 24 * 60,
    daysAhead: 90,
    perDay: 2,
    stepMinutes: 15,
  };
  const shape = { durationMinutes: 60, bufferBeforeMinutes: 30, bufferAfterMinutes: 30 };
  const now = Date.now();
  const taken = Array.from({ length: 60 }, (_, i) => {
    const start = now + i * 30 * 3_600_000;
    return { start, end: start + 2 * 3_600_000, day: new Date(start).toISOString().slice(0, 10) };
  });
  const times: number[] = [];
  // One uncounted run first: its compile is the isolate's once, not each view's.
  let slots = freeSlots(hours, shape, taken, now).length;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    slots = freeSlots(hours, shape, taken, now).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), slots };
}

/** The free times the slot page offers (its radio buttons), on `day` or its first. */
async function offered(siteUrl: string, day?: string): Promise<number[]> {
  const url = new URL(SLOTS_PAGE, siteUrl);
  if (day) url.searchParams.set("day", day);
  const html = await (await fetch(url)).text();
  return [...html.matchAll(/name="start"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="start"/g)].map(
    (m) => Number(m[1] ?? m[2]),
  );
}

/** A form posted as a browser posts it, from `visitor`. */
const post = (site: RunningSite, path: string, fields: Record<string, string>, visitor: string) =>
  fetch(new URL(path, site.url), {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: new URL(site.url).origin,
      "CF-Connecting-IP": visitor,
    },
    body: new URLSearchParams(fields),
  });

/**
 * Contracts signed, one after another, each on a time held on a day of its own (from the last
 * day offered back): each signature's answer time (the PDF made, stored and recorded) and size.
 */
async function signings(site: RunningSite, days: (string | undefined)[], count: number) {
  const times: number[] = [];
  let bytes = 0;
  for (let each = 0; each < count; each++) {
    const [start] = await offered(site.url, days.at(-1 - each));
    if (start === undefined) throw new Error("No free time to hold");
    const visitor = nextVisitor();
    const stamp = (await issueStamp(site.vars.SANITY_TOKEN, Date.now() - 5_000)) ?? "";
    const held = await post(site, `${SLOTS_PAGE}/hold`, { start: String(start), stamp }, visitor);
    await held.arrayBuffer();
    const path = new URL(held.headers.get("Location") ?? "", site.url).pathname;
    const details = {
      name: "Ana Ruiz",
      email: "ana@example.com",
      "q-who": "Me",
      "q-place": "Outdoors",
    };
    await (await post(site, path, details, visitor)).arrayBuffer();
    // The signing form names the text its page showed (a hidden field), as a browser sends it.
    const page = await (await fetch(new URL(path, site.url))).text();
    const contract = /name="contract" value="([0-9a-f]{64})"/.exec(page)?.[1] ?? "";
    const began = performance.now();
    const signed = await post(
      site,
      `${path}/sign`,
      { contract, signature: "Ana Ruiz", consent: "yes" },
      visitor,
    );
    await signed.arrayBuffer();
    times.push(performance.now() - began);
    if (signed.status !== 303) throw new Error(`Signing answered ${signed.status}`);
    bytes = (await (await fetch(new URL(`${path}/contract.pdf`, site.url))).arrayBuffer())
      .byteLength;
  }
  return { times: times.toSorted((a, b) => a - b), bytes };
}

/** `clients` holds of one time at once: each answer's time, and how many held it. */
async function race(site: RunningSite, start: number, clients: number) {
  const stamp = (await issueStamp(site.vars.SANITY_TOKEN, Date.now() - 5_000)) ?? "";
  const answers = await Promise.all(
    Array.from({ length: clients }, async () => {
      const began = performance.now();
      const res = await fetch(new URL(`${SLOTS_PAGE}/hold`, site.url), {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: new URL(site.url).origin,
          "CF-Connecting-IP": nextVisitor(),
        },
        body: new URLSearchParams({ start: String(start), stamp }),
      });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - began };
    }),
  );
  return answers;
}

export async function bookingRows(site: RunningSite, quick: boolean): Promise<Row[]> {
  const cpu = slotsCpu(quick ? 20 : 200);
  const clients = 50;
  const rounds = quick ? 1 : 5;
  const times: number[] = [];
  let held = 0;
  let wrong = 0;
  const days = [
    ...new Set(
      (await (await fetch(new URL(SLOTS_PAGE, site.url))).text()).matchAll(/\?day=([\d-]{10})/g),
    ),
  ].map((m) => m[1]);
  for (let round = 0; round < rounds; round++) {
    // A day of its own per round: the demo takes two sessions a day at most.
    const [start] = await offered(site.url, days[round + 1]);
    if (start === undefined) throw new Error("No free time to hold");
    const answers = await race(site, start, clients);
    held += answers.filter((answer) => answer.status === 303).length;
    wrong += answers.filter((answer) => answer.status !== 303 && answer.status !== 409).length;
    times.push(...answers.map((answer) => answer.ms));
  }
  times.sort((a, b) => a - b);
  const signed = await signings(site, days, quick ? 2 : 6);
  const sessions = await htmlSizes(new URL("/book", site.url).href);
  const slotsPage = await htmlSizes(new URL(SLOTS_PAGE, site.url).href);
  const [assets] = await recordAssets([new URL(SLOTS_PAGE, site.url).href]);
  return [
    {
      section,
      metric: "free times of 90 days on a 15-minute grid (the worker's function), CPU p50",
      value: cpu.p50,
      unit: "ms",
      digits: 2,
      budget: { op: "<=", limit: 10 },
      note: `p99 ${cpu.p99.toFixed(2)} ms; ${cpu.slots} free times, 60 taken; in Node's V8`,
    },
    {
      section,
      metric: `a hold, ${clients} clients asking for one time at once, p50`,
      value: percentile(times, 50),
      unit: "ms",
      digits: 1,
      note: `${times.length} holds in ${rounds} round(s), each round a time of its own`,
    },
    {
      section,
      metric: `a hold, ${clients} clients at once, p99`,
      value: percentile(times, 99),
      unit: "ms",
      digits: 1,
      budget: { op: "<=", limit: 2000 },
    },
    {
      section,
      metric: "times held per round (of one asked for by all)",
      value: held / rounds,
      unit: "",
      budget: { op: "=", limit: 1 },
      note: `answers other than 303 (held) and 409 (just taken): ${wrong}`,
    },
    {
      section,
      metric: "signing a contract (its PDF made, stored in R2, recorded in D1), p50",
      value: percentile(signed.times, 50),
      unit: "ms",
      digits: 0,
      budget: { op: "<=", limit: 1500 },
      note: `${signed.times.length} signed one after another (the first also loads the PDF's code); slowest ${Math.round(signed.times.at(-1) ?? 0)} ms; a PDF ${(signed.bytes / 1024).toFixed(1)} KiB`,
    },
    {
      section,
      metric: "/book and /book/portrait HTML, gzip",
      value: kib(slotsPage.gzip),
      unit: "KiB",
      digits: 1,
      note: `/book ${kib(sessions.gzip).toFixed(1)} KiB; the value is /book/portrait's`,
    },
    {
      section,
      metric: "/book/portrait JS, gzip",
      value: kib(assets?.js.gzip ?? Number.NaN),
      unit: "KiB",
      digits: 1,
      budget: { op: "<=", limit: 70 },
      note: "the scripts every page starts with after its first paint: none of booking's own",
    },
  ];
}
