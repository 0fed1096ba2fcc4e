import { DurableObject } from "cloudflare:workers";

const KEY = "generation";

/**
 * The content generation: a number that the publish webhook advances and that every rendered
 * page reads once. It is part of every content cache key and of the rendered-page cache key,
 * so after a publish no data centre renders a page from content it cached before it (those
 * caches cannot be purged globally). One instance for the whole site, in a Durable Object
 * because its storage is strongly consistent: once `advance` has returned, every later read
 * anywhere sees the new number.
 */
export class ContentGeneration extends DurableObject<Env> {
  current(): number {
    return this.ctx.storage.kv.get<number>(KEY) ?? 0;
  }

  advance(): number {
    const next = this.current() + 1;
    this.ctx.storage.kv.put(KEY, next);
    return next;
  }
}
