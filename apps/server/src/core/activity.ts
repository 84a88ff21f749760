/**
 * What this process is doing right now: requests in flight and job steps running. Shutdown waits
 * for them and, past its deadline, names the ones still running (SHUTDOWN_TIMEOUT_MS).
 */
export interface Activity {
  /** Marks the start of a piece of work; call the returned function when it ends (once). */
  begin(label: string): () => void;
  /** Work still running, oldest first, with how long it has run. */
  running(): { label: string; ms: number }[];
}

export function createActivity(now: () => number = Date.now): Activity {
  const started = new Map<symbol, { label: string; at: number }>();
  return {
    begin(label) {
      const id = Symbol(label);
      started.set(id, { label, at: now() });
      return () => void started.delete(id);
    },
    running() {
      const t = now();
      return [...started.values()].sort((a, b) => a.at - b.at).map((w) => ({ label: w.label, ms: t - w.at }));
    },
  };
}
