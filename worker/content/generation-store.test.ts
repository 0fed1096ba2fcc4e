import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type ContentGeneration, REPURGE_AFTER_MS } from "./generation-store.ts";

let instances = 0;
/** An instance of its own per test, so no test sees another's deliveries or alarms. */
const generation = () =>
  env.CONTENT_GENERATION.getByName(`generation-store-test-${Date.now()}-${++instances}`);

const delivery = (signature: string, signedAt = Date.now()) => ({ signature, signedAt });

/** The purges the instance will make again, by when. */
const pending = (state: DurableObjectState) =>
  [...state.storage.kv.list<unknown>({ prefix: "repurge:" })].map(([key, request]) => ({
    at: Number(key.slice("repurge:".length)),
    request,
  }));

describe("the content generation", () => {
  it("advances once per delivery and refuses the same delivery again", async () => {
    const stub = generation();
    const first = await stub.publish(delivery("a"), { tags: ["posts"] });
    expect(first).toBe(1);
    expect(await stub.publish(delivery("a"), { tags: ["posts"] })).toBeNull();
    expect(await stub.publish(delivery("b"), { everything: true })).toBe(2);
    expect(await stub.current()).toBe(2);
  });

  it("makes each publish's purge again once every data centre's copy has caught up", async () => {
    const stub = generation();
    const now = Date.now();
    await runInDurableObject(stub, async (object: ContentGeneration, state) => {
      await object.publish(delivery("a"), { tags: ["post:x", "posts"] }, now);
      await object.publish(delivery("b"), { tags: ["settings"] }, now + 1_000);
      expect(pending(state)).toEqual([
        { at: now + REPURGE_AFTER_MS, request: { tags: ["post:x", "posts"] } },
        { at: now + 1_000 + REPURGE_AFTER_MS, request: { tags: ["settings"] } },
      ]);
      // The first one's time is the alarm's.
      expect(await state.storage.getAlarm()).toBe(now + REPURGE_AFTER_MS);
    });
  });

  it("purges what is due when the alarm rings, and waits for the rest", async () => {
    const stub = generation();
    const now = Date.now();
    await runInDurableObject(stub, async (object: ContentGeneration, state) => {
      await object.publish(delivery("a"), { tags: ["posts"] }, now - REPURGE_AFTER_MS);
      await object.publish(delivery("b"), { tags: ["settings"] }, now + 60_000);
      await state.storage.setAlarm(Date.now());
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await runInDurableObject(stub, async (_: ContentGeneration, state) => {
      expect(pending(state)).toEqual([
        { at: now + 60_000 + REPURGE_AFTER_MS, request: { tags: ["settings"] } },
      ]);
      expect(await state.storage.getAlarm()).toBe(now + 60_000 + REPURGE_AFTER_MS);
    });
  });
});
