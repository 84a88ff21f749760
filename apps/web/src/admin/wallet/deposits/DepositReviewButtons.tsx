import type { AdminDeposit } from '@platform/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { SecondAdminTip, useIsFirstApprover } from '../../dualControl.tsx';
import { OwnRequestTip, useIsOwnRequest } from '../../ownRequest.tsx';

export interface DepositReviewActions {
  /** Deposits whose review is on its way: their buttons are disabled. */
  busy: ReadonlySet<number>;
  onApprove: (row: AdminDeposit) => void;
  onReject: (row: AdminDeposit) => void;
}

/**
 * 通过 (复核通过 after a first approval) and 拒绝 of a pending deposit, as the list's row and the
 * detail show them: the same calls (the page's approve / reject, useDepositReview) and the same
 * rules. The signed-in admin's own deposit cannot be reviewed by them (403), and the admin who
 * recorded the first approval cannot approve again (409), so those buttons are disabled with a tip.
 */
export function DepositReviewButtons({
  row,
  busy,
  onApprove,
  onReject,
  testIdPrefix = 'deposit',
}: DepositReviewActions & { row: AdminDeposit; testIdPrefix?: string }) {
  const { t } = useTranslation('admin');
  const isOwn = useIsOwnRequest();
  const isFirstApprover = useIsFirstApprover();
  if (row.status !== 'pending') return null;
  return (
    <OwnRequestTip own={isOwn(row.user_id)}>
      <SecondAdminTip mine={isFirstApprover(row.first_approval)}>
        <Button
          size="small"
          type="primary"
          disabled={busy.has(row.id) || isOwn(row.user_id) || isFirstApprover(row.first_approval)}
          onClick={() => onApprove(row)}
          data-testid={`${testIdPrefix}-approve-${row.id}`}
        >
          {t(row.first_approval ? 'deposits.secondApprove' : 'deposits.approve')}
        </Button>
      </SecondAdminTip>
      <Button
        size="small"
        danger
        disabled={busy.has(row.id) || isOwn(row.user_id)}
        onClick={() => onReject(row)}
        data-testid={`${testIdPrefix}-reject-${row.id}`}
      >
        {t('deposits.reject')}
      </Button>
    </OwnRequestTip>
  );
}
