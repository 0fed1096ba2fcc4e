// A least-recently-used cache bounded by total bytes: the worker's rendered pages and the
// demo service's transformed images. A Map iterates in insertion order, so re-inserting on
// read keeps the oldest entry first and eviction is just "delete the first key".
export class ByteLru<V> {
  readonly maxBytes: number;
  #bytes = 0;
  readonly #entries = new Map<string, { value: V; size: number }>();

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    // An entry larger than the whole budget would just flush everything else.
    if (size > this.maxBytes) return;
    this.#entries.set(key, { value, size });
    this.#bytes += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }
}
