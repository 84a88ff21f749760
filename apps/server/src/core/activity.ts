/**
 * What this process is doing right now: requests in flight and job steps running. Shutdown waits
 * for them and, past its deadline, names the ones still running (SHUTDOWN_TIMEOUT_MS).
 */
export interface Activity {
  /** Marks the start of a piece of work; call the returned function when it ends (once). */
  begin(label: string): () => void;
  /** Work still running, oldest first, with how long it has run. */
  running(): { label: string; ms: number }[];
  /** A job loop notes whether it holds its lease after each renewal (the metrics read it). */
  leaseHeld(name: string, held: boolean): void;
  /** The leases of this process's job loops: name → held now. */
  leases(): ReadonlyMap<string, boolean>;
  /** A job loop notes each step that ran to its end without an error, and when (ms since the epoch). */
  stepSucceeded(name: string, at: number): void;
  /** Each job step's last success on this process: name → ms since the epoch. */
  stepSuccesses(): ReadonlyMap<string, number>;
}

export function createActivity(now: () => number = Date.now): Activity {
  const started = new Map<symbol, { label: string; at: number }>();
  const leases = new Map<string, boolean>();
  const successes = new Map<string, number>();
  return {
    stepSucceeded(name, at) {
      successes.set(name, at);
    },
    stepSuccesses: () => successes,
    leaseHeld(name, held) {
      leases.set(name, held);
    },
    leases: () => leases,
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
