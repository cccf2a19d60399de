/**
 * What the server keeps in memory to answer again, within a number of bytes,
 * the least recently used going first: whole compressed pages
 * (server/page-cache.ts) and rendered articles
 * (app/guide/service/kept-pages.server.ts). An entry's size is measured when
 * it is set, and again when its holder says it grew (`remeasure`: a page's
 * brotli arriving later), so that the bound holds then too and what is taken
 * off when an entry goes is what was counted.
 */
export type BytesBoundedCache<K, V> = {
  /** The value, which now counts as the most recently used; undefined when it is not kept. */
  get(key: K): V | undefined;
  /** The value, without counting as a use. */
  peek(key: K): V | undefined;
  /** Keeps the value (in place of any kept under the key), letting the least recently used go past the bound. */
  set(key: K, value: V): void;
  /** Measures a kept value again after it changed; the others go as `set` lets them go. */
  remeasure(key: K): void;
  /** What the kept values count for together. */
  readonly bytes: number;
};

/**
 * `bytesKept`: the bound, or a function that gives it as it is now (the
 * caches' share of the memory budget is smaller while a render worker runs
 * beside them: server/memory-budget.ts). A bound made smaller is held from
 * the next `set` or `remeasure`, the least recently used going first.
 */
export function createBytesBoundedCache<K, V>(bytesKept: number | (() => number), sizeOf: (value: V) => number): BytesBoundedCache<K, V> {
  const bound = typeof bytesKept === "number" ? () => bytesKept : bytesKept;
  // Least recently used first.
  const entries = new Map<K, { value: V; bytes: number }>();
  let total = 0;
  // The entry just set or grown stays, even alone over the bound: it is being served.
  const letGoOver = (staying: K) => {
    const bytesKeptNow = bound();
    for (const [key, entry] of entries) {
      if (total <= bytesKeptNow) break;
      if (key === staying) continue;
      entries.delete(key);
      total -= entry.bytes;
    }
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    peek: (key) => entries.get(key)?.value,
    set(key, value) {
      const previous = entries.get(key);
      if (previous) total -= previous.bytes;
      entries.delete(key);
      const bytes = sizeOf(value);
      entries.set(key, { value, bytes });
      total += bytes;
      letGoOver(key);
    },
    remeasure(key) {
      const entry = entries.get(key);
      if (!entry) return;
      total -= entry.bytes;
      entry.bytes = sizeOf(entry.value);
      total += entry.bytes;
      letGoOver(key);
    },
    get bytes() {
      return total;
    },
  };
}
