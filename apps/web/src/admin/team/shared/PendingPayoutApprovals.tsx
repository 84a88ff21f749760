import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { formatCount, formatDateTimeShort, formatExactAmount } from '@platform/domain';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Flex, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotentMutation } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { DASHBOARD_QUERY_KEY } from '../../dashboard/dashboardApi.ts';
import {
  firstApprovalReason,
  firstApprovalText,
  SecondAdminTip,
  useIsFirstApprover,
} from '../../dualControl.tsx';
import { REWARDS_QUERY_ROOT } from '../rewards/rewardsApi.ts';
import { SALARY_QUERY_ROOT } from '../salary/salaryApi.ts';
import {
  fetchPayoutApprovals,
  PAYOUT_APPROVALS_ROOT,
  type PayoutApproval,
  type PayoutApprovalKind,
  payoutApprovalsKey,
  rejectPayoutApproval,
  replayPayout,
  replayProblem,
} from './payoutApprovalsApi.ts';

/** The lists a decision changes: the card, the page's lists and the dashboard's counts. */
const KEYS_TO_REFRESH: Record<PayoutApprovalKind, QueryKey[]> = {
  salary: [
    PAYOUT_APPROVALS_ROOT,
    [...SALARY_QUERY_ROOT, 'eligible-users'],
    [...SALARY_QUERY_ROOT, 'statistics'],
    DASHBOARD_QUERY_KEY,
  ],
  reward: [PAYOUT_APPROVALS_ROOT, REWARDS_QUERY_ROOT, DASHBOARD_QUERY_KEY],
};

const summaryOf = (t: TFunction<'admin'>, a: PayoutApproval) =>
  t(`team.shared.summary.${a.kind}`, {
    date: a.kind === 'salary' && a.payout_date ? `${a.payout_date} ` : '',
    count: a.items.length,
    n: formatCount(a.items.length),
  });

/**
 * 待复核发放 (dual control, issue 17): the salary or reward payouts at or above the payout threshold
 * that one admin recorded and that wait for another. Each row says exactly what will be paid (date,
 * count, total, the items when expanded) and who recorded it when. 复核通过 repeats the first
 * admin's pay call with exactly the proposal's content (see payoutReplay), which the server matches
 * by its fingerprint; the first approver's own is disabled. 驳回 cancels it (nothing was paid).
 * Nothing shows while nothing waits (nor when the list cannot be read: the lists' 待复核 tags remain).
 */
export function PendingPayoutApprovals({ kind }: { kind: PayoutApprovalKind }) {
  const { t } = useTranslation('admin');
  const what = t(`team.shared.what.${kind}`);
  const unknown = t('team.shared.unknownError');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const isMine = useIsFirstApprover();

  const query = useQuery({
    queryKey: payoutApprovalsKey(kind),
    queryFn: ({ signal }) => fetchPayoutApprovals(kind, signal),
  });

  const refresh = () => {
    for (const queryKey of KEYS_TO_REFRESH[kind]) void queryClient.invalidateQueries({ queryKey });
  };

  const approve = useIdempotentMutation({
    mutationFn: replayPayout,
    onSuccess: (outcome) => {
      if (outcome.awaiting)
        // What the call would pay changed since the first approval: it recorded a new one.
        message.warning(t('team.shared.changed', { message: outcome.message }), 8);
      else message.success(outcome.message);
      if (outcome.skipped.length > 0)
        message.warning(
          t(`team.shared.skipped.${kind}`, {
            count: outcome.skipped.length,
            n: outcome.skipped.length,
            ids: outcome.skipped.join(t('team.shared.listSeparator')),
          }),
          8,
        );
    },
    onError: (error) =>
      message.error(t('team.shared.approveFailed', { reason: errorMessage(error, unknown) })),
    onSettled: refresh,
  });

  const reject = useIdempotentMutation({
    mutationFn: (approval: PayoutApproval, idempotencyKey) =>
      rejectPayoutApproval(approval.id, idempotencyKey),
    onSuccess: (serverMessage) => message.success(serverMessage),
    onError: (error) =>
      message.error(t('team.shared.rejectFailed', { reason: errorMessage(error, unknown) })),
    onSettled: refresh,
  });

  const confirmApprove = (approval: PayoutApproval) => {
    modal.confirm({
      title: t('team.shared.approveTitle', { what }),
      content: (
        <Flex vertical gap={4} data-testid="payout-approval-confirm">
          <span>
            {t('team.shared.approveWhat', {
              first: firstApprovalText(approval.first_approval),
              summary: summaryOf(t, approval),
            })}
          </span>
          <span>
            {t('team.shared.approveTotal')}{' '}
            <Typography.Text strong>{formatExactAmount(approval.total, approval.currency)}</Typography.Text>
            {t('team.shared.approveThen')}
          </span>
        </Flex>
      ),
      okText: t('team.shared.approveOk'),
      cancelText: t('team.shared.cancel'),
      // The dialog stays open (its button loading) until the server has answered.
      onOk: () => approve.mutateAsync(approval).catch(() => undefined),
    });
  };

  const confirmReject = (approval: PayoutApproval) => {
    modal.confirm({
      title: t('team.shared.rejectTitle', { what }),
      content: (
        <span data-testid="payout-approval-reject-confirm">
          {t('team.shared.rejectText', {
            summary: summaryOf(t, approval),
            total: formatExactAmount(approval.total, approval.currency),
          })}
        </span>
      ),
      okText: t('team.shared.rejectOk'),
      okButtonProps: { danger: true },
      cancelText: t('team.shared.cancel'),
      onOk: () => reject.mutateAsync(approval).catch(() => undefined),
    });
  };

  const approvals = query.data ?? [];
  if (approvals.length === 0) return null;

  const busy = (approval: PayoutApproval) =>
    (approve.isPending && approve.variables?.id === approval.id) ||
    (reject.isPending && reject.variables?.id === approval.id);

  const columns: TableColumnsType<PayoutApproval> = [
    ...(kind === 'salary'
      ? [
          {
            title: t('team.shared.date'),
            key: 'date',
            render: (_: unknown, a: PayoutApproval) => a.payout_date ?? '-',
          },
        ]
      : []),
    {
      title: t('team.shared.countTitle'),
      key: 'count',
      render: (_, a) =>
        t(`team.shared.count.${kind}`, { count: a.items.length, n: formatCount(a.items.length) }),
    },
    {
      title: t('team.shared.total'),
      key: 'total',
      render: (_, a) => <Typography.Text strong>{formatExactAmount(a.total, a.currency)}</Typography.Text>,
    },
    {
      title: t('team.shared.first'),
      key: 'first',
      render: (_, a) => (
        <Flex vertical>
          <span>{a.first_approval.admin_email ?? `#${a.first_approval.admin_id}`}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTimeShort(a.first_approval.at)}
          </Typography.Text>
          {firstApprovalReason(a.first_approval) && (
            <Typography.Text
              type="warning"
              style={{ fontSize: 12 }}
              data-testid={`payout-approval-reason-${a.id}`}
            >
              {firstApprovalReason(a.first_approval)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('team.shared.actions'),
      key: 'actions',
      render: (_, a) => {
        const mine = isMine(a.first_approval);
        const problem = replayProblem(a);
        return (
          <Flex gap={8}>
            <SecondAdminTip mine={mine}>
              <Tooltip title={mine ? undefined : problem}>
                <Button
                  size="small"
                  type="primary"
                  icon={<CheckOutlined />}
                  disabled={mine || problem !== null || busy(a)}
                  loading={approve.isPending && approve.variables?.id === a.id}
                  onClick={() => confirmApprove(a)}
                  data-testid={`payout-approval-approve-${a.id}`}
                >
                  {t('team.shared.approve')}
                </Button>
              </Tooltip>
            </SecondAdminTip>
            <Button
              size="small"
              danger
              icon={<CloseOutlined />}
              disabled={busy(a)}
              loading={reject.isPending && reject.variables?.id === a.id}
              onClick={() => confirmReject(a)}
              data-testid={`payout-approval-reject-${a.id}`}
            >
              {t('team.shared.reject')}
            </Button>
          </Flex>
        );
      },
    },
  ];

  return (
    <Card
      size="small"
      title={
        <span>
          {t('team.shared.title')} <Badge count={approvals.length} overflowCount={999} color="#fa8c16" />
        </span>
      }
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('team.shared.note', { required: t('team.shared.secondAdminRequired') })}
        </Typography.Text>
      }
      data-testid={`payout-approvals-${kind}`}
    >
      <Table<PayoutApproval>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={approvals}
        columns={columns}
        onRow={(a) => ({ 'data-testid': `payout-approval-${a.id}` }) as HTMLAttributes<HTMLElement>}
        expandable={{
          expandedRowRender: (a) => <PayoutItems approval={a} />,
        }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

/** The proposal's items: who gets what (the reward id and the salary level where they apply). */
function PayoutItems({ approval }: { approval: PayoutApproval }) {
  const { t } = useTranslation('admin');
  type Item = PayoutApproval['items'][number];
  const columns: TableColumnsType<Item> = [
    { title: t('team.shared.items.user'), dataIndex: 'user_id', key: 'user' },
    ...(approval.kind === 'reward'
      ? [{ title: t('team.shared.items.reward'), dataIndex: 'reward_id', key: 'reward' }]
      : [
          {
            title: t('team.shared.items.level'),
            key: 'level',
            render: (_: unknown, i: Item) => (i.level === null ? '-' : `L${i.level}`),
          },
        ]),
    {
      title: t('team.shared.items.amount'),
      key: 'amount',
      render: (_, i) => formatExactAmount(i.amount, approval.currency),
    },
  ];
  return (
    <div data-testid={`payout-approval-items-${approval.id}`}>
      <Table<Item>
        rowKey={(i) => `${i.user_id}:${i.reward_id ?? ''}`}
        size="small"
        pagination={false}
        dataSource={approval.items}
        columns={columns}
      />
    </div>
  );
}
