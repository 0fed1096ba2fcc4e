import {
  decodeSignatureHeader,
  encodeSignatureHeader,
  isSignatureError,
  SIGNATURE_HEADER_NAME,
} from "@sanity/webhook";
import { type Context, Hono } from "hono";
import { bookingCopyChanged, bookingCopyOf } from "../booking/index.ts";
import type { PurgeRequest, PurgeResult } from "../content/purge.ts";
import { errorText, log } from "../lib/log.ts";
import { readText, releaseBody } from "../lib/request-body.ts";
import type { AppEnv } from "../request/app-env.ts";
import {
  DELIVERY_WINDOW_MS,
  type Delivery,
  forgetDelivery,
  recordDelivery,
} from "./publish-log.ts";
import { clientGalleryOf, purgeFor } from "./purge-plan.ts";

/** Purges the cache in front of the public pages (an injected function, so tests can watch). */
export type Purge = (c: Context<AppEnv>, request: PurgeRequest) => Promise<PurgeResult>;

/** Sanity's projections of one document are a few hundred bytes; anything near this is not one. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

const noStore = { "Cache-Control": "no-store" };

/**
 * `POST /_app/hooks/sanity`: Sanity calls it after every publish (a GROQ-powered webhook,
 * signed with SANITY_WEBHOOK_SECRET). The signature is checked before anything else is read;
 * then the delivery is recorded (publish-log.ts, which makes the purge again a little later)
 * and the pages that show the document are purged from Workers Cache. It answers 2xx only once
 * both happened, so Sanity delivers again after a failure.
 *
 * A delivery counts once, and only while it is new: one signed more than five minutes ago (or
 * from the future) is refused (401), and one already received is refused as a replay (409), so
 * whoever sees a delivery cannot purge the site's cache with it again. Sanity retries only
 * after 429 and 5xx answers, so neither refusal makes it deliver again.
 */
export function sanityWebhook(purge: Purge): Hono<AppEnv> {
  const hooks = new Hono<AppEnv>();
  // Other methods are the app's method guard's to refuse (worker/middleware/methods/).
  hooks.post("/sanity", async (c) => {
    const fields = { path: "/_app/hooks/sanity", requestId: c.get("requestId") };
    const secret = c.var.config.webhookSecret;
    const signature = c.req.header(SIGNATURE_HEADER_NAME);
    if (!secret || !signature) {
      await releaseBody(c.req.raw, c.var.config);
      if (!secret) log.error("Publish webhook refused: SANITY_WEBHOOK_SECRET is not set", fields);
      return c.text("401 Unauthorized: missing or invalid signature\n", 401, noStore);
    }
    const body = await readText(c.req.raw, MAX_WEBHOOK_BYTES, c.var.config);
    if (body === null) return c.text("413 Payload Too Large\n", 413, noStore);
    if (!(await signedBySanity(body, signature, secret))) {
      log.warn("Publish webhook refused: invalid signature", fields);
      return c.text("401 Unauthorized: missing or invalid signature\n", 401, noStore);
    }
    const delivery = deliveryOf(signature);
    if (Math.abs(Date.now() - delivery.signedAt) > DELIVERY_WINDOW_MS) {
      log.warn("Publish webhook refused: signed too long ago", fields);
      return c.text("401 Unauthorized: the signature has expired\n", 401, noStore);
    }

    let change: unknown;
    try {
      change = JSON.parse(body);
    } catch {
      return c.text("400 Bad Request: the body is not JSON\n", 400, noStore);
    }
    const gallery = clientGalleryOf(change);
    const booking = bookingCopyOf(change);
    const request = purgeFor(change);
    // What the change asks: a client gallery's settings read again, a booking copy's request
    // carried out, or pages purged.
    const work: { gallery: string } | { booking: string } | { request: PurgeRequest } | undefined =
      gallery !== undefined
        ? { gallery }
        : booking !== undefined
          ? { booking }
          : request
            ? { request }
            : undefined;
    if (!work) return c.json({ ignored: "a document visitors never see" }, 200, noStore);

    // Each delivery counts once, whatever it asks: one seen before is a replay.
    let recorded: boolean;
    try {
      recorded = await recordDelivery(
        c.env,
        delivery,
        "request" in work ? work.request : undefined,
      );
    } catch (error) {
      return unavailable(fields, error);
    }
    if (!recorded) {
      log.warn("Publish webhook refused: a delivery already received", fields);
      return c.text("409 Conflict: this delivery was already received\n", 409, noStore);
    }
    try {
      if ("gallery" in work) {
        await c.env.CLIENT_GALLERY.getByName(work.gallery).refresh(work.gallery);
        log.info("Client gallery change received; its settings were read again", fields);
        return c.json({ refreshed: "client gallery" }, 200, noStore);
      }
      if ("booking" in work) {
        await bookingCopyChanged(c, work.booking);
        return c.json({ read: "booking" }, 200, noStore);
      }
      const result = await purge(c, work.request);
      const purged = "everything" in work.request ? "everything" : work.request.tags;
      if (result === "unavailable") {
        log.info("Publish received; Workers Cache is not available here, purge skipped", fields);
      } else {
        log.info("Publish received; pages purged", { ...fields, purged: String(purged) });
      }
      return c.json({ purged, cache: result }, 200, noStore);
    } catch (error) {
      // Sanity retries after a 5xx: its retry must not be refused as a replay.
      await forgetDelivery(c.env, delivery).catch(() => {});
      return unavailable(fields, error);
    }
  });
  return hooks;
}

const encoder = new TextEncoder();

/**
 * Whether `signature` is Sanity's for `body` under `secret`. @sanity/webhook writes the signature
 * header; it is compared here in constant time, where the library's own check compares with
 * `!==`, which answers sooner the sooner the two differ (a caller timing many guesses learns how
 * much of one was right).
 */
async function signedBySanity(body: string, signature: string, secret: string): Promise<boolean> {
  try {
    const { timestamp } = decodeSignatureHeader(signature);
    const expected = encoder.encode(await encodeSignatureHeader(body, timestamp, secret));
    const given = encoder.encode(signature);
    return (
      given.byteLength === expected.byteLength && crypto.subtle.timingSafeEqual(given, expected)
    );
  } catch (error) {
    if (isSignatureError(error)) return false;
    throw error;
  }
}

/** The signature's parts: it was checked, so it is well-formed. */
function deliveryOf(signature: string): Delivery {
  const { timestamp, hashedPayload } = decodeSignatureHeader(signature);
  return { signature: hashedPayload, signedAt: timestamp };
}

function unavailable(fields: Record<string, string | undefined>, error: unknown): Response {
  log.error("Publish webhook failed; Sanity will deliver it again", {
    ...fields,
    error: errorText(error),
  });
  return new Response("503 Service Unavailable: try again\n", {
    status: 503,
    headers: { "Retry-After": "10", "Content-Type": "text/plain; charset=UTF-8", ...noStore },
  });
}

/** The default purge: through the cached entrypoint, whose cache only it may purge. */
export const purgePublicSite: Purge = (c, request) => {
  let site: Cloudflare.Exports["PublicSite"] | undefined;
  try {
    site = c.executionCtx.exports?.PublicSite;
  } catch {
    // No execution context (app.request in a module test): nothing to purge.
  }
  return site ? site.purge(request) : Promise.resolve("unavailable");
};
