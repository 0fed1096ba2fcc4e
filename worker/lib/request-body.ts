/** Bodies up to this size are read to the end even when refused; only larger ones are cut off. */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Reads and drops what a refused request sent. Answering before the body is consumed breaks
 * the upload's connection in the local proxy that `npm start` and `wrangler dev` put in front
 * of workerd, and the proxy then answers that request and others sharing the connection with
 * a 500 and a stack trace ("Network connection lost"). Cancelling a large upload does the
 * same, so bodies are drained whole up to a size no real form or fuzzer sends.
 */
export async function discardBody(request: Request): Promise<void> {
  const body = request.body;
  if (!body || body.locked) return;
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
 * The body as text, or null when it is longer than `limit` bytes (the declared length is
 * checked first; the rest of an oversized body is discarded, not left unread).
 */
export async function readText(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) {
    await discardBody(request);
    return null;
  }
  const body = request.body;
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      await discardBody(request);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
