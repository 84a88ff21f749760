/**
 * An instance's short-lived copy of rows that every order reads and that change rarely (a pair row,
 * the flash config): read once per key and kept for `keepMs`. Callers that arrive while a key is
 * being read share that read; a failed read is not kept. `clear` drops every copy at once, for the
 * write paths of this instance; other instances see a change within `keepMs`.
 */
export function createKeptCopy<K, V>(read: (key: K) => Promise<V>, keepMs: number) {
  const copies = new Map<K, { value: Promise<V>; at: number }>();
  return {
    get(key: K): Promise<V> {
      const kept = copies.get(key);
      if (kept && Date.now() - kept.at < keepMs) return kept.value;
      const entry = { value: read(key), at: Date.now() };
      copies.set(key, entry);
      entry.value.catch(() => {
        if (copies.get(key) === entry) copies.delete(key);
      });
      return entry.value;
    },
    clear(): void {
      copies.clear();
    },
  };
}
