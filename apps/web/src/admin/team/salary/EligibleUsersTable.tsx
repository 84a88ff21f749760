import { SALARY_CURRENCY } from '@platform/contracts';
import { formatCount, formatNumber, formatPercent } from '@platform/domain';
import { Button, Empty, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { SecondApprovalTag } from '../../dualControl.tsx';
import { ListTable } from '../../shell/AdminListPage.tsx';
import { UserCell } from '../shared/UserCell.tsx';
import type { SalaryCandidate } from './salaryApi.ts';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export interface EligibleUsersTableProps {
  rows: SalaryCandidate[];
  loading: boolean;
  /** User ids of the selected unpaid rows. */
  selected: readonly number[];
  onSelect: (userIds: number[]) => void;
  /** Users whose payout is waiting for the server. */
  paying: ReadonlySet<number>;
  onPay: (user: SalaryCandidate) => void;
  /** Why the date cannot be paid (a future date): the pay buttons are disabled with it as their tip. */
  payDisabledReason?: string | null;
  emptyText: string;
}

/** A count with its charged part under it: "12" over "已充值 10". */
function Counts({ total, charged }: { total: number; charged: number }) {
  const { t } = useTranslation('admin');
  return (
    <Flex vertical align="flex-end" style={numeric}>
      <span>{formatCount(total)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('team.salary.table.charged', { n: formatCount(charged) })}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The users eligible on the payout date (spec 001 §2 "Salary"): unpaid ones can be selected and
 * paid; paid ones show 已发放 with the time (and what was paid when it differs from the level shown,
 * after the salary table changed).
 */
export function EligibleUsersTable({
  rows,
  loading,
  selected,
  onSelect,
  paying,
  onPay,
  payDisabledReason = null,
  emptyText,
}: EligibleUsersTableProps) {
  const { t } = useTranslation('admin');
  const columns: TableColumnsType<SalaryCandidate> = [
    {
      title: t('team.salary.table.email'),
      key: 'email',
      render: (_, user) => <UserCell email={user.email} userId={user.userId} />,
    },
    {
      title: t('team.salary.table.code'),
      key: 'inviteCode',
      render: (_, user) => <Typography.Text code>{user.inviteCode}</Typography.Text>,
    },
    {
      title: t('team.salary.table.level'),
      key: 'level',
      render: (_, user) => (
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          L{user.salaryLevel}
        </Tag>
      ),
    },
    {
      title: t('team.salary.table.amount'),
      key: 'amount',
      align: 'right',
      render: (_, user) => (
        <Typography.Text strong style={numeric} data-testid={`salary-amount-${user.userId}`}>
          {formatNumber(user.salaryAmount, 2)} {SALARY_CURRENCY}
        </Typography.Text>
      ),
    },
    {
      title: t('team.salary.table.direct'),
      key: 'direct',
      align: 'right',
      render: (_, user) => <Counts total={user.directReferrals} charged={user.chargedDirectReferrals} />,
    },
    {
      title: t('team.salary.table.team'),
      key: 'team',
      align: 'right',
      render: (_, user) => <Counts total={user.teamMembers} charged={user.chargedTeamMembers} />,
    },
    {
      title: t('team.salary.table.conversion'),
      key: 'conversion',
      align: 'right',
      render: (_, user) => (
        <span style={numeric}>{formatPercent(user.conversionRate, 2, { sign: false })}</span>
      ),
    },
    {
      title: t('team.salary.table.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, user) =>
        user.paid ? (
          <Flex vertical align="flex-start" gap={2} data-testid={`salary-paid-${user.userId}`}>
            <Tag color="success" style={{ marginInlineEnd: 0 }}>
              {t('team.salary.table.paid')}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <StackedDateTime value={user.paid.paid_at} />
            </Typography.Text>
            {(user.paid.level !== user.salaryLevel || user.paid.amount !== user.salaryAmount) && (
              <Typography.Text type="secondary" style={{ ...numeric, fontSize: 12 }}>
                {t('team.salary.table.paidAs', {
                  level: user.paid.level,
                  amount: `${formatNumber(user.paid.amount, 2)} ${SALARY_CURRENCY}`,
                })}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          <Flex vertical align="flex-start" gap={2}>
            <Tooltip title={payDisabledReason}>
              <Button
                size="small"
                type="primary"
                disabled={payDisabledReason !== null}
                loading={paying.has(user.userId)}
                onClick={() => onPay(user)}
                data-testid={`salary-pay-${user.userId}`}
              >
                {t('team.salary.table.pay')}
              </Button>
            </Tooltip>
            <SecondApprovalTag first={user.firstApproval} testId={`salary-second-approval-${user.userId}`} />
          </Flex>
        ),
    },
  ];

  return (
    <ListTable<SalaryCandidate>
      rowId={(user) => user.userId}
      columns={columns}
      rows={rows}
      loading={loading}
      rowTestId="salary-row"
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
      selection={{
        selected,
        onSelect,
        checkbox: (user) => ({
          disabled: user.paid !== null,
          'aria-label': t('team.salary.table.select', { email: user.email }),
        }),
        allLabel: t('team.salary.table.selectAll'),
      }}
    />
  );
}
