import { describe, expect, it } from "vitest";
import type { ContentConfig } from "../config/content-config.ts";
import { type BackgroundTasks, cachedQuery, QueryTimeout } from "./content-cache.ts";

let configs = 0;

/** A configuration of its own per test, so no test reads another's cached results. */
function config(freshSeconds = 60, staleSeconds = 3600): ContentConfig {
  configs += 1;
  return {
    projectId: `content-cache-${Date.now().toString(36)}-${configs}`,
    dataset: "production",
    apiVersion: "2025-02-19",
    apiHost: undefined,
    token: undefined,
    useCdn: false,
    perspective: "published",
    freshSeconds,
    staleSeconds,
  };
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A content service that counts its calls and answers after `ms`, or fails when told to. */
function service(ms = 5) {
  const state = { calls: 0, fail: false, hang: false };
  const load = async () => {
    state.calls += 1;
    const call = state.calls;
    if (state.hang) return new Promise<never>(() => {});
    await wait(ms);
    if (state.fail) throw new Error(`call ${call} failed`);
    return { call };
  };
  return { state, load };
}

/** One request's read of the query; resolves once its background work (the store) is done. */
async function read(
  cfg: ContentConfig,
  load: () => Promise<{ call: number }>,
  options: { fallbackAfterMs?: number; uncached?: boolean; expiresAt?: number } = {},
) {
  const pending: Promise<unknown>[] = [];
  const ctx: BackgroundTasks = { waitUntil: (promise) => void pending.push(promise) };
  const failures: unknown[] = [];
  try {
    return {
      ...(await cachedQuery({
        config: cfg,
        ctx,
        query: "*[_type == 'page'][0]",
        params: {},
        load,
        deadlineMs: 2_000,
        fallbackAfterMs: options.fallbackAfterMs ?? 2_000,
        uncached: options.uncached ?? false,
        ...(options.expiresAt === undefined ? {} : { expiresAt: () => options.expiresAt }),
        onStale: (error) => failures.push(error),
      })),
      failures,
    };
  } finally {
    await Promise.allSettled(pending);
  }
}

describe("the content cache", () => {
  it("answers from the cache while the result is fresh", async () => {
    const cfg = config(60);
    const { state, load } = service();
    expect((await read(cfg, load)).result).toEqual({ call: 1 });
    expect((await read(cfg, load)).result).toEqual({ call: 1 });
    expect(state.calls).toBe(1);
  });

  it("asks the content service for every read when nothing is fresh (the publish webhook's case)", async () => {
    const cfg = config(0);
    const { state, load } = service();
    await read(cfg, load);
    expect((await read(cfg, load)).result).toEqual({ call: 2 });
    expect(state.calls).toBe(2);
  });

  it("serves the last good answer, marked stale, when the service fails", async () => {
    const cfg = config(0);
    const { state, load } = service();
    await read(cfg, load);
    state.fail = true;
    const answer = await read(cfg, load);
    expect(answer).toMatchObject({ result: { call: 1 }, stale: true });
    expect(answer.failures).toHaveLength(1);
  });

  it("waits for a hanging service only as long as it may when it has an answer to fall back on", async () => {
    const cfg = config(0);
    const { state, load } = service();
    await read(cfg, load);
    state.hang = true;
    const answer = await read(cfg, load, { fallbackAfterMs: 50 });
    expect(answer.result).toEqual({ call: 1 });
    expect(answer.failures[0]).toBeInstanceOf(QueryTimeout);
  });

  it("fails when the service fails and nothing, or nothing young enough, is kept", async () => {
    const { state, load } = service();
    state.fail = true;
    await expect(read(config(0), load)).rejects.toThrow("call 1 failed");

    const old = config(0, 0);
    state.fail = false;
    await read(old, load);
    state.fail = true;
    await expect(read(old, load)).rejects.toThrow("failed");
  });

  it("asks again once the result's own moment has passed (a scheduled post is due)", async () => {
    const cfg = config(3600);
    const { state, load } = service();
    await read(cfg, load, { expiresAt: Date.now() - 1 });
    await read(cfg, load);
    expect(state.calls).toBe(2);
  });

  it("reads past the cache, and keeps nothing, when told to", async () => {
    const cfg = config(3600);
    const { state, load } = service();
    await read(cfg, load, { uncached: true });
    await read(cfg, load);
    expect(state.calls).toBe(2);
  });
});
