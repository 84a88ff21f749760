import type { FastifyRequest } from 'fastify';
import { type AppError, tooManyRequests } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { msg } from '../../i18n/i18n.ts';
import {
  type CountedAttempt,
  countAttempt,
  pruneEndedWindows,
  takeBackAttempt,
} from './attempts.repository.ts';

/** What a service needs to limit the attempts of one request at a secret (password or code). */
export interface AttemptGuard {
  /**
   * Counts the attempt before the secret is checked; throws a 429 (and takes the attempt back:
   * nothing was checked) when the account or the address has used up its attempts.
   */
  begin(): Promise<void>;
  /** The secret was right, or was not checked after all: the attempt no longer counts. */
  succeeded(): Promise<void>;
}

export const tooManyWrongPasswords = (seconds: number) =>
  tooManyRequests(msg('auth.tooManyWrongOldPasswords', { seconds: Math.max(1, seconds) }));

/** Rows of ended windows are deleted once every this many attempts (per instance). */
const PRUNE_EVERY = 256;
let attemptsSincePrune = 0;

/**
 * Attempts at a secret counted per account and per client IP, `max` per `timeWindowMs` each, in
 * the database (attempt_counters): every instance counts together, on PGlite and PostgreSQL, with
 * or without Redis. An attempt is counted by one statement before the secret is checked, and a
 * success takes it back, so that only failures count (a user who types the right password is
 * never held up by it) and parallel guesses never get more checks than the limit. Once either
 * count is used up, every attempt is refused with a 429 until its window ends, the right secret
 * included. The window runs from its first attempt and is not extended by later ones: a window,
 * not a lock.
 */
export function createAttemptLimiter(
  db: Db,
  options: {
    name: string;
    /** Failed attempts per account in the window. */
    max: number;
    /** Failed attempts per client IP in the window; `max` when unset, none counted when null. */
    maxPerAddress?: number | null;
    timeWindowMs: number;
    /** The 429 to throw; the wrong-old-password message when unset. */
    tooMany?: (seconds: number) => AppError;
  },
) {
  const tooMany = options.tooMany ?? tooManyWrongPasswords;
  const perAddress = options.maxPerAddress === undefined ? options.max : options.maxPerAddress;
  const limitOf = (key: string) => (key.startsWith(`${options.name}:ip:`) ? (perAddress ?? 0) : options.max);

  /** `accountId`: the account named by the caller (a login has no session yet: the one the identifier matched). */
  return (request: FastifyRequest, accountId?: number): AttemptGuard => {
    const account = accountId ?? request.auth?.user.id ?? 'anonymous';
    const keys = [`${options.name}:user:${account}`];
    if (perAddress !== null) keys.push(`${options.name}:ip:${request.ip}`);
    let counted: CountedAttempt[] = [];
    return {
      async begin() {
        if (++attemptsSincePrune >= PRUNE_EVERY) {
          attemptsSincePrune = 0;
          await pruneEndedWindows(db);
        }
        const rows = await countAttempt(db, keys, options.timeWindowMs);
        const over = rows.filter((row) => row.count > limitOf(row.key));
        if (over.length > 0) {
          await takeBackAttempt(db, rows);
          throw tooMany(Math.max(...over.map((row) => row.secondsLeft)));
        }
        counted = counted.concat(rows);
      },
      async succeeded() {
        const taken = counted;
        counted = [];
        await takeBackAttempt(db, taken);
      },
    };
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/**
 * For a secret checked inside a transaction: the attempt is counted now, before the transaction
 * (PGlite has one connection, which the transaction holds; and the count must stand when a wrong
 * code rolls the transaction back). The check uses `inner`, which only notes what it found, and
 * `settle` (after the transaction, whatever its outcome) takes the attempt back unless a wrong
 * secret was checked.
 */
export async function countAhead(
  guard: AttemptGuard,
): Promise<{ inner: AttemptGuard; settle(): Promise<void> }> {
  await guard.begin();
  let checked = false;
  let right = false;
  return {
    inner: {
      async begin() {
        checked = true;
      },
      async succeeded() {
        right = true;
      },
    },
    async settle() {
      if (!checked || right) await guard.succeeded();
    },
  };
}
