/**
 * Request bodies. At the edge, a body the answer does not need is simply left unread (or its
 * rest cancelled): nothing is spent on it. On a developer's machine workerd itself takes the
 * connection, and resets it when an answer leaves the body unread or cut off: the client's
 * request fails. Behind `wrangler dev`'s proxy, which keeps its connections to the worker for
 * later requests, the next request on it fails instead, with a 500 and a stack trace ("Network
 * connection lost"). There, every body is read to its end before the answer goes out.
 *
 * Hono's `bodyLimit` middleware refuses a declared or streamed length over its limit too, but
 * leaves the rest of the body unread, which is exactly what workerd punishes.
 */

/** Whether a form came from the page's script (client/runtime/send-form.ts), which takes JSON. */
export const wantsJson = (request: Request): boolean =>
  (request.headers.get("Accept") ?? "").includes("application/json");

/**
 * The most a visitor's form may send (the contact form, a client gallery's password, favourite,
 * name and note): a message of 10,000 characters and the rest of a form fit easily; more is
 * refused unread.
 */
export const FORM_BODY_LIMIT = 32 * 1024;

/**
 * Where the worker runs decides what an unneeded body costs: `development` (a developer's
 * machine, where workerd takes the connection) reads it to its end; anywhere else it is left
 * unread.
 */
export interface BodyPolicy {
  development: boolean;
}

/** A request, or an answer fetched from elsewhere: what has a body and says its length. */
type WithBody = Pick<Request, "headers" | "body">;

/** Done with a body the answer will not use: left unread at the edge, read whole locally. */
export async function releaseBody(request: WithBody, policy: BodyPolicy): Promise<void> {
  const body = request.body;
  if (!body || body.locked) return;
  await finish(policy, body.getReader());
}

/** What is left of a body once the answer no longer needs it (see above). */
async function finish(
  policy: BodyPolicy,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<void> {
  try {
    if (!policy.development) {
      await reader.cancel();
      return;
    }
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
    }
  } catch {
    // The client went away: nothing left to read.
  } finally {
    reader.releaseLock();
  }
}

/** The size the request declares (Content-Length), or undefined when it streams without one. */
function declaredLength(request: WithBody): number | undefined {
  const value = request.headers.get("Content-Length")?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * The body's bytes, or null when it is longer than `limit` bytes: a declared length over the
 * limit is refused before a byte is read, and a body that streams past the limit unannounced
 * is refused as soon as it does (what is left of either is released as above).
 */
export async function readBytes(
  request: WithBody,
  limit: number,
  policy: BodyPolicy,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = declaredLength(request);
  if (declared !== undefined && declared > limit) {
    await releaseBody(request, policy);
    return null;
  }
  const body = request.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await finish(policy, reader);
      return null;
    }
    chunks.push(value);
  }
  reader.releaseLock();
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as text, or null when it is longer than `limit` bytes (see readBytes). */
export async function readText(
  request: WithBody,
  limit: number,
  policy: BodyPolicy,
): Promise<string | null> {
  const bytes = await readBytes(request, limit, policy);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}
