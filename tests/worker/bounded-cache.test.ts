import { describe, expect, it } from "vitest";
import { BoundedCache } from "../../worker/core/bounded-cache";

describe("the bounded cache", () => {
  it("keeps at most maxSize entries, the least recently used leaving first", () => {
    const cache = new BoundedCache<string, number>({ maxSize: 2 });
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the most recently used
    cache.set("c", 3);
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
  });

  it("forgets an entry once its time to live has passed, and a per-entry TTL overrides the cache's", () => {
    const cache = new BoundedCache<string, string>({ maxSize: 10, ttlMs: 1000 });
    cache.set("k", "v", { now: 0 });
    expect(cache.get("k", 999)).toBe("v");
    expect(cache.get("k", 1000)).toBeUndefined();
    expect(cache.size).toBe(0); // the expired entry is dropped when read
    cache.set("long", "kept", { now: 0, ttlMs: 5000 });
    expect(cache.get("long", 4999)).toBe("kept");
  });

  it("makes a missing value once with getOrSet and keeps it", () => {
    const cache = new BoundedCache<number, string>({ maxSize: 3 });
    let made = 0;
    const make = () => `value ${++made}`;
    expect(cache.getOrSet(1, make)).toBe("value 1");
    expect(cache.getOrSet(1, make)).toBe("value 1");
    expect(made).toBe(1);
  });

  it("replaces a key without growing, deletes and clears", () => {
    const cache = new BoundedCache<string, number>({ maxSize: 2 });
    cache.set("a", 1);
    cache.set("a", 2);
    expect(cache.size).toBe(1);
    expect(cache.get("a")).toBe(2);
    cache.set("b", 3);
    cache.delete("a");
    expect(cache.get("a")).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("refuses a size below 1", () => {
    expect(() => new BoundedCache({ maxSize: 0 })).toThrow(RangeError);
  });
});
