import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.schema.ts';

/** Minimal user rows for ledger tests (user accounts reference users). */
export async function createTestUsers(exec: Executor, count: number): Promise<number[]> {
  const rows = Array.from({ length: count }, () => {
    const tag = randomUUID().replaceAll('-', '');
    return {
      email: `ledger-${tag}@test.local`,
      passwordHash: 'not-a-hash',
      inviteCode: `L${tag.slice(0, 16)}`,
    };
  });
  const inserted = await exec.insert(users).values(rows).returning({ id: users.id });
  return inserted.map((r) => r.id);
}

/** The message of an error and of its causes (drizzle wraps driver errors in DrizzleQueryError). */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(' <- ');
}

/** Awaits a promise that must reject and returns what it rejected with. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('Expected the promise to reject, but it resolved');
}
