import { randomUUID } from 'node:crypto';
import type { AdminDeposit, AdminWithdrawal } from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { expect } from 'vitest';
import type { TestAdmin } from '../../test/admin.ts';
import { api, registerUser, type TestApp } from '../../test/app.ts';
import { approveKyc, fundUser, TRC20_ADDRESS, withdrawalStatusChange } from '../../test/money.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';

/** What the review helpers need of a test file: its app and its channels (set in its beforeAll). */
export interface ReviewSetting {
  t: TestApp;
  depositChannelId: number;
  withdrawChannelId: number;
}

/**
 * The requests the dual-control tests review, made and reviewed over HTTP as users and admins do:
 * each deposit or withdrawal by a new user (so that no 24 h window of another test adds to it).
 * `setting` is read at each call, after the file's beforeAll has set it.
 */
export function reviewRequests(setting: () => ReviewSetting) {
  return {
    /** A pending deposit of `amount` USDT by a new user. */
    async pendingDeposit(amount: string) {
      const { t, depositChannelId } = setting();
      const user = await registerUser(t.app);
      const res = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
        token: user.token,
        body: { channel_id: depositChannelId, amount },
      });
      expect(res.status, res.body.message).toBe(200);
      return { user: user.user, id: res.body.data?.deposit.id as number };
    },

    reviewDeposit(admin: TestAdmin, id: number, status: 'approved' | 'rejected' = 'approved') {
      return api<{ deposit: AdminDeposit }>(setting().t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
        token: admin.token,
        body: status === 'approved' ? { status } : { status, adminNote: '金额不符' },
      });
    },

    /** A pending withdrawal of `amount` USDT by a new KYC-approved user funded with twice as much. */
    async pendingWithdrawal(amount: string) {
      const { t, withdrawChannelId } = setting();
      const user = await registerUser(t.app);
      await approveKyc(t.database.db, user.user.id);
      await fundUser(t.database.db, user.user.id, new Decimal(amount).times(2).toFixed());
      const res = await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
        token: user.token,
        headers: { 'Idempotency-Key': randomUUID() },
        body: { withdraw_type: 'usdt', channel_id: withdrawChannelId, amount, address: TRC20_ADDRESS },
      });
      expect(res.status, res.body.message).toBe(200);
      return { user: user.user, id: res.body.data?.withdrawal.id as number };
    },

    moveWithdrawal(admin: TestAdmin, id: number, status: string) {
      return api<{ withdrawal: AdminWithdrawal }>(
        setting().t.app,
        'PATCH',
        `/api/admin/withdrawals/${id}/status`,
        {
          token: admin.token,
          body: status === 'rejected' ? { status, adminNote: '风控拒绝' } : withdrawalStatusChange(status),
        },
      );
    },

    /** The user's available USDT (18 decimals; zero before their first credit). */
    async available(userId: number) {
      const wallets = await getUserWallets(setting().t.database.db, userId);
      return wallets.find((w) => w.currency === 'USDT')?.balance ?? '0.000000000000000000';
    },
  };
}
