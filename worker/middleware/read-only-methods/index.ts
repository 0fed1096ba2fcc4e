import type { MiddlewareHandler } from "hono";

const ALLOW = "GET, HEAD";

/** More than this is not read before answering 405: the rest of the body is cancelled. */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/**
 * Reads and drops what a refused request sent. Answering before the body is consumed makes
 * the local development proxy report "Network connection lost" (a 500 with a stack trace) to
 * the client; a small body is drained, a large one cancelled, so neither costs much.
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
