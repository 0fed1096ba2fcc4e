// Publishing: the signed webhook purges exactly the pages that show the change from Workers
// Cache, and with it set every render reads the content service, so the next view anywhere is
// built from new content although an older answer is still fresh in the content cache.
// Through the whole worker, the webhook's answer names what it purged; its refusals and what
// happens when a purge fails are tested on the webhook alone (worker/publishing/webhook.test.ts).

import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE, delivery, HOOK, hookEnv, WEBHOOK_SECRET } from "./deliveries.ts";
import {
  BOT_UA,
  captureLogs,
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
  ])("purges the right tags for %s", async (_, change, purged) => {
    captureLogs();
    const res = await request(HOOK, { env: hookEnv(), ...(await delivery(change)) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ purged, cache: "unavailable" });
  });

  it.each([
    ["a draft", { ...CHANGE, _id: "drafts.post-autumn" }],
    ["an inquiry from the contact form", { _id: "inquiry.0b0b1a2e-8e3f", _type: "inquiry" }],
    [
      "a store order's copy (the owner marked it shipped)",
      { _id: `order.${"a".repeat(32)}`, _type: "order" },
    ],
    ["a client's document", { _id: `client.${"b".repeat(32)}`, _type: "client" }],
    ["the insights' summary", { _id: "insights.summary", _type: "insightsSummary" }],
  ])("ignores %s, which no visitor sees", async (_, change) => {
    const res = await request(HOOK, { env: hookEnv(), ...(await delivery(change)) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ignored: "a document visitors never see" });
  });

  it("purges nothing for a booking's copy, only reads it for a cancellation asked there", async () => {
    const change = { _id: `booking.${crypto.randomUUID()}`, _type: "booking" };
    const res = await request(HOOK, { env: hookEnv(), ...(await delivery(change)) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ read: "booking" });
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

  it("shows the new content on the next view, though an older answer is still fresh in the content cache", async () => {
    // Without the webhook nothing tells the site of a publish: the content cache answers for
    // its fresh time (an hour here), as the edge keeps pages for it.
    const unhooked = mutableEnv({ CONTENT_FRESH_SECONDS: "3600" });
    expect(textOf((await request(POST, { env: unhooked })).body, "h1")).toBe("Before the publish");
    await mutate({ patch: { id: base._id, set: { title: "After the publish" } } });
    expect(textOf((await request(POST, { env: unhooked })).body, "h1")).toBe("Before the publish");

    // With it, a render (a miss of the edge, which the publish purged) reads the content service.
    const hooked = mutableEnv({
      SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CONTENT_FRESH_SECONDS: "3600",
    });
    captureLogs();
    const hook = await request(HOOK, {
      env: hooked,
      ...(await delivery({ _id: base._id, _type: "post", slug: { current: "publish-me" } })),
    });
    expect(hook.status).toBe(200);
    expect(textOf((await request(POST, { env: hooked })).body, "h1")).toBe("After the publish");
    expect((await request("/", { env: hooked })).body).toContain("After the publish");
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
      "posts",
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
