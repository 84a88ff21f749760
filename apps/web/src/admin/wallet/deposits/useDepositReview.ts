import type { AdminDeposit } from '@platform/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toggled } from '../../../components/idSet.ts';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { withDepositStatuses } from './depositStats.ts';
import { DEPOSITS_QUERY_ROOT, type DepositsData, reviewDeposit } from './depositsApi.ts';

/**
 * One deposit's review, applied optimistically: the row and the counters change at once, the call
 * follows; on failure the row is put back and 审核充值失败: {reason} is shown. Either way the list
 * is reloaded afterwards. Each review is one action with its Idempotency-Key: the same review again
 * while it runs (a second dialog's 通过) does nothing.
 */
export function useDepositReview(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const keys = useActionKeys();

  const review = useCallback(
    async (row: AdminDeposit, status: 'approved' | 'rejected', adminNote?: string) => {
      const body = { status, adminNote };
      const action = { id: row.id, ...body };
      if (keys.isRunning(action)) return;
      setBusy((current) => toggled(current, row.id, true));
      const patch = (change: Parameters<typeof withDepositStatuses>[1]) =>
        queryClient.setQueryData<DepositsData>(queryKey, (data) =>
          data ? withDepositStatuses(data, change) : data,
        );
      const sent = keys.run(action, async (idempotencyKey) => {
        await queryClient.cancelQueries({ queryKey });
        patch(new Map([[row.id, { status, admin_note: adminNote ?? row.admin_note }]]));
        return reviewDeposit(row.id, body, idempotencyKey);
      });
      try {
        const reply = await sent;
        // Dual control: at or above the threshold the first approval leaves the deposit pending (待复核).
        const firstOnly = status === 'approved' && reply.data?.deposit?.status === 'pending';
        if (firstOnly) patch(new Map([[row.id, { status: 'pending', admin_note: row.admin_note }]]));
        message.success(
          t(
            firstOnly
              ? 'deposits.firstApprovalRecorded'
              : status === 'approved'
                ? 'deposits.reviewApproved'
                : 'deposits.reviewRejected',
          ),
        );
      } catch (error) {
        patch(new Map([[row.id, { status: row.status, admin_note: row.admin_note }]]));
        message.error(
          t('deposits.reviewFailed', { reason: errorMessage(error, t('deposits.unknownError')) }),
        );
      } finally {
        setBusy((current) => toggled(current, row.id, false));
        void queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_ROOT });
      }
    },
    [queryClient, queryKey, message, keys, t],
  );

  return { review, busy };
}
