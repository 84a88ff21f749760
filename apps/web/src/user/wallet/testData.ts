import type { UserWithdrawal } from '@platform/contracts';

/** A withdrawal as GET/POST /api/wallet/withdrawals returns it, for the page tests. */
export const userWithdrawal = (overrides: Partial<UserWithdrawal> = {}): UserWithdrawal => ({
  id: 41,
  withdraw_type: 'usdt',
  channel: 'USDT-TRC20 提现',
  currency: 'USDT',
  amount: '100.00000000',
  fee: '1.00000000',
  total: '101.00000000',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  network: 'TRC20',
  account_info: null,
  status: 'pending',
  user_remark: null,
  admin_remark: null,
  tx_hash: null,
  created_at: '2024-05-01T02:00:00.000Z',
  updated_at: '2024-05-01T02:00:00.000Z',
  ...overrides,
});
