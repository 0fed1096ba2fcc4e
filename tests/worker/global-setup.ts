import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { type CalendarStandIn, startCalendarStandIn } from "../../demo/calendar/server.ts";
import { leaveIdleClosingToClients } from "../../demo/server/http.ts";
import { type ContentService, startContentService } from "../../demo/server/server.ts";
import { type StoreStandIns, startStoreStandIns } from "../../demo/store/standins.ts";
import { startDemoContent } from "../../scripts/site-server.ts";
import { type FaultServer, startFaultServer } from "../support/fault-server.ts";
import { type MarkServer, startMarkServer } from "../support/mark-server.ts";
import { TEST_TOKEN } from "./test-token.ts";

declare module "vitest" {
  export interface ProvidedContext {
    contentUrl: string;
    faultUrl: string;
    faultControlUrl: string;
    mutableContentUrl: string;
    /** The store's settings, pointing at the stand-ins for Stripe and the lab. */
    storeVars: Record<string, string>;
    /** The stand-ins' control APIs (outside the real APIs' paths). */
    paymentsUrl: string;
    labUrl: string;
    markUrl: string;
    /** The demo's originals (for the ORIGINALS bucket), by their public copies' names. */
    originalsUrl: string;
    originals: string[];
    /** The owner's own calendar (its stand-in's secret ICS address). */
    calendarUrl: string;
  }
}

const ORIGINALS = resolve(import.meta.dirname, "../../demo/dataset/originals");
let originals: Server | undefined;

/**
 * The demo's originals for the worker's ORIGINALS bucket, which `npm start` fills with wrangler
 * (scripts/site-server.ts): workerd reads no files, so tests/worker/setup.ts fetches them here.
 */
async function serveOriginals(): Promise<string> {
  originals = createServer((req, res) => {
    const name = (req.url ?? "").slice(1);
    if (!readdirSync(ORIGINALS).includes(name)) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "image/jpeg" }).end(readFileSync(join(ORIGINALS, name)));
  });
  leaveIdleClosingToClients(originals);
  await new Promise<void>((done) => originals?.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(originals.address() as AddressInfo).port}`;
}

/**
 * How far ahead clients may book in the worker tests: each booking test holds a time of its own
 * (about sixty in a run, two a day at most), and the demo's six weeks, in December with the
 * owner's days off, have about fifty-six; the last tests of a run found the days taken.
 */
const BOOKING_DAYS_AHEAD = 120;

/** The Booking settings' days ahead, changed in the content service as the Studio changes it. */
async function bookAhead(contentUrl: string, days: number): Promise<void> {
  const res = await fetch(`${contentUrl}/v2025-02-19/data/mutate/production`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      mutations: [{ patch: { id: "bookingSettings", set: { daysAhead: days } } }],
    }),
  });
  if (!res.ok) throw new Error(`The booking settings were not changed: ${res.status}`);
}

let content: ContentService | undefined;
let emptyContent: ContentService | undefined;
let faults: FaultServer | undefined;
let mutableContent: ContentService | undefined;
let store: StoreStandIns | undefined;
let marks: MarkServer | undefined;
let calendar: CalendarStandIn | undefined;

/**
 * The worker tests talk to the real demo content service (which takes the test token for
 * writes, as the inquiry consumer writes to Sanity) and a stand-in that fails on purpose
 * over HTTP, plus a second copy of the demo that tests may change (drafts, scheduled posts,
 * settings) through Sanity's mutation API with the test token, without disturbing the others.
 */
export async function setup(project: TestProject) {
  content = await startDemoContent(0, TEST_TOKEN);
  await bookAhead(content.url, BOOKING_DAYS_AHEAD);
  mutableContent = await startDemoContent(0, TEST_TOKEN);
  emptyContent = await startContentService({
    datasetFile: resolve(import.meta.dirname, "../support/empty-dataset.ndjson"),
    imagesDir: resolve(import.meta.dirname, "../../demo/dataset/images"),
  });
  faults = await startFaultServer({ content: content.url, empty: emptyContent.url });
  project.provide("contentUrl", content.url);
  project.provide("faultUrl", faults.url);
  project.provide("faultControlUrl", faults.controlUrl);
  project.provide("mutableContentUrl", mutableContent.url);
  // The store's stand-ins. No webhook address: the worker is not listening on one in these
  // tests, so they read Stripe's events (and the lab's callbacks, which the lab tries once) from
  // the stand-ins and deliver them themselves.
  store = await startStoreStandIns({ lab: { callbackRetryDelaysMs: [] } });
  project.provide("storeVars", { ...store.vars });
  project.provide("paymentsUrl", store.payments.url);
  project.provide("labUrl", store.lab.url);
  marks = await startMarkServer();
  calendar = await startCalendarStandIn();
  project.provide("calendarUrl", calendar.url);
  project.provide("markUrl", marks.url);
  project.provide("originalsUrl", await serveOriginals());
  project.provide(
    "originals",
    readdirSync(ORIGINALS).filter((name) => name.endsWith(".jpg")),
  );
}

export async function teardown() {
  await faults?.close();
  await content?.close();
  await emptyContent?.close();
  await mutableContent?.close();
  await store?.close();
  await marks?.close();
  await calendar?.close();
  originals?.close();
}
