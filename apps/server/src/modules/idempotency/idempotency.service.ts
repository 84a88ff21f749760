import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS, IDEMPOTENCY_TEXTS, type IdempotencyRefusal } from '@platform/contracts';
import { requestTerms } from '@platform/domain';
import type { FastifyBaseLogger } from 'fastify';
import { businessRule, conflict } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { JobStep } from '../jobs/job-loop.ts';
import * as repo from './idempotency.repository.ts';

export type KeyClaim = repo.KeyClaim;

/**
 * No request runs this long (statement_timeout is 60 s, a request makes a few statements): a row
 * still in progress after it belongs to a request that died between its work and its reply.
 */
export const IN_PROGRESS_DEADLINE_MS = 5 * 60_000;
/** Rows deleted per statement by the prune, and statements per turn (the next turn goes on). */
const PRUNE_BATCH = 5000;
const PRUNE_MAX_BATCHES = 20;
const PRUNE_EVERY_MS = 10 * 60_000;
/** When giving a key back fails (the database is what failed), try again after these delays. */
const RELEASE_RETRY_DELAYS_MS = [1000, 5000, 15_000, 30_000];

/** What a request with a key does: run (it holds the key now), or answer with the first reply. */
export type Begin = { kind: 'execute' } | { kind: 'replay'; status: number; body: unknown };

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
export function createIdempotencyService(deps: { db: Db; log: FastifyBaseLogger }) {
  const { db, log } = deps;
  const retries = new Set<NodeJS.Timeout>();

  /**
   * Takes the key for this request, or says why not: the same key with another request is 422;
   * a first request still running (or dead without an answer) is 409; a completed one is replayed.
   */
  async function begin(claim: KeyClaim): Promise<Begin> {
    // A row can vanish between the two statements (its request gave it back after a 503): try again.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await repo.claimKey(db, claim, IDEMPOTENCY_KEY_TTL_HOURS)) return { kind: 'execute' };
      const existing = await repo.findKey(db, claim.userId, claim.key, IN_PROGRESS_DEADLINE_MS);
      if (!existing) continue;
      if (existing.fingerprint !== claim.fingerprint) {
        throw businessRule(IDEMPOTENCY_TEXTS.mismatch, refusal('mismatch'));
      }
      if (existing.state === 'in_progress') {
        // Never run again: the first may have done its work and died before it answered.
        throw existing.stale
          ? conflict(IDEMPOTENCY_TEXTS.outcomeUnknown, refusal('outcome_unknown'))
          : conflict(IDEMPOTENCY_TEXTS.inProgress, refusal('in_progress'));
      }
      if (existing.responseStatus === null) throw new Error('completed idempotency key without a status');
      return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody };
    }
    throw conflict(IDEMPOTENCY_TEXTS.inProgress, refusal('in_progress'));
  }

  /** Keeps the first reply. A failure is logged: the row stays in progress and a retry gets 409. */
  async function complete(claim: KeyClaim, status: number, body: unknown): Promise<void> {
    try {
      if (!(await repo.completeKey(db, claim, status, body))) {
        log.error({ userId: claim.userId, status }, 'idempotency key vanished before its reply was stored');
      }
    } catch (err) {
      log.error({ err, userId: claim.userId, status }, 'idempotency reply not stored');
    }
  }

  /**
   * Gives the key back after a reply that says "try again" (503, 502, 429): nothing was done. When
   * the database that failed the request fails this too, it is tried again a few times; until then
   * a retry gets 409 相同幂等键的请求正在处理中.
   */
  async function release(claim: KeyClaim, attempt = 0): Promise<void> {
    try {
      await repo.releaseKey(db, claim);
    } catch (err) {
      const delay = RELEASE_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        log.error({ err, userId: claim.userId }, 'idempotency key not released');
        return;
      }
      const timer = setTimeout(() => {
        retries.delete(timer);
        void release(claim, attempt + 1);
      }, delay);
      timer.unref();
      retries.add(timer);
    }
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
    complete,
    release,
    pruneExpired,
    jobStep,
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
