import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BackgroundTasks } from "./edge-cache.ts";
import { COPY_KEY, localGeneration, publishDelivery } from "./generation.ts";
import { TRUSTED_MS } from "./generation-store.ts";

let caches_ = 0;
/** A Cache API cache of its own per test: one data centre's, with no copy in it yet. */
const dataCentre = () => caches.open(`generation-test-${Date.now()}-${++caches_}`);

/** A request's background work, kept so the test can wait for it as the runtime would. */
function request() {
  const pending: Promise<unknown>[] = [];
  const tasks: BackgroundTasks = { waitUntil: (promise) => void pending.push(promise) };
  return { tasks, done: () => Promise.allSettled(pending) };
}

/**
 * An object of the test's own in place of the site's one instance, answering `current` (and
 * `publish`) as told: a publish on the real one would move every other test's cache keys once
 * their data centre's copy is next renewed.
 */
const objectAnswering = (
  current: () => Promise<number>,
  publish?: () => Promise<number | null>,
): Env => ({
  ...env,
  CONTENT_GENERATION: {
    getByName: () => ({ current, publish }),
  } as unknown as Env["CONTENT_GENERATION"],
});

const never = () => new Promise<number>(() => {});

describe("this data centre's copy of the content generation", () => {
  it("answers without waiting for the object: none at first, its number once renewed", async () => {
    const cache = await dataCentre();
    const current = await env.CONTENT_GENERATION.getByName("site").current();
    const first = request();
    expect((await localGeneration(env, first.tasks, cache)).copy).toBeNull();
    await first.done();
    const next = request();
    expect((await localGeneration(env, next.tasks, cache)).copy).toEqual({
      value: current,
      trusted: true,
    });
    await next.done();
  });

  it("never waits for an object that does not answer", async () => {
    const cache = await dataCentre();
    const hung = request();
    // The renewal hangs in the background; the answer is there at once.
    expect((await localGeneration(objectAnswering(never), hung.tasks, cache, 0)).copy).toBeNull();
  });

  it("vouches for cached content only while the copy is recent, renewing it past half that time", async () => {
    const cache = await dataCentre();
    let reads = 0;
    const counting = objectAnswering(async () => {
      reads += 1;
      return 7;
    });
    const start = Date.now();
    const first = request();
    expect((await localGeneration(counting, first.tasks, cache, start)).renewing).toBe(true);
    await first.done();
    expect(reads).toBe(1);
    const fresh = request();
    expect((await localGeneration(counting, fresh.tasks, cache, start)).copy).toEqual({
      value: 7,
      trusted: true,
    });
    await fresh.done();
    expect(reads).toBe(1);
    // Past half the trusted time: still trusted, renewed in the background.
    const later = request();
    expect(
      (await localGeneration(counting, later.tasks, cache, start + TRUSTED_MS / 2 + 1_000)).copy,
    ).toEqual({ value: 7, trusted: true });
    expect(reads).toBe(2);
    await later.done();
    // A copy nobody renewed for longer than the trusted time no longer vouches for anything.
    const stale = await dataCentre();
    await stale.put(
      COPY_KEY,
      Response.json(
        { value: 7, readAt: start - TRUSTED_MS - 1 },
        { headers: { "Cache-Control": "max-age=600" } },
      ),
    );
    const quiet = request();
    expect((await localGeneration(objectAnswering(never), quiet.tasks, stale, start)).copy).toEqual(
      {
        value: 7,
        trusted: false,
      },
    );
  });

  it("holds back no data centre's renewal for another one's that hangs", async () => {
    const now = Date.now();
    const hung = request();
    expect(
      (await localGeneration(objectAnswering(never), hung.tasks, await dataCentre(), now)).renewing,
    ).toBe(true);
    const other = request();
    expect((await localGeneration(env, other.tasks, await dataCentre(), now)).renewing).toBe(true);
    await other.done();
  });

  it("keeps the webhook's number when a renewal that read the object before the publish ends after it", async () => {
    const cache = await dataCentre();
    let answer: (value: number) => void = () => {};
    const object = objectAnswering(
      () => new Promise<number>((resolve) => (answer = resolve)),
      async () => 8,
    );
    const renewal = request();
    expect((await localGeneration(object, renewal.tasks, cache)).copy).toBeNull();
    const delivery = { signature: `generation-test-${Date.now()}`, signedAt: Date.now() };
    expect(await publishDelivery(object, delivery, { tags: ["posts"] }, cache)).toBe(8);
    answer(7);
    await renewal.done();
    const after = request();
    expect((await localGeneration(objectAnswering(never), after.tasks, cache)).copy).toEqual({
      value: 8,
      trusted: true,
    });
    await after.done();
  });
});
