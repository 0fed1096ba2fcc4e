// Publishing: the signed webhook advances the content generation and purges exactly the pages
// that show the change from Workers Cache, so the next view anywhere is built from new content
// although older results are still fresh in the Cache API and the page is still kept in memory.
// Through the whole worker, the webhook's answer names what it purged; its refusals and what
// happens when a purge fails are tested on the webhook alone (worker/publishing/webhook.test.ts).

import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPY_KEY } from "../../worker/content/generation.ts";
import { TRUSTED_MS } from "../../worker/content/generation-store.ts";
import { CHANGE, delivery, generation, HOOK, hookEnv, WEBHOOK_SECRET } from "./deliveries.ts";
import {
  BOT_UA,
  captureLogs,
  contentCalls,
  faultEnv,
  isoFromNow,
  mutableEnv,
  mutate,
  paragraph,
  request,
  setFault,
  textOf,
} from "./harness.ts";

describe("the publish webhook", () => {
  it.each([
    ["a post", CHANGE, ["post:autumn-in-the-basque-mountains", "posts", "photos", "search"]],
    [
      "a renamed post (old and new address)",
      { ...CHANGE, slug: { current: "new-name" }, previousSlug: "old-name" },
      ["post:new-name", "post:old-name", "posts", "photos", "search"],
    ],
    [
      "a page",
      { _id: "p", _type: "page", slug: { current: "contact" } },
      ["page:contact", "pages", "photos", "search"],
    ],
    ["the settings", { _id: "siteSettings", _type: "siteSettings" }, ["settings"]],
    [
      "a media tag",
      { _id: "t", _type: "media.tag" },
      ["slideshow", "media-tags", "photos", "search"],
    ],
    ["an image asset", { _id: "image-a-1x1-jpg", _type: "sanity.imageAsset" }, "everything"],
    ["an unknown type", { _id: "x", _type: "somethingElse" }, "everything"],
    ["a post without a usable slug", { _id: "y", _type: "post", slug: null }, "everything"],
  ])("purges the right tags for %s and advances the generation", async (_, change, purged) => {
    captureLogs();
    const before = await generation();
    const res = await request(HOOK, { env: hookEnv(), ...(await delivery(change)) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      generation: before + 1,
      purged,
      cache: "unavailable",
    });
    expect(await generation()).toBe(before + 1);
  });

  it.each([
    ["a draft", { ...CHANGE, _id: "drafts.post-autumn" }],
    ["an inquiry from the contact form", { _id: "inquiry.0b0b1a2e-8e3f", _type: "inquiry" }],
    [
      "a store order's copy (the owner marked it shipped)",
      { _id: `order.${"a".repeat(32)}`, _type: "order" },
    ],
  ])("ignores %s, which no visitor sees", async (_, change) => {
    const before = await generation();
    const res = await request(HOOK, { env: hookEnv(), ...(await delivery(change)) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ignored: "a document visitors never see" });
    expect(await generation()).toBe(before);
  });

  it("skips the purge with one log line where there is no Workers Cache (locally)", async () => {
    const logs = captureLogs();
    const res = await request(HOOK, {
      env: hookEnv(),
      ...(await delivery(CHANGE)),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ cache: "unavailable" });
    expect(logs.messages().filter((message) => message.includes("purge skipped"))).toHaveLength(1);
  });
});

describe("after a publish", () => {
  const POST = "/post/publish-me";
  const base = {
    _id: "post-publish-me",
    _type: "post",
    slug: { _type: "slug", current: "publish-me" },
    publishedAt: isoFromNow(-3600),
  };

  beforeAll(async () => {
    await mutate({
      createOrReplace: { ...base, title: "Before the publish", body: [paragraph("p", "Old")] },
    });
  });
  afterAll(async () => {
    await mutate({ delete: { id: base._id } });
  });

  it("shows the new content on the next view, though the old is still fresh in every cache", async () => {
    const testEnv = mutableEnv({
      SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CONTENT_FRESH_SECONDS: "3600",
    });
    expect(textOf((await request(POST, { env: testEnv })).body, "h1")).toBe("Before the publish");

    await mutate({ patch: { id: base._id, set: { title: "After the publish" } } });
    // Without the webhook the content cache still answers: its result is fresh for an hour.
    const cached = await request(POST, { env: testEnv });
    expect(textOf(cached.body, "h1")).toBe("Before the publish");

    captureLogs();
    const hook = await request(HOOK, {
      env: testEnv,
      ...(await delivery({ _id: base._id, _type: "post", slug: { current: "publish-me" } })),
    });
    expect(hook.status).toBe(200);
    const next = await request(POST, { env: testEnv });
    expect(textOf(next.body, "h1")).toBe("After the publish");
    expect((await request("/", { env: testEnv })).body).toContain("After the publish");
  });

  it("is shown by another data centre once its copy of the generation stops vouching for what it cached", async () => {
    const testEnv = mutableEnv({ CONTENT_FRESH_SECONDS: "3600" });
    const before = await generation();
    await mutate({ patch: { id: base._id, set: { title: "Cached elsewhere" } } });
    expect(textOf((await request(POST, { env: testEnv })).body, "h1")).toBe("Cached elsewhere");
    await mutate({ patch: { id: base._id, set: { title: "Published elsewhere" } } });
    // A data centre whose copy was read a second before the publish: it renders what it
    // cached for at most TRUSTED_MS...
    const copy = (readAt: number) =>
      caches.default.put(
        COPY_KEY,
        Response.json({ value: before, readAt }, { headers: { "Cache-Control": "max-age=600" } }),
      );
    await copy(Date.now() - 1_000);
    expect(textOf((await request(POST, { env: testEnv })).body, "h1")).toBe("Cached elsewhere");
    // ...and once its copy is older than that, it reads the content again, without waiting
    // for the object that keeps the generation.
    await copy(Date.now() - TRUSTED_MS - 1);
    expect(textOf((await request(POST, { env: testEnv })).body, "h1")).toBe("Published elsewhere");
  });
});

describe("what the edge may keep", () => {
  const edge = (headers: Headers) => headers.get("Cloudflare-CDN-Cache-Control") ?? "";
  const tags = (headers: Headers) => (headers.get("Cache-Tag") ?? "").split(",").sort();

  it("keeps pages long when publishing purges them, tagged with what they show", async () => {
    const testEnv = hookEnv();
    const home = await request("/", { env: testEnv });
    expect(home.headers.get("Cache-Control")).toBe("no-cache");
    expect(edge(home.headers)).toBe(
      "public, max-age=86400, stale-while-revalidate=60, stale-if-error=86400",
    );
    expect(tags(home.headers)).toEqual(["posts", "settings", "slideshow"]);

    const post = await request("/post/autumn-in-the-basque-mountains", { env: testEnv });
    expect(tags(post.headers)).toEqual([
      "post:autumn-in-the-basque-mountains",
      "settings",
      "slideshow",
    ]);
    const page = await request("/portfolio", { env: testEnv });
    expect(tags(page.headers)).toEqual(["page:portfolio", "settings", "slideshow"]);
    const sitemap = await request("/sitemap.xml", { env: testEnv });
    expect(tags(sitemap.headers)).toEqual(["media-tags", "pages", "photos", "posts", "settings"]);
    expect(edge(sitemap.headers)).toContain("max-age=86400");
  });

  it("keeps pages only as long as content is fresh without a webhook", async () => {
    const home = await request("/");
    expect(edge(home.headers)).toBe(
      "public, max-age=60, stale-while-revalidate=60, stale-if-error=86400",
    );
  });

  it("keeps a page no longer than until the next scheduled post goes live", async () => {
    await mutate({
      createOrReplace: {
        _id: "post-soon",
        _type: "post",
        title: "Soon",
        slug: { _type: "slug", current: "soon" },
        publishedAt: isoFromNow(30),
      },
    });
    const home = await request("/", { env: mutableEnv({ SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET }) });
    const maxAge = Number(/max-age=(\d+)/.exec(edge(home.headers))?.[1]);
    expect(maxAge).toBeGreaterThan(20);
    expect(maxAge).toBeLessThanOrEqual(30);
    await mutate({ delete: { id: "post-soon" } });
  });

  // The edge keys on the URL only: whichever came first would be served to both for a minute
  // (a crawler probing a post before it is published would blank it for readers).
  it("keeps no not-found answer at the edge, as bots and people get different ones", async () => {
    const forBrowser = await request("/post/not-written-yet", { env: hookEnv() });
    captureLogs();
    const forBot = await request("/post/not-written-yet", { env: hookEnv(), userAgent: BOT_UA });
    expect([forBrowser.status, forBot.status]).toEqual([404, 404]);
    expect(forBot.body).not.toBe(forBrowser.body);
    for (const answer of [forBrowser, forBot]) {
      expect(answer.headers.get("Vary")).toContain("User-Agent");
      expect(edge(answer.headers)).toBe("no-store");
    }
  });

  it("stores no server error, and pages from stale content only briefly", async () => {
    captureLogs();
    const broken = await request("/", { env: { ...env, SANITY_DATASET: "Not Valid!" } });
    expect(broken.status).toBe(500);
    expect(edge(broken.headers)).toBe("no-store");

    const testEnv = faultEnv({ CONTENT_FRESH_SECONDS: "0", SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    await request("/contact", { env: testEnv });
    await setFault("500");
    const stale = await request("/contact", { env: testEnv });
    expect(stale.status).toBe(200);
    expect(edge(stale.headers)).toBe("public, max-age=15");
  });

  it("stores nothing for refused methods", async () => {
    const res = await request("/portfolio", { method: "POST", body: "x" });
    expect(res.status).toBe(405);
    expect(edge(res.headers)).toBe("no-store");
  });
});

describe("a shared content fetch", () => {
  it("does not keep a second request waiting past its own limit when the first one ends", async () => {
    const testEnv = faultEnv();
    await setFault("hang");
    captureLogs();
    const before = await contentCalls();
    const started = Date.now();
    const first = request("/contact", { env: testEnv });
    await new Promise((wait) => setTimeout(wait, 1500));
    // Joins the first request's fetch of the same queries.
    const second = request("/contact", { env: testEnv });
    const [a, b] = await Promise.all([first, second]);
    const took = Date.now() - started;
    expect(a.status).toBe(500);
    expect(b.status).toBe(500);
    // Each gives up at its own limit (8 s); nobody waits for a fetch that would never end.
    expect(took).toBeLessThan(1500 + 9500);
    // The second request shared the first one's fetches (settings, page, slideshow: each asked
    // once for both) instead of asking again.
    expect((await contentCalls()) - before).toBeLessThanOrEqual(3);
  }, 20_000);
});
