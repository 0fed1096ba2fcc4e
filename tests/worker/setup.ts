import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, expect } from "vitest";
import { localGeneration } from "../../worker/content/generation.ts";
import { resetFaults } from "./harness.ts";

// The tests run in a data centre that has served before: it has its copy of the content
// generation (worker/content/generation.test.ts covers the first view of one that has none).
beforeAll(async () => {
  // The store's database has its schema, as `wrangler d1 migrations apply` gives a deploy's.
  await applyD1Migrations(env.STORE_DB, env.TEST_MIGRATIONS);
  const renewals: Promise<unknown>[] = [];
  await localGeneration(env, { waitUntil: (promise) => void renewals.push(promise) });
  await Promise.all(renewals);
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
