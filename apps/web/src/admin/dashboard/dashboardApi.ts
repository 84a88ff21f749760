import { type AdminDashboard, getAdminDashboard } from '@platform/contracts';
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
export function pendingTasks(data: AdminDashboard): PendingTask[] {
  const { pendingKyc, pendingDeposits, pendingWithdrawals } = data.pendingTasks;
  const tasks: PendingTask[] = [
    {
      key: 'kyc',
      title: 'KYC审核',
      description: `${pendingKyc} 个用户的身份认证等待审核`,
      count: pendingKyc,
      path: PENDING_PATHS.kyc,
    },
    {
      key: 'deposits',
      title: '充值审核',
      description: `${pendingDeposits} 笔充值申请等待审核`,
      count: pendingDeposits,
      path: PENDING_PATHS.deposits,
    },
    {
      key: 'withdrawals',
      title: '提现审核',
      description: `${pendingWithdrawals} 笔提现申请等待处理`,
      count: pendingWithdrawals,
      path: PENDING_PATHS.withdrawals,
    },
  ];
  return tasks.filter((task) => task.count > 0);
}

/** KYC + deposits + withdrawals waiting. */
export const pendingTaskTotal = (data: AdminDashboard): number =>
  data.pendingTasks.pendingKyc + data.pendingTasks.pendingDeposits + data.pendingTasks.pendingWithdrawals;
