import { DownOutlined } from '@ant-design/icons';
import {
  type AdminWithdrawal,
  DUAL_CONTROL_TEXTS,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalStatus,
} from '@platform/contracts';
import { isWithdrawalFinal, nextWithdrawalStatuses } from '@platform/domain';
import { Button, Dropdown, Space, Typography } from 'antd';
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
  const detail = (
    <Button size="small" onClick={() => onDetail(row)} data-testid={`withdrawal-detail-${row.id}`}>
      详情
    </Button>
  );
  if (isWithdrawalFinal(row.status)) {
    return (
      <Space size={4}>
        {detail}
        <Typography.Text type="secondary" data-testid={`withdrawal-done-${row.id}`}>
          已处理
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
                      {WITHDRAWAL_STATUS_LABELS[status]}
                      {second &&
                        (firstApprover ? `（${DUAL_CONTROL_TEXTS.secondAdminRequired}）` : '（复核）')}
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
              更改状态 <DownOutlined />
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
            拒绝
          </Button>
        </OwnRequestTip>
      )}
    </Space>
  );
}
