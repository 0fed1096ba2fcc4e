import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, expect } from "vitest";
import { resetFaults } from "./harness.ts";

// The store's database has its schema, as `wrangler d1 migrations apply` gives a deploy's.
beforeAll(() => applyD1Migrations(env.STORE_DB, env.TEST_MIGRATIONS));

// The demo's originals are in their private bucket, as `npm start` puts them.
beforeAll(async () => {
  for (const name of env.ORIGINAL_FILES) {
    const key = `image-${name.replace(/\.jpg$/, "")}-jpg`;
    if (await env.ORIGINALS.head(key)) continue;
    const file = await fetch(`${env.ORIGINALS_URL}/${name}`);
    const httpMetadata = { contentType: "image/jpeg" };
    await env.ORIGINALS.put(key, await file.arrayBuffer(), { httpMetadata });
  }
});

// Every test starts with the fault stand-in forwarding to the demo content service.
afterEach(resetFaults);

/**
 * A rejection nobody awaited is a bug, not noise: a refused connection or a failed refresh must
 * end in the worker's own handling (a stale copy, an error page, a log line). Each test fails on
 * any that its requests left behind, naming them.
 */
const unhandled: string[] = [];
addEventListener("unhandledrejection", (event) => {
  unhandled.push(String(event.reason));
});
afterEach(() => {
  expect(unhandled.splice(0), "rejections nobody awaited").toEqual([]);
});
