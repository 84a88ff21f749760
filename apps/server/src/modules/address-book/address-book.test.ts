import {
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  ADDRESS_LABEL_MAX,
  type SavedAddress,
  TWOFA_MESSAGES,
  TWOFA_PASSWORD_MESSAGES,
} from '@platform/contracts';
import { ADDRESS_FORMAT_ERROR, trc20AddressOf } from '@platform/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { ERC20_ADDRESS, TRC20_ADDRESS } from '../../test/money.ts';
import { timeStep, totpAt } from '../auth/two-factor/totp.ts';

/**
 * 地址簿 (issue 33): a user's saved withdrawal addresses. Only valid TRC20 / ERC20 addresses, a label
 * of at most ADDRESS_LABEL_MAX characters, at most ADDRESS_BOOK_MAX per user (also under parallel
 * adds); adding needs the login password and, with 2FA on, the code; another user's id is a 404.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Reply = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  api<Reply>(t.app, method, url, { token, ...(body !== undefined ? { body } : {}) });
const list = async (token: string) => {
  const res = await api<{ addresses: SavedAddress[] }>(t.app, 'GET', '/api/user/addresses', { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data?.addresses ?? [];
};
/** A refusal: its status, and its Chinese message (a validation 400 names the field before it). */
const expectRefused = (
  res: { status: number; body: { message: string } },
  status: number,
  message: string,
  note?: string,
) => {
  expect(res.status, note ?? res.body.message).toBe(status);
  expect(res.body.message.endsWith(message), `${note ?? ''} ${res.body.message}`).toBe(true);
};
const nthAddress = (n: number) =>
  trc20AddressOf(Uint8Array.from({ length: 20 }, (_, i) => (i * 7 + n) % 256));

describe(`address book (${testEngine})`, () => {
  it('answers the lists in English for an English reader, in Chinese otherwise', async () => {
    const u = await registerUser(t.app);
    const headers = { 'accept-language': 'en' };
    const get = (url: string, extra: Record<string, string> = {}) =>
      api(t.app, 'GET', url, { token: u.token, headers: extra });
    expect((await get('/api/user/addresses', headers)).body.message).toBe('Address book loaded');
    expect((await get('/api/user/withdrawal-whitelist', headers)).body.message).toBe(
      'Withdrawal whitelist loaded',
    );
    expect((await get('/api/user/addresses')).body.message).toBe('获取地址簿成功');
    expect((await get('/api/user/withdrawal-whitelist')).body.message).toBe('获取提现白名单成功');
  });

  it('adds, lists, renames and deletes the caller’s own addresses; the network is the address’s', async () => {
    const u = await registerUser(t.app);
    const added = await call('POST', '/api/user/addresses', u.token, {
      address: ` ${TRC20_ADDRESS} `,
      label: ' 冷钱包 ',
      password: u.password,
    });
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.message).toBe(ADDRESS_BOOK_MESSAGES.added);
    const saved = (added.body.data as { address: SavedAddress }).address;
    expect(saved).toMatchObject({ network: 'TRC20', address: TRC20_ADDRESS, label: '冷钱包' });
    // Usable under whitelist mode 24 h after it was added, by the database clock.
    expect(Date.parse(saved.usable_at) - Date.parse(saved.created_at)).toBe(24 * 3600_000);

    const erc = await call('POST', '/api/user/addresses', u.token, {
      address: ERC20_ADDRESS,
      label: '交易所',
      password: u.password,
    });
    expect(erc.status, erc.body.message).toBe(200);
    expect((await list(u.token)).map((a) => [a.network, a.label])).toEqual([
      ['ERC20', '交易所'],
      ['TRC20', '冷钱包'],
    ]);

    const renamed = await call('PATCH', `/api/user/addresses/${saved.id}`, u.token, { label: '我的冷钱包' });
    expect(renamed.status, renamed.body.message).toBe(200);
    expect((renamed.body.data as { address: SavedAddress }).address.label).toBe('我的冷钱包');

    const deleted = await call('DELETE', `/api/user/addresses/${saved.id}`, u.token);
    expect(deleted.status, deleted.body.message).toBe(200);
    expect((await list(u.token)).map((a) => a.address)).toEqual([ERC20_ADDRESS]);
    const again = await call('DELETE', `/api/user/addresses/${saved.id}`, u.token);
    expectRefused(again, 404, ADDRESS_BOOK_MESSAGES.notFound);
  });

  it('refuses bad addresses, labels and ids in Chinese and saves nothing; a second copy is 409', async () => {
    const u = await registerUser(t.app);
    const add = (body: Reply) =>
      call('POST', '/api/user/addresses', u.token, { password: u.password, ...body });
    for (const [body, status, message] of [
      [{ address: 'TAddr123', label: 'x' }, 400, ADDRESS_FORMAT_ERROR],
      [
        { address: `${TRC20_ADDRESS.slice(0, 10)}r${TRC20_ADDRESS.slice(11)}`, label: 'x' },
        400,
        ADDRESS_FORMAT_ERROR,
      ],
      [
        { address: `${ERC20_ADDRESS.slice(0, 4)}2${ERC20_ADDRESS.slice(5)}`, label: 'x' },
        400,
        ADDRESS_FORMAT_ERROR,
      ],
      [{ address: '', label: 'x' }, 400, ADDRESS_BOOK_MESSAGES.addressRequired],
      [{ address: TRC20_ADDRESS, label: '   ' }, 400, ADDRESS_BOOK_MESSAGES.labelRequired],
      [
        { address: TRC20_ADDRESS, label: '标'.repeat(ADDRESS_LABEL_MAX + 1) },
        400,
        ADDRESS_BOOK_MESSAGES.labelTooLong,
      ],
    ] as const) {
      const res = await add(body);
      expectRefused(res, status, message, JSON.stringify(body));
    }
    expect(await list(u.token)).toEqual([]);

    expect((await add({ address: TRC20_ADDRESS, label: '标'.repeat(ADDRESS_LABEL_MAX) })).status).toBe(200);
    const twice = await add({ address: TRC20_ADDRESS, label: '再一次' });
    expectRefused(twice, 409, ADDRESS_BOOK_MESSAGES.duplicate);

    for (const id of ['abc', '0', '-1', '1.5', '99999999999999']) {
      const res = await call('DELETE', `/api/user/addresses/${id}`, u.token);
      expectRefused(res, 400, ADDRESS_BOOK_MESSAGES.badId, id);
    }
    const [saved] = await list(u.token);
    const badLabel = await call('PATCH', `/api/user/addresses/${saved?.id}`, u.token, { label: '' });
    expectRefused(badLabel, 400, ADDRESS_BOOK_MESSAGES.labelRequired);
  });

  it('another user’s address is a 404 for rename and delete, and not listed', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const added = await call('POST', '/api/user/addresses', owner.token, {
      address: ERC20_ADDRESS,
      label: '我的',
      password: owner.password,
    });
    const id = (added.body.data as { address: SavedAddress }).address.id;
    const renamed = await call('PATCH', `/api/user/addresses/${id}`, other.token, { label: '抢走' });
    expectRefused(renamed, 404, ADDRESS_BOOK_MESSAGES.notFound);
    const deleted = await call('DELETE', `/api/user/addresses/${id}`, other.token);
    expectRefused(deleted, 404, ADDRESS_BOOK_MESSAGES.notFound);
    expect(await list(other.token)).toEqual([]);
    expect((await list(owner.token)).map((a) => [a.id, a.label])).toEqual([[id, '我的']]);
  });

  it('adding needs the login password, and the 2FA code when 2FA is on', async () => {
    const u = await registerUser(t.app);
    const body = { address: TRC20_ADDRESS, label: '冷钱包' };
    const bare = await call('POST', '/api/user/addresses', u.token, body);
    expectRefused(bare, 400, TWOFA_PASSWORD_MESSAGES.required);
    const wrong = await call('POST', '/api/user/addresses', u.token, {
      ...body,
      password: 'not-my-password',
    });
    expectRefused(wrong, 400, TWOFA_PASSWORD_MESSAGES.wrong);
    expect(await list(u.token)).toEqual([]);

    const setup = await call('POST', '/api/auth/2fa/setup', u.token, { password: u.password });
    const secret = (setup.body.data as { secret: string }).secret;
    const code = (offset = 0) => totpAt(secret, timeStep(Date.now()) + offset);
    const enabled = await call('POST', '/api/auth/2fa/enable', u.token, {
      code: code(),
      password: u.password,
    });
    expect(enabled.status, enabled.body.message).toBe(200);

    const noCode = await call('POST', '/api/user/addresses', u.token, { ...body, password: u.password });
    expect([noCode.status, noCode.body.message, noCode.body.data]).toEqual([
      400,
      TWOFA_MESSAGES.required,
      { twofa_required: true },
    ]);
    expect(await list(u.token)).toEqual([]);
    // The code of the next step: the one just spent by enable may not be used twice.
    const withCode = await call('POST', '/api/user/addresses', u.token, {
      ...body,
      password: u.password,
      totp: code(1),
    });
    expect(withCode.status, withCode.body.message).toBe(200);
  });

  it(`holds at most ${ADDRESS_BOOK_MAX} addresses, also when several are added at once`, async () => {
    const u = await registerUser(t.app);
    const add = (n: number) =>
      call('POST', '/api/user/addresses', u.token, {
        address: nthAddress(n),
        label: `地址${n}`,
        password: u.password,
      });
    for (let n = 0; n < ADDRESS_BOOK_MAX - 2; n++) expect((await add(n)).status).toBe(200);
    const racing = await Promise.all([0, 1, 2, 3, 4].map((i) => add(100 + i)));
    expect(racing.filter((r) => r.status === 200)).toHaveLength(2);
    for (const refused of racing.filter((r) => r.status !== 200))
      expectRefused(refused, 422, ADDRESS_BOOK_MESSAGES.full);
    expect(await list(u.token)).toHaveLength(ADDRESS_BOOK_MAX);
  });
});
