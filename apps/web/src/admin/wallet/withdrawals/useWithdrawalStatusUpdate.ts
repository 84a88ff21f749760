import type { AdminWithdrawal, WithdrawalStatus } from '@platform/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toggled } from '../../../components/idSet.ts';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { updateWithdrawalStatus, WITHDRAWALS_QUERY_ROOT } from './withdrawalsApi.ts';

/**
 * One row's status change. While it runs the row's controls are disabled; success shows the server's
 * message (default 状态更新成功), failure 更新提现状态失败: {reason}; then the list reloads. Each change is
 * one action with its Idempotency-Key: the same change again while it runs does nothing.
 */
export function useWithdrawalStatusUpdate() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const keys = useActionKeys();

  const update = useCallback(
    async (row: AdminWithdrawal, status: WithdrawalStatus, adminNote?: string, txHash?: string) => {
      // 已出款 of a USDT withdrawal names its payout (PayoutDialog).
      const body = { status, adminNote, tx_hash: txHash };
      const action = { id: row.id, ...body };
      if (keys.isRunning(action)) return;
      setBusy((current) => toggled(current, row.id, true));
      try {
        const reply = await keys.run(action, (key) => updateWithdrawalStatus(row.id, body, key));
        message.success(reply.message || t('withdrawals.updated'));
      } catch (error) {
        message.error(
          t('withdrawals.updateFailed', { reason: errorMessage(error, t('withdrawals.unknownError')) }),
        );
      } finally {
        setBusy((current) => toggled(current, row.id, false));
        void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_ROOT });
      }
    },
    [queryClient, message, keys, t],
  );

  return { update, busy };
}
