import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../test/database.ts';
import { sleep } from '../test/fixtures.ts';
import type { Db } from './client.ts';
import { lockUserScope, USER_LOCK_SCOPES, userLockKey } from './user-locks.ts';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

const BEYOND_INT4 = 2 ** 31 + 7;
const LARGEST_ID = Number.MAX_SAFE_INTEGER;

describe('per-user locks', () => {
  it('gives each scope and user its own key, ids beyond 32 bits included', () => {
    const keys = new Set<bigint>();
    for (const scope of Object.keys(USER_LOCK_SCOPES) as (keyof typeof USER_LOCK_SCOPES)[])
      for (const id of [1, 2, BEYOND_INT4, LARGEST_ID]) keys.add(userLockKey(scope, id));
    expect(keys.size).toBe(Object.keys(USER_LOCK_SCOPES).length * 4);
    expect(userLockKey('spotPlacement', LARGEST_ID) < userLockKey('perpetualOpening', 1)).toBe(true);
    expect(userLockKey('pendingDeposit', LARGEST_ID) < 2n ** 63n).toBe(true);
  });

  it('refuses what is not a user id', () => {
    expect(() => userLockKey('spotPlacement', 0)).toThrow();
    expect(() => userLockKey('spotPlacement', 1.5)).toThrow();
    expect(() => userLockKey('spotPlacement', 2 ** 53)).toThrow();
  });

  it('locks a user whose id does not fit in 32 bits', async () => {
    for (const id of [BEYOND_INT4, LARGEST_ID])
      await db.transaction(async (tx) => {
        await lockUserScope(tx, 'spotPlacement', id);
        await lockUserScope(tx, 'pendingDeposit', id);
      });
  });

  it.skipIf(testEngine !== 'postgres')(
    'holds one user and scope until the transaction ends, and no other',
    async () => {
      const order: string[] = [];
      let releaseFirst: () => void = () => {};
      const firstHolds = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      let firstLocked: () => void = () => {};
      const locked = new Promise<void>((resolve) => {
        firstLocked = resolve;
      });
      const first = db.transaction(async (tx) => {
        await lockUserScope(tx, 'pendingDeposit', BEYOND_INT4);
        firstLocked();
        await firstHolds;
        order.push('first done');
      });
      await locked;
      // Another user, and the same user in another scope, do not wait.
      await db.transaction((tx) => lockUserScope(tx, 'pendingDeposit', BEYOND_INT4 + 1));
      await db.transaction((tx) => lockUserScope(tx, 'spotPlacement', BEYOND_INT4));
      const second = db.transaction(async (tx) => {
        await lockUserScope(tx, 'pendingDeposit', BEYOND_INT4);
        order.push('second locked');
      });
      await sleep(200);
      expect(order).toEqual([]);
      releaseFirst();
      await Promise.all([first, second]);
      expect(order).toEqual(['first done', 'second locked']);
    },
  );
});
