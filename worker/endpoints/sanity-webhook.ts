import { isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { purgeFor } from "../content/cache-tags.ts";
import { advanceGeneration } from "../generation/generation.ts";
import { log } from "../lib/log.ts";
import type { PurgeRequest, PurgeResult } from "../lib/purge.ts";
import { discardBody, readText } from "../lib/request-body.ts";

/** Purges the cache in front of the public pages (an injected function, so tests can watch). */
export type Purge = (c: Context<AppEnv>, request: PurgeRequest) => Promise<PurgeResult>;

/** Sanity's projections of one document are a few hundred bytes; anything near this is not one. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

const noStore = { "Cache-Control": "no-store" };

/**
 * `POST /_app/hooks/sanity`: Sanity calls it after every publish (a GROQ-powered webhook,
 * signed with SANITY_WEBHOOK_SECRET). The signature is checked before anything else is read;
 * then the content generation is advanced (so no data centre renders from content cached
 * before the publish) and the pages that show the document are purged from Workers Cache.
 * It answers 2xx only once both happened, so Sanity delivers again after a failure; a repeated
 * delivery does no harm (one more generation, one more purge).
 */
export function sanityWebhook(purge: Purge): Hono<AppEnv> {
  const hooks = new Hono<AppEnv>();
  hooks.all("/sanity", async (c) => {
    if (c.req.method !== "POST") {
      await discardBody(c.req.raw);
      return c.text("405 Method Not Allowed", 405, { Allow: "POST", ...noStore });
    }
    const fields = { path: "/_app/hooks/sanity", requestId: c.get("requestId") };
    const secret = c.env.SANITY_WEBHOOK_SECRET?.trim();
    const signature = c.req.header(SIGNATURE_HEADER_NAME);
    if (!secret || !signature) {
      await discardBody(c.req.raw);
      if (!secret) log.error("Publish webhook refused: SANITY_WEBHOOK_SECRET is not set", fields);
      return c.text("401 Unauthorized: missing or invalid signature\n", 401, noStore);
    }
    const body = await readText(c.req.raw, MAX_WEBHOOK_BYTES);
    if (body === null) return c.text("413 Payload Too Large\n", 413, noStore);
    if (!(await isValidSignature(body, signature, secret))) {
      log.warn("Publish webhook refused: invalid signature", fields);
      return c.text("401 Unauthorized: missing or invalid signature\n", 401, noStore);
    }

    let change: unknown;
    try {
      change = JSON.parse(body);
    } catch {
      return c.text("400 Bad Request: the body is not JSON\n", 400, noStore);
    }
    const request = purgeFor(change);
    if (!request) return c.json({ ignored: "a draft, which visitors never see" }, 200, noStore);

    try {
      const generation = await advanceGeneration(c.env);
      const result = await purge(c, request);
      const purged = "everything" in request ? "everything" : request.tags;
      if (result === "unavailable") {
        log.info("Publish received; Workers Cache is not available here, purge skipped", {
          ...fields,
          generation,
        });
      } else {
        log.info("Publish received; pages purged", {
          ...fields,
          generation,
          purged: String(purged),
        });
      }
      return c.json({ generation, purged, cache: result }, 200, noStore);
    } catch (error) {
      log.error("Publish webhook failed; Sanity will deliver it again", {
        ...fields,
        error: error instanceof Error ? error.message : String(error),
      });
      return c.text("503 Service Unavailable: try again\n", 503, {
        "Retry-After": "10",
        ...noStore,
      });
    }
  });
  return hooks;
}

/** The default purge: through the cached entrypoint, whose cache only it may purge. */
export const purgePublicSite: Purge = (c, request) => {
  let site: Cloudflare.Exports["PublicSite"] | undefined;
  try {
    site = c.executionCtx.exports?.PublicSite;
  } catch {
    // No execution context (app.request in a unit test): nothing to purge.
  }
  return site ? site.purge(request) : Promise.resolve("unavailable");
};
