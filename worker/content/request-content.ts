import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { type ContentSource, createContentSource } from "./content-source.ts";
import type { CacheContext } from "./edge-cache.ts";

function executionContext(c: Context): CacheContext {
  try {
    return c.executionCtx;
  } catch {
    // No execution context (app.request in a unit test): background refreshes just run.
    return { waitUntil: (promise) => void promise.catch(() => {}) };
  }
}

/**
 * The request's content source, created on first use and then shared by the page, the
 * backdrop and the page cache, so what one request read is judged as a whole.
 */
export function requestContent(c: Context<AppEnv>): ContentSource {
  const existing = c.get("content");
  if (existing) return existing;
  const source = createContentSource(c.env, executionContext(c), new URL(c.req.url).pathname, {
    // Routes that run before the generation is read (none that read content) count as unknown.
    generation: c.get("generation") ?? null,
    preview: c.get("preview") ?? false,
  });
  c.set("content", source);
  return source;
}
