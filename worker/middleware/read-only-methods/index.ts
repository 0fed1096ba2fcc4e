import type { MiddlewareHandler } from "hono";

const ALLOW = "GET, HEAD";

/** Bodies up to this size are read to the end before the 405; only larger ones are cut off. */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Reads and drops what a refused request sent. Answering before the body is consumed breaks
 * the upload's connection in the local proxy that `npm start` and `wrangler dev` put in front
 * of workerd, and the proxy then answers that request and others sharing the connection with
 * a 500 and a stack trace ("Network connection lost"). Cancelling a large upload does the
 * same, so bodies are drained whole up to a size no real form or fuzzer sends.
 */
async function discardBody(request: Request): Promise<void> {
  const body = request.body;
  if (!body) return;
  const reader = body.getReader();
  let read = 0;
  try {
    while (read <= DRAIN_LIMIT_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to discard.
  } finally {
    reader.releaseLock();
  }
}

/**
 * Pages are read-only: OPTIONS gets the allowed methods, anything else but GET and HEAD a 405
 * with an Allow header, before any route or error page runs.
 */
export const readOnlyMethods: MiddlewareHandler = async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return next();
  await discardBody(c.req.raw);
  if (method === "OPTIONS") return c.body(null, 204, { Allow: ALLOW });
  return c.text("405 Method Not Allowed", 405, { Allow: ALLOW });
};
