import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/database.ts';
import { createUser } from '../accounts/create-user.ts';
import { counterMismatches } from '../reconciliation/counter-check.ts';
import { ONE_IDENTITY_INDEX } from './kyc.repository.ts';

/**
 * Migration 0015 on a database written before the rule: duplicates of one ID number among live
 * applications (different spellings too) are resolved before the unique index is built.
 */
describe(`migration 0015_kyc_one_identity on existing duplicates (${testEngine})`, () => {
  let database: TestDatabase;
  const statements = fs
    .readFileSync(path.join(MIGRATIONS_DIR, '0015_kyc_one_identity.sql'), 'utf8')
    .split('--> statement-breakpoint');

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('keeps the number with the earliest approved application, rejects the others with the reason, then indexes', async () => {
    const db = database.db;
    // Back to the state before the migration.
    await db.execute(sql`DROP INDEX kyc_applications_one_identity_key`);
    await db.execute(sql`DROP INDEX kyc_applications_id_number_idx`);

    const ids = await db.transaction(async (tx) => {
      const made: number[] = [];
      for (let i = 0; i < 5; i++)
        made.push((await createUser(tx, { email: `dup${i}@example.com`, passwordHash: 'x' })).id);
      return made;
    });
    const [pendingFirst, approvedLater, alsoApproved, rejected, other] = ids as [
      number,
      number,
      number,
      number,
      number,
    ];
    const insert = (userId: number, idNumber: string, status: string, at: string) =>
      db.execute(sql`INSERT INTO kyc_applications (user_id, real_name, id_number, id_front_file, id_back_file, status, created_at)
        VALUES (${userId}, '张三', ${idNumber}, 'a.png', 'b.png', ${status}, ${at}::timestamptz)`);
    await insert(pendingFirst, '11010519491231002X', 'pending', '2026-01-01T00:00:00Z');
    await insert(approvedLater, ' 11010519491231002x', 'approved', '2026-01-02T00:00:00Z');
    await insert(alsoApproved, '11010519491231002X ', 'approved', '2026-01-03T00:00:00Z');
    await insert(rejected, '11010519491231002X', 'rejected', '2025-12-01T00:00:00Z');
    await insert(other, '110101199003074477', 'pending', '2026-01-01T00:00:00Z');
    for (const [userId, status] of [
      [pendingFirst, 'pending'],
      [approvedLater, 'approved'],
      [alsoApproved, 'approved'],
      [rejected, 'rejected'],
      [other, 'pending'],
    ] as const)
      await db.execute(sql`UPDATE users SET kyc_status = ${status} WHERE id = ${userId}`);

    for (const statement of statements) await db.execute(sql.raw(statement));

    const rows = await queryRows<{
      user_id: string;
      id_number: string;
      status: string;
      admin_note: string | null;
    }>(
      db,
      sql`SELECT k.user_id::text AS user_id, k.id_number, k.status, k.admin_note FROM kyc_applications k ORDER BY k.user_id`,
    );
    const byUser = Object.fromEntries(rows.map((r) => [Number(r.user_id), r]));
    expect(byUser[approvedLater]).toMatchObject({ id_number: '11010519491231002X', status: 'approved' });
    for (const loser of [pendingFirst, alsoApproved]) {
      expect(byUser[loser]).toMatchObject({ id_number: '11010519491231002X', status: 'rejected' });
      expect(byUser[loser]?.admin_note).toContain('该证件号码已被其他账户使用');
    }
    expect(byUser[rejected]).toMatchObject({ status: 'rejected', admin_note: null });
    expect(byUser[other]).toMatchObject({ status: 'pending' });

    const statuses = await queryRows<{ id: string; kyc_status: string }>(
      db,
      sql`SELECT id::text AS id, kyc_status FROM users WHERE email LIKE 'dup%' ORDER BY id`,
    );
    expect(Object.fromEntries(statuses.map((s) => [Number(s.id), s.kyc_status]))).toEqual({
      [pendingFirst]: 'rejected',
      [approvedLater]: 'approved',
      [alsoApproved]: 'rejected',
      [rejected]: 'rejected',
      [other]: 'pending',
    });
    expect(await counterMismatches(db)).toEqual([]);

    // The index now holds the rule.
    const again = await insert(rejected, '11010519491231002X', 'pending', '2026-02-01T00:00:00Z').then(
      () => 'written',
      (err: unknown) => (isUniqueViolation(err, ONE_IDENTITY_INDEX) ? 'refused' : String(err)),
    );
    expect(again).toBe('refused');
  });
});
