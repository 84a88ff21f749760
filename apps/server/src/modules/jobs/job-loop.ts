import type { FastifyBaseLogger } from 'fastify';
import type { Activity } from '../../core/activity.ts';
import type { Executor } from '../../db/client.ts';
import type { Message } from '../../i18n/i18n.ts';
import type { Lease } from './lease.ts';

/**
 * One periodic piece of a background job: `run` must be idempotent (ARCHITECTURE.md,
 * "Background jobs, instances and shutdown"). Under a lease, `fence` checks inside the step's own
 * transaction that this instance still holds it (see Lease); in a loop without a lease it does
 * nothing.
 */
export interface JobStep {
  name: string;
  everyMs: number;
  run(now: Date, fence: Fence): Promise<void>;
}

/** Throws unless the lease guarding a job is still this instance's (see Lease.fence). */
export type Fence = (exec: Executor) => Promise<void>;

/** The fence of work that no lease guards (tests, an operator's call, every-instance steps). */
export const noFence: Fence = async () => {};

/**
 * Runs steps on their own timers: with a lease, while this instance holds it (so that with several
 * instances exactly one runs them); without one, on every instance (for steps whose work is claimed
 * row by row, so that no instance's death delays them). A step never overlaps itself; a slow step
 * delays only itself. A failing step is logged and tried again on its next turn.
 */
export function createJobLoop(deps: {
  lease?: Lease;
  steps: readonly JobStep[];
  log: FastifyBaseLogger;
  activity?: Activity;
  /** The time each step runs at: the database's (db/db-clock.ts), else this instance's. */
  now?: () => number;
  /** While this says why, no step runs (a clock too far from the database's). */
  paused?: () => Message | null;
}) {
  const now = deps.now ?? Date.now;
  const { lease, log } = deps;
  let held = !lease;
  let stopped = true;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  const fence = lease ? (exec: Executor) => lease.fence(exec) : noFence;

  async function renew() {
    if (!lease) return;
    const before = lease.tenure?.token;
    try {
      held = await lease.acquire();
    } catch (err) {
      held = false;
      log.warn({ err, lease: lease.name }, 'job lease renewal failed');
    }
    deps.activity?.leaseHeld(lease.name, held);
    const tenure = lease.tenure;
    if (held && tenure && tenure.token !== before) {
      log.info(
        { lease: lease.name, token: tenure.token, previousHolder: tenure.previousHolder ?? null },
        tenure.previousHolder ? 'took over job lease' : 'holds job lease',
      );
    } else if (!held && before !== undefined) {
      log.warn({ lease: lease.name, token: before }, 'lost job lease');
    }
  }

  function schedule(step: JobStep) {
    let busy = false;
    timers.push(
      setInterval(() => {
        if (stopped || !held || busy || deps.paused?.()) return;
        busy = true;
        const end = deps.activity?.begin(`job step ${step.name}`);
        const turn = step
          .run(new Date(now()), fence)
          // The wall clock, as Prometheus's time() compares it.
          .then(() => deps.activity?.stepSucceeded(step.name, Date.now()))
          .catch((err) => log.error({ err, step: step.name }, 'job step failed'))
          .finally(() => {
            end?.();
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
      if (lease) timers.push(setInterval(() => void renew(), lease.renewEveryMs));
      for (const step of deps.steps) schedule(step);
    },
    /** Stops the timers, waits for running steps and gives the lease up. */
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const t of timers.splice(0)) clearInterval(t);
      await Promise.allSettled([...running]);
      if (lease && held) await lease.release().catch(() => undefined);
      if (lease) deps.activity?.leaseHeld(lease.name, false);
      held = !lease;
    },
  };
}
