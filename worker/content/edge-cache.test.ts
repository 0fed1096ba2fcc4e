import { describe, expect, it } from "vitest";
import type { ContentConfig } from "../config/content-config.ts";
import { type BackgroundTasks, cachedQuery, type LocalGeneration } from "./edge-cache.ts";

let configs = 0;

/** A configuration of its own per test, so no test reads another's cached results. */
function config(freshSeconds = 60): ContentConfig {
  configs += 1;
  return {
    projectId: `edge-cache-${Date.now().toString(36)}-${configs}`,
    dataset: "production",
    apiVersion: "2025-02-19",
    apiHost: undefined,
    token: undefined,
    useCdn: false,
    perspective: "published",
    freshSeconds,
    staleSeconds: 3600,
  };
}

/** Background work of a request, kept so the test can wait for it as the runtime would. */
function backgroundTasks() {
  const pending: Promise<unknown>[] = [];
  const ctx: BackgroundTasks = { waitUntil: (promise) => void pending.push(promise) };
  return { ctx, settled: () => Promise.allSettled(pending) };
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A content service that counts its calls and answers after `ms`, or fails when told to. */
function service(ms = 30) {
  const state = { calls: 0, failNext: 0 };
  const load = async () => {
    state.calls += 1;
    const call = state.calls;
    await wait(ms);
    if (state.failNext > 0) {
      state.failNext -= 1;
      throw new Error(`call ${call} failed`);
    }
    return { call };
  };
  return { state, load };
}

/** One request's read of the query, with its own background tasks. */
function read(
  cfg: ContentConfig,
  load: () => Promise<{ call: number }>,
  options: {
    deadlineMs?: number;
    onRefreshError?: (error: unknown) => void;
    generation?: LocalGeneration | null;
  } = {},
) {
  const { ctx, settled } = backgroundTasks();
  const result = cachedQuery({
    config: cfg,
    ctx,
    generation: options.generation === undefined ? { value: 1, trusted: true } : options.generation,
    query: "*[_type == 'page'][0]",
    params: {},
    load,
    deadlineMs: options.deadlineMs ?? 2_000,
    claimMs: 2_000,
    onRefreshError: options.onRefreshError ?? (() => {}),
  });
  return { result, settled };
}

describe("the edge cache under a burst", () => {
  it("makes one content call for many requests that miss the cache at once, each awaiting only its own I/O", async () => {
    const cfg = config();
    const { state, load } = service();
    const burst = Array.from({ length: 12 }, () => read(cfg, load));
    const answers = await Promise.all(burst.map((request) => request.result));
    await Promise.all(burst.map((request) => request.settled()));
    expect(state.calls).toBe(1);
    expect(answers.map((answer) => answer.result)).toEqual(answers.map(() => ({ call: 1 })));
  });

  it("refreshes a stale entry once for a burst, serving the stale result to all of it at once", async () => {
    const cfg = config(0);
    const { state, load } = service();
    const first = read(cfg, load);
    await first.result;
    await first.settled();
    const burst = Array.from({ length: 8 }, () => read(cfg, load));
    const answers = await Promise.all(burst.map((request) => request.result));
    expect(answers.every((answer) => answer.stale && answer.result.call === 1)).toBe(true);
    await Promise.all(burst.map((request) => request.settled()));
    expect(state.calls).toBe(2);
  });

  it("fails a burst with the one fetch it waited for, without asking a failing service again", async () => {
    const cfg = config();
    const { state, load } = service();
    state.failNext = 1;
    const leader = read(cfg, load);
    const followers = Array.from({ length: 4 }, () => read(cfg, load));
    // Every outcome awaited at once: a follower may fail before the leader's failure is read.
    const outcomes = await Promise.allSettled([leader, ...followers].map((r) => r.result));
    const reasons = outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "answered"));
    expect(reasons[0]).toMatch("call 1 failed");
    for (const reason of reasons.slice(1)) {
      expect(reason).toMatch(/did not answer this query for another request/);
    }
    expect(state.calls).toBe(1);
    await Promise.all([leader, ...followers].map((request) => request.settled()));
    // The next request asks again, and gets the answer.
    const next = read(cfg, load);
    expect((await next.result).result).toEqual({ call: 2 });
    await next.settled();
  });

  it("gives up waiting at its own deadline, not at the other request's", async () => {
    const cfg = config();
    const { load } = service(400);
    const leader = read(cfg, load, { deadlineMs: 2_000 });
    const impatient = read(cfg, load, { deadlineMs: 50 });
    await expect(impatient.result).rejects.toThrow(/No answer within 50 ms/);
    expect((await leader.result).result).toEqual({ call: 1 });
    await Promise.all([leader.settled(), impatient.settled()]);
  });
});

describe("the edge cache and this data centre's copy of the generation", () => {
  const untrusted = { value: 1, trusted: false };

  it("asks the content service when the copy is too old to vouch for a fresh result", async () => {
    const cfg = config();
    const { state, load } = service();
    const first = read(cfg, load);
    expect((await first.result).result).toEqual({ call: 1 });
    await first.settled();
    const doubted = read(cfg, load, { generation: untrusted });
    const answer = await doubted.result;
    expect(answer.result).toEqual({ call: 2 });
    expect(answer.stale).toBeUndefined();
    await doubted.settled();
    // What it fetched is kept under the same generation, for requests that can trust it.
    const trusting = read(cfg, load);
    expect((await trusting.result).result).toEqual({ call: 2 });
    expect(state.calls).toBe(2);
  });

  it("serves the cached result, marked stale, when the service fails and the copy is doubted", async () => {
    const cfg = config();
    const { state, load } = service();
    const first = read(cfg, load);
    await first.result;
    await first.settled();
    state.failNext = 1;
    const errors: unknown[] = [];
    const doubted = read(cfg, load, {
      generation: untrusted,
      onRefreshError: (error) => errors.push(error),
    });
    const answer = await doubted.result;
    expect(answer).toMatchObject({ result: { call: 1 }, stale: true, freshUntil: 0 });
    expect(String(errors[0])).toContain("call 2 failed");
    await doubted.settled();
  });

  it("reads from the service and keeps nothing while the data centre has no copy yet", async () => {
    const cfg = config();
    const { state, load } = service();
    for (const _ of [1, 2]) {
      const cold = read(cfg, load, { generation: null });
      expect((await cold.result).freshUntil).toBe(0);
      await cold.settled();
    }
    expect(state.calls).toBe(2);
  });
});
