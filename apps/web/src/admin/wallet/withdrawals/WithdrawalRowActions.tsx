import { DownOutlined } from '@ant-design/icons';
import type { AdminWithdrawal, WithdrawalStatus } from '@platform/contracts';
import { isWithdrawalFinal, nextWithdrawalStatuses } from '@platform/domain';
import { Button, Dropdown, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OwnRequestTip } from '../../ownRequest.tsx';

/**
 * The statuses the dropdown offers: the status machine's next ones, except 已拒绝, which has its own
 * button because it needs a reason.
 */
export function dropdownStatuses(status: WithdrawalStatus): WithdrawalStatus[] {
  return nextWithdrawalStatuses(status).filter((next) => next !== 'rejected');
}

export interface WithdrawalRowActionsProps {
  row: AdminWithdrawal;
  busy: boolean;
  onChange: (row: AdminWithdrawal, status: WithdrawalStatus) => void;
  onReject: (row: AdminWithdrawal) => void;
  onDetail: (row: AdminWithdrawal) => void;
  /** The signed-in admin's own withdrawal: no status change (the server refuses with 403). */
  own?: boolean;
  /** The signed-in admin recorded the first approval: 已通过 needs another admin (409). */
  firstApprover?: boolean;
}

/** Non-final rows: next-status dropdown, details, reject. Final rows: details and 已处理. */
export function WithdrawalRowActions({
  row,
  busy,
  onChange,
  onReject,
  onDetail,
  own = false,
  firstApprover = false,
}: WithdrawalRowActionsProps) {
  const { t } = useTranslation('admin');
  const detail = (
    <Button size="small" onClick={() => onDetail(row)} data-testid={`withdrawal-detail-${row.id}`}>
      {t('withdrawals.details')}
    </Button>
  );
  if (isWithdrawalFinal(row.status)) {
    return (
      <Space size={4}>
        {detail}
        <Typography.Text type="secondary" data-testid={`withdrawal-done-${row.id}`}>
          {t('withdrawals.processed')}
        </Typography.Text>
      </Space>
    );
  }
  const options = dropdownStatuses(row.status);
  const canReject = nextWithdrawalStatuses(row.status).includes('rejected');
  return (
    <Space size={4} wrap>
      {options.length > 0 && (
        <OwnRequestTip own={own}>
          <Dropdown
            trigger={['click']}
            disabled={busy || own}
            menu={{
              items: options.map((status) => {
                const second = status === 'approved' && row.first_approval !== null;
                return {
                  key: status,
                  disabled: status === 'approved' && firstApprover,
                  label: (
                    <span data-testid={`withdrawal-next-${row.id}-${status}`}>
                      {t(`withdrawals.status.${status}`)}
                      {second &&
                        (firstApprover
                          ? t('withdrawals.secondAdminRequired', {
                              text: t('withdrawals.secondAdminRequiredText'),
                            })
                          : t('withdrawals.secondReview'))}
                    </span>
                  ),
                };
              }),
              onClick: ({ key }) => onChange(row, key as WithdrawalStatus),
            }}
          >
            <Button
              size="small"
              type="primary"
              disabled={busy || own}
              loading={busy}
              data-testid={`withdrawal-next-${row.id}`}
            >
              {t('withdrawals.changeStatus')} <DownOutlined />
            </Button>
          </Dropdown>
        </OwnRequestTip>
      )}
      {detail}
      {canReject && (
        <OwnRequestTip own={own}>
          <Button
            size="small"
            danger
            disabled={busy || own}
            onClick={() => onReject(row)}
            data-testid={`withdrawal-reject-${row.id}`}
          >
            {t('withdrawals.reject')}
          </Button>
        </OwnRequestTip>
      )}
    </Space>
  );
}
