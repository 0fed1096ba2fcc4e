import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CHANGE, delivery, HOOK, hookEnv } from "../../tests/worker/deliveries.ts";
import { captureLogs } from "../../tests/worker/logs.ts";
import { configure } from "../config/middleware.ts";
import type { PurgeRequest } from "../content/purge.ts";
import { allowedMethods } from "../middleware/methods/index.ts";
import type { AppEnv } from "../request/app-env.ts";
import { type Purge, sanityWebhook } from "./webhook.ts";

/** The webhook alone, mounted where the app mounts it (behind its method guard), purging so. */
function hooksWith(purge: Purge) {
  const app = new Hono<AppEnv>().use(configure);
  app.use(allowedMethods(app));
  return app.route("/_app/hooks", sanityWebhook(purge));
}

/** The webhook with a purge that records what it was asked to purge, and succeeds. */
function recording() {
  const purges: PurgeRequest[] = [];
  const app = hooksWith(async (_, request) => {
    purges.push(request);
    return "purged";
  });
  return { app, purges };
}

/** The webhook with a purge that Workers Cache refuses. */
const failing = () => hooksWith(() => Promise.reject(new Error("rate limited")));

/** Sends `init` to the webhook of `app` on a site configured with `siteEnv`. */
const send = (app: Hono<AppEnv>, init: RequestInit, siteEnv: Env = hookEnv()) =>
  app.request(HOOK, init, siteEnv);

describe("sanityWebhook", () => {
  it("purges what the change shows and answers with what it purged", async () => {
    const { app, purges } = recording();
    captureLogs();
    const res = await send(app, await delivery({ ...CHANGE, accepted: true }));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const tags = ["post:autumn-in-the-basque-mountains", "posts", "photos", "search"];
    expect(purges).toEqual([{ tags }]);
    expect(await res.json()).toEqual({ purged: tags, cache: "purged" });
  });

  it.each([
    ["no signature", async () => ({ ...(await delivery(CHANGE)), headers: {} })],
    ["a wrong signature", () => delivery(CHANGE, { secret: "not-the-secret" })],
    ["a malformed signature", () => delivery(CHANGE, { signature: "t=1,v1=abc" })],
  ])("refuses %s with 401, purging nothing", async (_, make) => {
    const { app, purges } = recording();
    captureLogs();
    const res = await send(app, await make());
    expect(res.status).toBe(401);
    expect(purges).toEqual([]);
  });

  it("refuses every delivery while no secret is set, and says so in the log", async () => {
    const { app, purges } = recording();
    const logs = captureLogs();
    const res = await send(app, await delivery(CHANGE), { ...env, SANITY_WEBHOOK_SECRET: "" });
    expect(res.status).toBe(401);
    expect(purges).toEqual([]);
    expect(logs.text("error")).toContain("SANITY_WEBHOOK_SECRET is not set");
  });

  it("refuses a body over its limit with 413", async () => {
    const { app, purges } = recording();
    const huge = { ...CHANGE, padding: "x".repeat(70 * 1024) };
    const res = await send(app, await delivery(huge));
    expect(res.status).toBe(413);
    expect(purges).toEqual([]);
  });

  it.each(["PUT", "DELETE", "PATCH"])("answers %s with 405 and Allow: POST", async (method) => {
    const { app, purges } = recording();
    const res = await send(app, { method, body: "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
    expect(purges).toEqual([]);
  });

  it("is no page: a GET is told it takes a POST", async () => {
    const { app, purges } = recording();
    const res = await send(app, {});
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
    expect(purges).toEqual([]);
  });

  it("answers 503 when the purge fails, so Sanity delivers again", async () => {
    const logs = captureLogs();
    const res = await send(failing(), await delivery(CHANGE));
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("10");
    expect(logs.text("error")).toContain("rate limited");
  });

  it("refuses the same delivery sent again: no second purge", async () => {
    const { app, purges } = recording();
    const logs = captureLogs();
    const once = await delivery({ ...CHANGE, replayed: true });
    const first = await send(app, once);
    expect(first.status).toBe(200);
    for (let replay = 0; replay < 2; replay++) {
      const again = await send(app, once);
      expect(again.status).toBe(409);
    }
    expect(purges).toHaveLength(1);
    expect(logs.messages("warn")).toContain("Publish webhook refused: a delivery already received");
  });

  it("refuses a client gallery's or a booking copy's delivery sent again, too", async () => {
    const { app } = recording();
    captureLogs();
    for (const change of [
      { _id: "clientGallery.zzzzzzzzzzzzzzzzzzzzzzzzzz", _type: "clientGallery" },
      { _id: `booking.${crypto.randomUUID()}`, _type: "booking" },
    ]) {
      const once = await delivery({ ...change, operation: "update" });
      expect((await send(app, once)).status).toBe(200);
      expect((await send(app, once)).status).toBe(409);
    }
  });

  it.each([
    ["in 2021", Date.parse("2021-03-01T12:00:00Z")],
    ["six minutes ago", Date.now() - 6 * 60_000],
    ["six minutes ahead", Date.now() + 6 * 60_000],
  ])("refuses a delivery signed %s with 401", async (_, signedAt) => {
    const { app, purges } = recording();
    captureLogs();
    const res = await send(app, await delivery(CHANGE, { signedAt }));
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("expired");
    expect(purges).toEqual([]);
  });

  it("accepts Sanity's retry of a delivery whose purge failed", async () => {
    captureLogs();
    const once = await delivery({ ...CHANGE, retried: true });
    expect((await send(failing(), once)).status).toBe(503);
    const { app, purges } = recording();
    expect((await send(app, once)).status).toBe(200);
    expect(purges).toHaveLength(1);
  });
});
