import type { FastifyBaseLogger } from 'fastify';
import type { Lease } from './lease.ts';

/** One periodic piece of a background job: `run` must be idempotent (DESIGN.md §2). */
export interface JobStep {
  name: string;
  everyMs: number;
  run(now: Date): Promise<void>;
}

/** Renew the lease this often; its TTL must be well above it. */
const LEASE_RENEW_MS = 5000;

/**
 * Runs steps on their own timers while this instance holds the lease, so that with several
 * instances exactly one runs them. A step never overlaps itself; a slow step delays only itself.
 * A failing step is logged and tried again on its next turn.
 */
export function createJobLoop(deps: { lease: Lease; steps: readonly JobStep[]; log: FastifyBaseLogger }) {
  let held = false;
  let stopped = true;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();

  async function renew() {
    try {
      held = await deps.lease.acquire();
    } catch (err) {
      held = false;
      deps.log.warn({ err, lease: deps.lease.name }, 'job lease renewal failed');
    }
  }

  function schedule(step: JobStep) {
    let busy = false;
    timers.push(
      setInterval(() => {
        if (stopped || !held || busy) return;
        busy = true;
        const turn = step
          .run(new Date())
          .catch((err) => deps.log.error({ err, step: step.name }, 'job step failed'))
          .finally(() => {
            busy = false;
            running.delete(turn);
          });
        running.add(turn);
      }, step.everyMs),
    );
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await renew();
      timers.push(setInterval(() => void renew(), LEASE_RENEW_MS));
      for (const step of deps.steps) schedule(step);
    },
    /** Stops the timers, waits for running steps and gives the lease up. */
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const t of timers.splice(0)) clearInterval(t);
      await Promise.allSettled([...running]);
      if (held) await deps.lease.release().catch(() => undefined);
      held = false;
    },
  };
}
