/**
 * One read shared by the callers that want it at the same moment, never older than the call: a
 * caller joins the read that has not been sent yet (those of the same event-loop turn go out
 * together), and a caller that comes while a read is out waits for the next one, since the one
 * out may have been answered before a change committed just ahead of this caller. So each caller
 * gets what a read of its own would have given, and a burst of callers costs one query per key.
 * A failed read fails the callers that shared it and is not kept.
 */
export function createFreshRead<K, V>(read: (key: K) => Promise<V>) {
  const out = new Map<K, Promise<unknown>>();
  const next = new Map<K, Promise<V>>();

  function send(key: K): Promise<V> {
    const sent = read(key);
    const settled = sent.then(
      () => {},
      () => {},
    );
    out.set(key, settled);
    void settled.then(() => {
      if (out.get(key) === settled) out.delete(key);
    });
    return sent;
  }

  return function freshRead(key: K): Promise<V> {
    const waiting = next.get(key);
    if (waiting) return waiting;
    const before = out.get(key) ?? Promise.resolve();
    const turn = new Promise<void>((resolve) => setImmediate(resolve));
    const shared = Promise.all([before, turn]).then(() => {
      next.delete(key);
      return send(key);
    });
    next.set(key, shared);
    return shared;
  };
}
