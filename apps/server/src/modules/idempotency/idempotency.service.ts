import { createHash, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS, IDEMPOTENCY_TEXTS, type IdempotencyRefusal } from '@platform/contracts';
import { requestTerms } from '@platform/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, businessRule, conflict } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { JobStep } from '../jobs/job-loop.ts';
import * as repo from './idempotency.repository.ts';
import type { KeyOwner } from './key-owner.ts';

export type KeyClaim = repo.KeyClaim;
export type HeldKey = repo.HeldKey;

/**
 * Rows from before migration 0037 name no owner: one still in progress after this long belongs to a
 * request that died between its work and its reply (statement_timeout is 60 s), and says so.
 */
export const IN_PROGRESS_DEADLINE_MS = 5 * 60_000;
/** Rows deleted per statement by the prune, and statements per turn (the next turn goes on). */
const PRUNE_BATCH = 5000;
const PRUNE_MAX_BATCHES = 20;
const PRUNE_EVERY_MS = 10 * 60_000;
/**
 * When giving a key back fails (the database is what failed), try again after these delays, the
 * last one until it works: meanwhile a retry on another instance gets 409 (this one is alive).
 */
const RELEASE_RETRY_DELAYS_MS = [250, 1000, 2000, 5000];

/** What a request with a key does: run (it holds the key now), or answer with the first reply. */
export type Begin = { kind: 'execute'; key: HeldKey } | { kind: 'replay'; status: number; body: unknown };

/** What the request asked for, as the fingerprint sees it. */
export interface RequestShape {
  method: string;
  /** The route's pattern (`/api/admin/deposits/:id/review`), not the URL as sent. */
  route: string;
  params: unknown;
  query: unknown;
  body: unknown;
}

/**
 * JSON with every object's keys sorted, so that two requests that ask for the same thing have the
 * same text whatever order their client wrote the keys in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }
    return v;
  });
}

/** SHA-256 of the method, the route pattern and the validated params, query and body. */
export function fingerprintOf(shape: RequestShape): string {
  const text = canonicalJson([
    shape.method,
    shape.route,
    shape.params,
    shape.query,
    requestTerms(shape.body),
  ]);
  return createHash('sha256').update(text).digest('hex');
}

const refusal = (reason: IdempotencyRefusal) => ({ idempotency: reason });

/**
 * Idempotency keys with Stripe's rules (see ARCHITECTURE.md, "Idempotency keys"). The HTTP side is
 * idempotency.plugin.ts; this decides what a key means and keeps the replies.
 */
export function createIdempotencyService(deps: { db: Db; log: FastifyBaseLogger; owner: KeyOwner }) {
  const { db, log, owner } = deps;
  const retries = new Set<NodeJS.Timeout>();
  /** The attempts of this instance's requests that are running (from before their claim to their reply). */
  const running = new Set<string>();

  /**
   * Whether the request that holds a key in progress has ended without completing it: its instance
   * is gone, or it is this instance and the request is no longer running. An effect completes its
   * key in its own transaction (effect-seal.ts), so such a key's work did not commit: it may run.
   */
  async function abandoned(existing: repo.ExistingKey & { owner: number; attempt: string }) {
    if (existing.owner === owner.id) return !running.has(existing.attempt);
    return owner.isGone(existing.owner);
  }

  /**
   * Takes the key for this request, or says why not: the same key with another request is 422;
   * a first request still running is 409; a completed one is replayed. A key whose request ended
   * without completing it (its instance died, or its database connection was lost) is taken over
   * when the route `seals` (its effect completes the key in its own transaction, or is a change that
   * a second run refuses); on any other route it stays in progress (409: it may have done its work).
   */
  async function begin(claim: KeyClaim, route: { seals: boolean }): Promise<Begin> {
    const key: HeldKey = { ...claim, owner: owner.id, attempt: randomUUID() };
    // Running from before the claim: a retry on this instance never mistakes it for an ended one.
    running.add(key.attempt);
    try {
      // A row can vanish between the statements (its request gave it back after a 503): try again.
      for (let round = 0; round < 3; round++) {
        if (await repo.claimKey(db, key, IDEMPOTENCY_KEY_TTL_HOURS)) return { kind: 'execute', key };
        const existing = await repo.findKey(db, claim.userId, claim.key, IN_PROGRESS_DEADLINE_MS);
        if (!existing) continue;
        if (existing.fingerprint !== claim.fingerprint) {
          throw businessRule(IDEMPOTENCY_TEXTS.mismatch, refusal('mismatch'));
        }
        if (existing.state === 'completed') {
          if (existing.responseStatus === null) throw new Error('completed idempotency key without a status');
          return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody };
        }
        const { owner: holder, attempt } = existing;
        if (holder === null || attempt === null || !route.seals) {
          // Never run again: the first may have done its work (a route that does not seal, or a row
          // from before migration 0037).
          throw existing.stale
            ? conflict(IDEMPOTENCY_TEXTS.outcomeUnknown, refusal('outcome_unknown'))
            : conflict(IDEMPOTENCY_TEXTS.inProgress, refusal('in_progress'));
        }
        if (!(await abandoned({ ...existing, owner: holder, attempt }))) {
          throw conflict(IDEMPOTENCY_TEXTS.inProgress, refusal('in_progress'));
        }
        // Waits for a transaction completing it, and then finds it completed (next round: replay).
        if (await repo.takeOverKey(db, key, attempt)) {
          log.info({ userId: claim.userId, previousOwner: holder }, 'idempotency key taken over');
          return { kind: 'execute', key };
        }
      }
      throw conflict(IDEMPOTENCY_TEXTS.inProgress, refusal('in_progress'));
    } catch (err) {
      running.delete(key.attempt);
      // The database failed us, perhaps after the claim committed: give it back (nothing ran).
      if (!(err instanceof AppError)) void release(key);
      throw err;
    }
  }

  /** The request has answered: a retry on this instance may now take its key if it is left in progress. */
  function ended(key: HeldKey): void {
    running.delete(key.attempt);
  }

  /** Keeps the first reply. A failure is logged: the row stays in progress until a retry settles it. */
  async function complete(key: HeldKey, status: number, body: unknown): Promise<void> {
    try {
      if (!(await repo.completeKey(db, key, status, body))) {
        // Completed by its effect's transaction, or taken over by a retry: nothing to store.
        log.debug({ userId: key.userId, status }, 'idempotency key no longer in progress under its attempt');
      }
    } catch (err) {
      log.error({ err, userId: key.userId, status }, 'idempotency reply not stored');
    }
  }

  /**
   * Gives the key back after a reply that says "try again" (503, 502, 429), or whose outcome was
   * unknown (the connection was lost): the row goes only if still in progress under this attempt,
   * that is, if no effect committed with it. When the database that failed the request fails this
   * too, it is tried again until it works; until then a retry on another instance gets 409.
   */
  async function release(key: HeldKey): Promise<void> {
    try {
      await repo.releaseKey(db, key);
    } catch (err) {
      releaseLater(key, 0, err);
    }
  }

  function releaseLater(key: HeldKey, round: number, err: unknown): void {
    if (round === RELEASE_RETRY_DELAYS_MS.length)
      log.error({ err, userId: key.userId }, 'idempotency key not released yet; still trying');
    const delay = RELEASE_RETRY_DELAYS_MS[Math.min(round, RELEASE_RETRY_DELAYS_MS.length - 1)];
    const timer = setTimeout(() => {
      retries.delete(timer);
      repo.releaseKey(db, key).catch((next: unknown) => releaseLater(key, round + 1, next));
    }, delay);
    timer.unref();
    retries.add(timer);
  }

  /** Deletes expired rows (idempotent: a second runner finds nothing). */
  async function pruneExpired(): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch++) {
      const n = await repo.deleteExpired(db, PRUNE_BATCH);
      deleted += n;
      if (n < PRUNE_BATCH) break;
    }
    return deleted;
  }

  const jobStep: JobStep = {
    name: 'prune-idempotency-keys',
    everyMs: PRUNE_EVERY_MS,
    run: async () => {
      const deleted = await pruneExpired();
      if (deleted > 0) log.info({ deleted }, 'expired idempotency keys pruned');
    },
  };

  return {
    begin,
    ended,
    complete,
    release,
    pruneExpired,
    jobStep,
    /** This instance's requests with a key, from before their claim to their reply (the metrics' gauge). */
    inFlight: () => running.size,
    /** Stops pending release retries (the app is closing). */
    stop() {
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

/** Whether a reply means "nothing was done, try again": its key is given back instead of kept. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 502 || status === 503 || status === 504;
}
