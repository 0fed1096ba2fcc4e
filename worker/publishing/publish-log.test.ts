import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  DELIVERY_WINDOW_MS,
  type PublishLog,
  REPURGE_AFTER_MS,
  REPURGE_RETRY_MS,
} from "./publish-log.ts";

let instances = 0;
/** An instance of its own per test, so no test sees another's deliveries or alarms. */
const publishLog = () => env.PUBLISH_LOG.getByName(`publish-log-test-${Date.now()}-${++instances}`);

const delivery = (signature: string, signedAt = Date.now()) => ({ signature, signedAt });

/** The purges the instance will make again, by when. */
const pending = (state: DurableObjectState) =>
  [...state.storage.kv.list<unknown>({ prefix: "repurge:" })].map(([key, request]) => ({
    at: Number.parseInt(key.slice("repurge:".length), 10),
    request,
  }));

describe("the publish log", () => {
  it("records each delivery once, refuses it again, and lets a forgotten one through", async () => {
    const stub = publishLog();
    expect(await stub.record(delivery("a"), { tags: ["posts"] })).toBe(true);
    expect(await stub.record(delivery("a"), { tags: ["posts"] })).toBe(false);
    expect(await stub.record(delivery("b"), { everything: true })).toBe(true);
    await stub.forget(delivery("a"));
    expect(await stub.record(delivery("a"), { tags: ["posts"] })).toBe(true);
  });

  it("forgets deliveries signed long before the window, not one signed just inside it", async () => {
    const stub = publishLog();
    const now = Date.now();
    await runInDurableObject(stub, async (object: PublishLog) => {
      await object.record(delivery("a", now - 11 * 60_000), { tags: ["posts"] }, now);
      expect(await object.record(delivery("a", now - 11 * 60_000), { tags: ["posts"] })).toBe(true);
      // The webhook let this one through a moment before its window ended; here, it has.
      const edge = now - DELIVERY_WINDOW_MS + 50;
      expect(await object.record(delivery("b", edge), { tags: ["posts"] }, now)).toBe(true);
      expect(await object.record(delivery("b", edge), { tags: ["posts"] }, now + 100)).toBe(false);
    });
  });

  it("keeps the purges of publishes in the same millisecond apart", async () => {
    const stub = publishLog();
    const now = Date.now();
    await runInDurableObject(stub, async (object: PublishLog, state) => {
      await object.record(delivery("same-1"), { tags: ["post:x"] }, now);
      await object.record(delivery("same-2"), { tags: ["post:y"] }, now);
      expect(pending(state).filter((each) => each.at === now + REPURGE_AFTER_MS)).toEqual([
        { at: now + REPURGE_AFTER_MS, request: { tags: ["post:x"] } },
        { at: now + REPURGE_AFTER_MS, request: { tags: ["post:y"] } },
      ]);
    });
  });

  it("makes each publish's purge again once a render begun before it has reached the edge", async () => {
    const stub = publishLog();
    const now = Date.now();
    await runInDurableObject(stub, async (object: PublishLog, state) => {
      await object.record(delivery("a"), { tags: ["post:x", "posts"] }, now);
      await object.record(delivery("b"), { tags: ["settings"] }, now + 1_000);
      expect(pending(state)).toEqual([
        { at: now + REPURGE_AFTER_MS, request: { tags: ["post:x", "posts"] } },
        { at: now + 1_000 + REPURGE_AFTER_MS, request: { tags: ["settings"] } },
      ]);
      // The first one's time is the alarm's.
      expect(await state.storage.getAlarm()).toBe(now + REPURGE_AFTER_MS);
    });
  });

  it("purges what is due when the alarm rings, and waits for the rest", async () => {
    const stub = publishLog();
    const now = Date.now();
    await runInDurableObject(stub, async (object: PublishLog, state) => {
      await object.record(delivery("a"), { tags: ["posts"] }, now - REPURGE_AFTER_MS);
      await object.record(delivery("b"), { tags: ["settings"] }, now + 60_000);
      await state.storage.setAlarm(Date.now());
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await runInDurableObject(stub, async (_: PublishLog, state) => {
      expect(pending(state)).toEqual([
        { at: now + 60_000 + REPURGE_AFTER_MS, request: { tags: ["settings"] } },
      ]);
      expect(await state.storage.getAlarm()).toBe(now + 60_000 + REPURGE_AFTER_MS);
    });
  });

  it("tries a second purge that failed again a minute later, for as long as it fails", async () => {
    const stub = publishLog();
    const now = Date.now();
    await runInDurableObject(stub, async (object: PublishLog, state) => {
      await object.record(delivery("a"), { tags: ["posts"] }, now - REPURGE_AFTER_MS);
      // Workers Cache refuses purges for a while (the one thing the alarm asks of anything).
      const exports = state.exports;
      Object.defineProperty(state, "exports", {
        configurable: true,
        value: {
          PublicSite: () => ({
            purge: () => Promise.reject(new Error("Workers Cache refused the purge (a test's)")),
          }),
        },
      });
      for (let ring = 0; ring < 8; ring++) {
        const rang = Date.now();
        await object.alarm();
        expect(pending(state)).toEqual([{ at: now, request: { tags: ["posts"] } }]);
        expect(await state.storage.getAlarm()).toBeGreaterThanOrEqual(rang + REPURGE_RETRY_MS);
      }
      Object.defineProperty(state, "exports", { configurable: true, value: exports });
      await object.alarm();
      expect(pending(state)).toEqual([]);
    });
  });
  it("purges everything when the publishes due name more tags than one purge may", async () => {
    const stub = publishLog();
    const now = Date.now();
    await runInDurableObject(stub, async (object: PublishLog, state) => {
      // A release publishes 120 posts at once; Cloudflare refuses a purge of over 100 tags.
      for (let post = 0; post < 120; post++) {
        await object.record(
          delivery(`post-${post}`),
          { tags: [`post:p${post}`, "posts"] },
          now - REPURGE_AFTER_MS,
        );
      }
      const purges: unknown[] = [];
      Object.defineProperty(state, "exports", {
        configurable: true,
        value: {
          PublicSite: () => ({
            purge: async (request: { tags?: string[] }) => {
              purges.push(request);
              if ((request.tags?.length ?? 0) > 100) throw new Error("Too many tags (a test's)");
            },
          }),
        },
      });
      await object.alarm();
      expect(purges).toEqual([{ everything: true }]);
      expect(pending(state)).toEqual([]);
    });
  });
});
