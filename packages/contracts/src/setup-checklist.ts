import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope } from './envelope.ts';

/**
 * The setup checklist of a fresh install (issue 33): what an operator must do before the platform
 * holds real money, each item read from the live configuration and data (never ticked by hand), shown
 * on the dashboard until every item is done. GET /api/admin/setup-checklist (any admin).
 */

export const setupChecklistKeys = [
  'price_sources',
  'deposit_channels',
  'withdraw_channels',
  'approval_thresholds',
  'second_super_admin',
  'admin_two_factor',
] as const;
export const setupChecklistKey = z.enum(setupChecklistKeys);
export type SetupChecklistKey = z.infer<typeof setupChecklistKey>;

export const SETUP_CHECKLIST_TITLES: Record<SetupChecklistKey, string> = {
  price_sources: '接入真实价格源',
  deposit_channels: '启用充值通道',
  withdraw_channels: '启用提现通道',
  approval_thresholds: '确认复核阈值',
  second_super_admin: '设置第二位超级管理员',
  admin_two_factor: '所有管理员开启两步验证',
};

/** Where each item is done in the back office (the price sources are the server's configuration). */
export const SETUP_CHECKLIST_LINKS: Record<SetupChecklistKey, string> = {
  price_sources: '/admin/trading/price-sources',
  deposit_channels: '/admin/wallet/channels',
  withdraw_channels: '/admin/wallet/withdraw-channels',
  approval_thresholds: '/admin/wallet/approval-thresholds',
  second_super_admin: '/admin/admins',
  admin_two_factor: '/admin/admins',
};

export const setupChecklistItem = z.object({
  key: setupChecklistKey,
  done: z.boolean(),
  /** What stands now, or what to do (Chinese). */
  detail: z.string(),
});
export type SetupChecklistItem = z.infer<typeof setupChecklistItem>;

export const setupChecklist = z.object({
  /** Every key of setupChecklistKeys, in that order. */
  items: z.array(setupChecklistItem),
  /** True when every item is done: the dashboard no longer shows the list. */
  complete: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklist>;

export const getSetupChecklist = endpoint({
  method: 'GET',
  path: '/api/admin/setup-checklist',
  operationId: 'getSetupChecklist',
  summary: '上线准备清单',
  description: 'The go-live checklist.',
  reply: envelope(setupChecklist),
});
