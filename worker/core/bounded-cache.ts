/**
 * The one in-memory cache of the Worker: a Map with a maximum size, least recently used entries
 * leaving first, and an optional time to live. Isolates live for many requests, so anything kept
 * at module level (keys, settings, prebuilt statements, answers) goes through this, bounded.
 */
export type BoundedCacheOptions = {
  /** Entries kept at most; the least recently used leaves first. */
  maxSize: number;
  /** How long an entry is trusted after it was set, in ms (forever when left out). */
  ttlMs?: number;
};

type Slot<V> = { value: V; expiresAt: number };

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, Slot<V>>();
  readonly #maxSize: number;
  readonly #ttlMs: number;

  constructor(options: BoundedCacheOptions) {
    if (!Number.isInteger(options.maxSize) || options.maxSize < 1)
      throw new RangeError("maxSize must be a whole number of at least 1");
    this.#maxSize = options.maxSize;
    this.#ttlMs = options.ttlMs ?? Number.POSITIVE_INFINITY;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The live value of `key` (now marked most recently used), or undefined when absent or expired. */
  get(key: K, now: number = Date.now()): V | undefined {
    const slot = this.#entries.get(key);
    if (!slot) return undefined;
    this.#entries.delete(key);
    if (slot.expiresAt <= now) return undefined;
    this.#entries.set(key, slot);
    return slot.value;
  }

  /** Keeps `value` for `key`, for `ttlMs` (the cache's unless given), evicting the least recently used when full. */
  set(key: K, value: V, options: { now?: number; ttlMs?: number } = {}): V {
    const now = options.now ?? Date.now();
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: now + (options.ttlMs ?? this.#ttlMs) });
    while (this.#entries.size > this.#maxSize) this.#entries.delete(this.#entries.keys().next().value as K);
    return value;
  }

  /** The live value of `key`, else `make()`'s, kept. */
  getOrSet(key: K, make: () => V, now: number = Date.now()): V {
    const found = this.get(key, now);
    return found !== undefined ? found : this.set(key, make(), { now });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
