import type { PublicUser } from '@platform/contracts';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    email: 'alice@example.com',
    phone: null,
    nickname: null,
    role: 'user',
    admin_level: null,
    is_active: true,
    kyc_status: 'none',
    invite_code: 'ABC123',
    created_at: '2024-01-01T00:00:00.000Z',
    last_login: null,
    permissions: [],
    twofa_enabled: false,
    twofa_setup_required: false,
    withdrawRequirement: { canWithdraw: false, reasons: [] },
    wallets: [{ currency: 'USDT', balance: '1234.5', frozen_balance: '10', salary_balance: '0' }],
    ...overrides,
  };
}

export const makeAdmin = (overrides: Partial<PublicUser> = {}): PublicUser =>
  makeUser({ id: 1, email: 'root@example.com', role: 'admin', admin_level: 'admin', ...overrides });

/** Stores a session the way login does. */
export function storeSession(user: PublicUser, token = 'test-token', checkedAt = Date.now()): void {
  window.localStorage.setItem('token', token);
  window.localStorage.setItem('user', JSON.stringify(user));
  window.localStorage.setItem('user_profile_checked_at', String(checkedAt));
}

/** A fetch Response carrying a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
