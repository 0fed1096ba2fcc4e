import { beforeAll, describe, expect, it } from "vitest";
import {
  captureLogs,
  contentCalls,
  faultEnv,
  type LogLine,
  NO_IMAGES,
  POST_PATH,
  request,
  setFault,
  textOf,
} from "./harness.ts";

/**
 * Every content-service fault against every page type, with a cold cache (nothing stored) and
 * a warm one (stored but past its fresh time, so the service is asked again, and its last good
 * answer stands in when it fails). Each cell checks what the visitor gets and what the log gets.
 */

const PAGES = [
  { type: "home", path: "/", ownContent: true },
  { type: "page", path: "/portfolio", ownContent: true },
  { type: "post", path: POST_PATH, ownContent: true },
  { type: "blank (/200, slideshow only)", path: "/200", ownContent: false },
] as const;
type PageCase = (typeof PAGES)[number];

/** How each fault is set up on the stand-in. */
const FAULTS = {
  "500": () => setFault("500"),
  "503, then success": () => setFault("503", 2),
  "a time-out": () => setFault("hang"),
  "invalid JSON": () => setFault("invalid-json"),
  "a malformed answer": () => setFault("wrong-shape"),
  "an empty dataset": () => setFault("empty"),
  "connection refused": () => setFault("refused"),
} as const;
type Fault = keyof typeof FAULTS;
const FAILING: readonly Fault[] = [
  "500",
  "a time-out",
  "invalid JSON",
  "a malformed answer",
  "connection refused",
];

const SERVED_STALE = "Content unavailable; serving the last good result";
/** A page answers within 10 s whatever the service does. */
const ANSWER_BOUND_MS = 10_000;

/** One view of every page type at once (a hanging service then costs one time-out, not four). */
async function viewAll(testEnv: (page: PageCase) => Env) {
  return Promise.all(
    PAGES.map(async (page) => {
      const started = Date.now();
      const res = await request(page.path, { env: testEnv(page) });
      return { page, res, ms: Date.now() - started };
    }),
  );
}

const isSlideshowLine = (message: string) => message === "Slideshow unavailable";
const isSettingsLine = (message: string) => message.startsWith("Site settings unavailable");
const hasBackdrop = (html: string) => html.includes('class="backdrop"');
const linesFor = (lines: LogLine[], page: PageCase) =>
  lines.filter((line) => new URL(String(line.path ?? "/"), "http://x").pathname === page.path);

/** Each page's heading with the service healthy, to compare degraded answers with. */
const headings = new Map<string, string | undefined>();

beforeAll(async () => {
  const testEnv = faultEnv();
  for (const { page, res } of await viewAll(() => testEnv)) {
    expect(res.status, page.path).toBe(200);
    headings.set(page.path, textOf(res.body, "h1"));
  }
});

describe.each(Object.keys(FAULTS) as Fault[])("the content service gives %s", (fault) => {
  it("with a cold cache: the right status and page, each failure logged once", async () => {
    const envs = new Map(PAGES.map((page) => [page.path, faultEnv()]));
    await FAULTS[fault]();
    const logs = captureLogs();
    const views = await viewAll((page) => envs.get(page.path) as Env);
    const lines = logs.lines();

    for (const { page, res, ms } of views) {
      const logged = linesFor(lines, page);
      const where = `${page.path} (${fault}, cold)`;
      expect(ms, where).toBeLessThan(ANSWER_BOUND_MS);
      expect(res.body, where).not.toContain("stand-in");
      expect(res.body, where).not.toMatch(/\bat .+\.(?:ts|js):\d+/);
      // Never two lines for one failure.
      const messages = logged.map((line) => line.message);
      expect(new Set(messages).size, where).toBe(messages.length);

      if (fault === "503, then success") {
        // Retried: the visitor never sees the overload.
        expect(res.status, where).toBe(200);
        expect(textOf(res.body, "h1"), where).toBe(headings.get(page.path));
        expect(hasBackdrop(res.body), where).toBe(true);
        expect(logged, where).toEqual([]);
      } else if (fault === "an empty dataset") {
        // A project without content: home shows the site's own text, documents are missing.
        const missing = page.type === "page" || page.type === "post";
        expect(res.status, where).toBe(missing ? 404 : 200);
        if (missing) expect(textOf(res.body, "h1"), where).toBe("Page Not Found");
        else expect(textOf(res.body, "h1"), where).toBe(headings.get(page.path));
        expect(hasBackdrop(res.body), where).toBe(false);
        expect(messages, where).toEqual([NO_IMAGES]);
      } else if (page.ownContent) {
        // Nothing to show: the 500 page, with a reference and without the backdrop.
        expect(res.status, where).toBe(500);
        expect(textOf(res.body, "h1"), where).toBe("Internal Server Error");
        expect(res.body, where).toContain("Reference:");
        expect(hasBackdrop(res.body), where).toBe(false);
        // The page's one query failed: the page's error and the slideshow's, one line each; the
        // settings one warning (the worker's own settings stand in for them).
        expect(logged.map((line) => line.level).sort(), where).toEqual(["error", "error", "warn"]);
        expect(messages.filter(isSlideshowLine), where).toHaveLength(1);
        expect(messages.filter(isSettingsLine), where).toHaveLength(1);
      } else {
        // The slideshow is decoration: the page renders without it, the toggle disabled; the
        // page is framed by the worker's own settings.
        expect(res.status, where).toBe(200);
        expect(hasBackdrop(res.body), where).toBe(false);
        expect(res.body, where).toContain("No photographs to show");
        expect(logged.map((line) => line.level).sort(), where).toEqual(["error", "warn"]);
        expect(messages.filter(isSlideshowLine), where).toHaveLength(1);
        expect(messages.filter(isSettingsLine), where).toHaveLength(1);
      }
    }
  }, 30_000);

  it("with a warm cache: the last good page, each failed read logged once", async () => {
    const envs = new Map(
      PAGES.map((page) => [page.path, faultEnv({ CONTENT_FRESH_SECONDS: "0" })]),
    );
    const envFor = (page: PageCase) => envs.get(page.path) as Env;
    const warm = await viewAll(envFor);
    for (const { page, res } of warm) expect(res.status, page.path).toBe(200);

    await FAULTS[fault]();
    const logs = captureLogs();
    const views = await viewAll(envFor);
    const lines = logs.lines();

    for (const { page, res, ms } of views) {
      const logged = linesFor(lines, page);
      const where = `${page.path} (${fault}, warm)`;
      expect(ms, where).toBeLessThan(ANSWER_BOUND_MS);
      if (fault === "an empty dataset") {
        // An answer, not a failure: the site shows what the dataset holds now.
        const missing = page.type === "page" || page.type === "post";
        expect(res.status, where).toBe(missing ? 404 : 200);
        expect(hasBackdrop(res.body), where).toBe(false);
        continue;
      }
      expect(res.status, where).toBe(200);
      expect(textOf(res.body, "h1"), where).toBe(headings.get(page.path));
      expect(hasBackdrop(res.body), where).toBe(true);
      if (FAILING.includes(fault)) {
        // The page's one query (its content, the settings, the slideshow) was asked for again
        // and failed.
        const read = page.ownContent ? (page.type === "home" ? "home page" : page.type) : "layout";
        expect(
          logged.map((line) => `${line.message} (${line.content})`),
          where,
        ).toEqual([`${SERVED_STALE} (${read})`]);
      } else {
        expect(logged, where).toEqual([]);
      }
    }
  }, 30_000);
});

describe("a fresh cache", () => {
  it("answers every page type without asking the failing service", async () => {
    const testEnv = faultEnv();
    const warm = await viewAll(() => testEnv);
    await setFault("500");
    const before = await contentCalls();
    const logs = captureLogs();
    const views = await viewAll(() => testEnv);
    expect(await contentCalls()).toBe(before);
    for (const [index, { page, res }] of views.entries()) {
      expect(res.status, page.path).toBe(200);
      expect(res.body, page.path).toBe(warm[index]?.res.body);
    }
    expect(logs.lines()).toEqual([]);
  });
});
