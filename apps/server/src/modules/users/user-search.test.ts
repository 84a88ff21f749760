import { LIST_COUNT_CAP } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApproved } from '../../test/activation.ts';
import { createAdminTestApp, type TestAdmin } from '../../test/admin.ts';
import { api, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { countUsers, listUsers } from '../admin-users/admin-users.repository.ts';
import { insertDeposit } from '../deposits/deposits.repository.ts';
import { insertWithdrawal } from '../withdrawals/withdrawals.repository.ts';

/**
 * Issue 16: the admin lists of users, admins, deposits and withdrawals find any part of an e-mail
 * or a phone (pg_trgm), with LIKE wildcards taken literally, on both engines.
 */

let t: TestApp;
let root: TestAdmin;
const ids: Record<string, number> = {};
const deposits: Record<string, number> = {};
const withdrawals: Record<string, number> = {};

async function user(key: string, email: string, phone?: string) {
  const u = await registerUser(t.app, { email, ...(phone ? { phone } : {}) });
  ids[key] = u.user.id;
  const db = t.database.db;
  const deposit = await insertDeposit(db, {
    userId: u.user.id,
    channelName: 'USDT-TRC20',
    currency: 'USDT',
    amount: '100',
  });
  deposits[key] = deposit.id;
  const withdrawal = await insertWithdrawal(db, {
    userId: u.user.id,
    channelName: 'USDT 提现',
    withdrawType: 'usdt',
    currency: 'USDT',
    amount: '50',
    fee: '0.5',
    feeRate: '0.01',
    address: 'TAddress',
  });
  withdrawals[key] = withdrawal.id;
}

beforeAll(async () => {
  ({ t, superAdmin: root } = await createAdminTestApp());
  await user('kiwi', 'first.kiwimango.last@example.com', '13912345678');
  await user('underscore', 'zz_kiwi_mango@example.com', '13800001111');
  await user('lookalike', 'zzxkiwixmango@example.com');
  await user('other', 'someone.else@example.org', '15000002222');
  for (const [email, phone] of [
    ['ops.pineapple.one@example.com', '13655554444'],
    ['ops.banana@example.com', '13677778888'],
  ] as const) {
    // Proposed and approved by a second super admin (docs/admin-accounts.md).
    ids[email] = (await createAdminApproved(t, root.token, { email, phone, admin_level: 'admin' })).id;
  }
});
afterAll(async () => t?.close());

type Page = { total: number; totalExact?: boolean };

async function usersFound(search: string) {
  const res = await api<{ users: { id: number }[]; pagination: Page }>(
    t.app,
    'GET',
    `/api/admin/users?search=${encodeURIComponent(search)}`,
    { token: root.token },
  );
  expect(res.status, res.body.message).toBe(200);
  return { ids: res.body.data!.users.map((u) => u.id).sort(), pagination: res.body.data!.pagination };
}

async function adminsFound(search: string) {
  const res = await api<{ admins: { id: number }[] }>(
    t.app,
    'GET',
    `/api/admin/admins?search=${encodeURIComponent(search)}`,
    { token: root.token },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data!.admins.map((a) => a.id).sort();
}

async function depositsFound(search: string) {
  const res = await api<{ deposits: { id: number }[] }>(
    t.app,
    'GET',
    `/api/admin/deposits?search=${encodeURIComponent(search)}`,
    { token: root.token },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data!.deposits.map((d) => d.id).sort();
}

async function withdrawalsFound(search: string) {
  const res = await api<{ withdrawals: { id: number }[] }>(
    t.app,
    'GET',
    `/api/admin/withdrawals?search=${encodeURIComponent(search)}`,
    { token: root.token },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data!.withdrawals.map((w) => w.id).sort();
}

const sorted = (...values: (number | undefined)[]) => (values as number[]).sort();

describe(`substring search on e-mail and phone (${testEngine})`, () => {
  it('the user list finds the middle of an e-mail (any case) and of a phone', async () => {
    const byEmail = await usersFound('KiwiMan');
    expect(byEmail.ids).toEqual(sorted(ids.kiwi));
    expect(byEmail.pagination).toMatchObject({ total: 1, totalExact: true });
    expect((await usersFound('2345678')).ids).toEqual(sorted(ids.kiwi));
    expect((await usersFound('example.org')).ids).toEqual(sorted(ids.other));
  });

  it('the admin list finds the middle of an e-mail and of a phone', async () => {
    expect(await adminsFound('pineapple')).toEqual(sorted(ids['ops.pineapple.one@example.com']));
    expect(await adminsFound('5554444')).toEqual(sorted(ids['ops.pineapple.one@example.com']));
    expect(await adminsFound('7778')).toEqual(sorted(ids['ops.banana@example.com']));
    // A user is not an admin, whatever matches.
    expect(await adminsFound('kiwimango')).toEqual([]);
  });

  it('deposits and withdrawals are found by the middle of their user’s e-mail or phone', async () => {
    expect(await depositsFound('kiwiMANGO.la')).toEqual(sorted(deposits.kiwi));
    expect(await depositsFound('91234567')).toEqual(sorted(deposits.kiwi));
    expect(await depositsFound('0002222')).toEqual(sorted(deposits.other));
    expect(await withdrawalsFound('kiwimango.la')).toEqual(sorted(withdrawals.kiwi));
    expect(await withdrawalsFound('91234567')).toEqual(sorted(withdrawals.kiwi));
    expect(await withdrawalsFound('else@exa')).toEqual(sorted(withdrawals.other));
  });

  it('takes % _ and \\ literally', async () => {
    // `_` is a LIKE wildcard: unescaped, kiwi_mango would also match kiwixmango.
    expect((await usersFound('kiwi_mango')).ids).toEqual(sorted(ids.underscore));
    expect(await depositsFound('kiwi_mango')).toEqual(sorted(deposits.underscore));
    expect(await withdrawalsFound('kiwi_mango')).toEqual(sorted(withdrawals.underscore));
    expect(await adminsFound('ops_')).toEqual([]);
    for (const term of ['%', '%%%', 'kiwi%mango', '\\', 'kiwi\\', '___']) {
      expect((await usersFound(term)).ids, term).toEqual([]);
      expect(await adminsFound(term), term).toEqual([]);
      expect(await depositsFound(term), term).toEqual([]);
      expect(await withdrawalsFound(term), term).toEqual([]);
    }
  });

  it('a term of one or two characters matches the start only (trigrams need three)', async () => {
    expect((await usersFound('fi')).ids).toEqual(sorted(ids.kiwi));
    expect((await usersFound('so')).ids).toEqual(sorted(ids.other));
    // "ki" is inside three e-mails but starts none of them.
    expect((await usersFound('ki')).ids).toEqual([]);
    expect((await usersFound('15')).ids).toEqual(sorted(ids.other));
    expect(await depositsFound('15')).toEqual(sorted(deposits.other));
    expect(await withdrawalsFound('so')).toEqual(sorted(withdrawals.other));
  });

  it('counts a search at most to the cap, as the journal does', async () => {
    const filter = { search: 'kiwi', status: 'all', kyc: 'all' } as const;
    expect(await countUsers(t.database.db, filter)).toEqual({ total: 3, exact: true });
    expect(await countUsers(t.database.db, filter, 2)).toEqual({ total: 3, exact: false });
    expect(await countUsers(t.database.db, filter, 1)).toEqual({ total: 2, exact: false });
    expect(LIST_COUNT_CAP).toBe(10_000);
  });

  it('reads the same page whichever plan the count picks (few matches or many)', async () => {
    const filter = { search: 'kiwi', status: 'all', kyc: 'all' } as const;
    const db = t.database.db;
    for (const offset of [0, 2, 4]) {
      const page = { limit: 2, offset };
      const few = (await listUsers(db, filter, page, { exact: true })).map((u) => u.id);
      const many = (await listUsers(db, filter, page, { exact: false })).map((u) => u.id);
      expect(many).toEqual(few);
      expect(few).toHaveLength(offset === 0 ? 2 : offset === 2 ? 1 : 0);
    }
    const newestFirst = (await listUsers(db, filter, { limit: 10, offset: 0 })).map((u) => u.id);
    expect(newestFirst).toEqual([ids.lookalike, ids.underscore, ids.kiwi]);
  });
});
