import { type AdminDashboard, getAdminDashboard } from '@platform/contracts';
import type { TFunction } from 'i18next';
import { call } from '../../lib/request.ts';

export const DASHBOARD_QUERY_KEY = ['admin', 'dashboard'] as const;

/** GET /api/admin/dashboard. */
export const fetchDashboard = (signal?: AbortSignal) =>
  call(getAdminDashboard, { signal }).then((reply) => reply.data);

/** The review queues with their waiting filter selected (the pages read it from the address). */
export const PENDING_PATHS = {
  kyc: '/admin/kyc?status=pending',
  deposits: '/admin/wallet/deposits?status=pending',
  withdrawals: '/admin/wallet/withdrawals?status=pending_all',
} as const;

export interface PendingTask {
  key: 'kyc' | 'deposits' | 'withdrawals';
  title: string;
  description: string;
  count: number;
  path: string;
}

/** The task list: one entry per kind of work waiting, only when something waits. */
export function pendingTasks(data: AdminDashboard, t: TFunction<'admin'>): PendingTask[] {
  const { pendingKyc, pendingDeposits, pendingWithdrawals } = data.pendingTasks;
  const tasks: PendingTask[] = [
    {
      key: 'kyc',
      title: t('dashboard.links.kyc'),
      description: t('dashboard.task.kyc', { count: pendingKyc, n: pendingKyc }),
      count: pendingKyc,
      path: PENDING_PATHS.kyc,
    },
    {
      key: 'deposits',
      title: t('dashboard.links.deposits'),
      description: t('dashboard.task.deposits', { count: pendingDeposits, n: pendingDeposits }),
      count: pendingDeposits,
      path: PENDING_PATHS.deposits,
    },
    {
      key: 'withdrawals',
      title: t('dashboard.links.withdrawals'),
      description: t('dashboard.task.withdrawals', { count: pendingWithdrawals, n: pendingWithdrawals }),
      count: pendingWithdrawals,
      path: PENDING_PATHS.withdrawals,
    },
  ];
  return tasks.filter((task) => task.count > 0);
}

/** KYC + deposits + withdrawals waiting. */
export const pendingTaskTotal = (data: AdminDashboard): number =>
  data.pendingTasks.pendingKyc + data.pendingTasks.pendingDeposits + data.pendingTasks.pendingWithdrawals;
