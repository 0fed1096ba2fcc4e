import { describe, expect, it } from "vitest";
import { ByteLru } from "../../lib/byte-lru.ts";
import { type CachedPage, freshPage } from "./index.ts";

describe("the page store", () => {
  const page = (body: string, expires = Number.POSITIVE_INFINITY) => ({
    body,
    headers: {},
    expires,
  });

  it("forgets a page once it expires", () => {
    const store = new ByteLru<CachedPage>(1000);
    store.set("a", page("<p>a</p>", 1000), 8);
    expect(freshPage(store, "a", 999)?.body).toBe("<p>a</p>");
    expect(freshPage(store, "a", 1000)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it("drops the least recently used page beyond its size", () => {
    const store = new ByteLru<CachedPage>(10);
    store.set("a", page("aaaa"), 4);
    store.set("b", page("bbbb"), 4);
    freshPage(store, "a", 0);
    store.set("c", page("cccc"), 4);
    expect(freshPage(store, "b", 0)).toBeUndefined();
    expect(freshPage(store, "a", 0)?.body).toBe("aaaa");
    expect(freshPage(store, "c", 0)?.body).toBe("cccc");
    expect(store.bytes).toBe(8);
  });

  it("refuses a page larger than all of it, keeping the others", () => {
    const store = new ByteLru<CachedPage>(10);
    store.set("a", page("aaaa"), 4);
    store.set("huge", page("x".repeat(11)), 11);
    expect(freshPage(store, "huge", 0)).toBeUndefined();
    expect(freshPage(store, "a", 0)?.body).toBe("aaaa");
  });
});
