import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { DUAL_CONTROL_TEXTS } from '@platform/contracts';
import { formatCount, formatDateTimeShort, formatExactAmount } from '@platform/domain';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Flex, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
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

const NOUN: Record<PayoutApprovalKind, { count: string; what: string }> = {
  salary: { count: '人', what: '工资' },
  reward: { count: '条', what: '奖励' },
};

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

const summaryOf = (a: PayoutApproval) =>
  `${a.kind === 'salary' && a.payout_date ? `${a.payout_date} ` : ''}${formatCount(a.items.length)} ${NOUN[a.kind].count}${NOUN[a.kind].what}`;

/**
 * 待复核发放 (dual control, issue 17): the salary or reward payouts at or above the payout threshold
 * that one admin recorded and that wait for another. Each row says exactly what will be paid (date,
 * count, total, the items when expanded) and who recorded it when. 复核通过 repeats the first
 * admin's pay call with exactly the proposal's content (see payoutReplay), which the server matches
 * by its fingerprint; the first approver's own is disabled. 驳回 cancels it (nothing was paid).
 * Nothing shows while nothing waits (nor when the list cannot be read: the lists' 待复核 tags remain).
 */
export function PendingPayoutApprovals({ kind }: { kind: PayoutApprovalKind }) {
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
        message.warning(`${outcome.message}（发放内容已变化，已作为新的待复核记录）`, 8);
      else message.success(outcome.message);
      if (outcome.skipped.length > 0)
        message.warning(
          `已跳过 ${outcome.skipped.length} ${NOUN[kind].count}（已发放或不再满足条件），${kind === 'salary' ? '用户ID' : '奖励ID'} ${outcome.skipped.join('、')}`,
          8,
        );
    },
    onError: (error) => message.error(`复核通过失败: ${errorMessage(error, '未知错误')}`),
    onSettled: refresh,
  });

  const reject = useIdempotentMutation({
    mutationFn: (approval: PayoutApproval, idempotencyKey) =>
      rejectPayoutApproval(approval.id, idempotencyKey),
    onSuccess: (serverMessage) => message.success(serverMessage),
    onError: (error) => message.error(`驳回失败: ${errorMessage(error, '未知错误')}`),
    onSettled: refresh,
  });

  const confirmApprove = (approval: PayoutApproval) => {
    modal.confirm({
      title: `复核通过${NOUN[kind].what}发放`,
      content: (
        <Flex vertical gap={4} data-testid="payout-approval-confirm">
          <span>
            {firstApprovalText(approval.first_approval)} 的发放：{summaryOf(approval)}
          </span>
          <span>
            合计{' '}
            <Typography.Text strong>{formatExactAmount(approval.total, approval.currency)}</Typography.Text>
            ，确认后立即发放到用户余额。
          </span>
        </Flex>
      ),
      okText: '确认复核通过',
      cancelText: '取消',
      // The dialog stays open (its button loading) until the server has answered.
      onOk: () => approve.mutateAsync(approval).catch(() => undefined),
    });
  };

  const confirmReject = (approval: PayoutApproval) => {
    modal.confirm({
      title: `驳回${NOUN[kind].what}发放`,
      content: (
        <span data-testid="payout-approval-reject-confirm">
          驳回 {summaryOf(approval)}（合计 {formatExactAmount(approval.total, approval.currency)}
          ）？不会发放任何金额，如需发放须重新提交。
        </span>
      ),
      okText: '确认驳回',
      okButtonProps: { danger: true },
      cancelText: '取消',
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
      ? [{ title: '发放日', key: 'date', render: (_: unknown, a: PayoutApproval) => a.payout_date ?? '-' }]
      : []),
    {
      title: '数量',
      key: 'count',
      render: (_, a) => `${formatCount(a.items.length)} ${NOUN[kind].count}`,
    },
    {
      title: '合计',
      key: 'total',
      render: (_, a) => <Typography.Text strong>{formatExactAmount(a.total, a.currency)}</Typography.Text>,
    },
    {
      title: '首审',
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
      title: '操作',
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
                  复核通过
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
              驳回
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
          待复核发放 <Badge count={approvals.length} overflowCount={999} color="#fa8c16" />
        </span>
      }
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {DUAL_CONTROL_TEXTS.secondAdminRequired}：复核通过即按首审内容发放
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
  type Item = PayoutApproval['items'][number];
  const columns: TableColumnsType<Item> = [
    { title: '用户ID', dataIndex: 'user_id', key: 'user' },
    ...(approval.kind === 'reward'
      ? [{ title: '奖励ID', dataIndex: 'reward_id', key: 'reward' }]
      : [
          {
            title: '等级',
            key: 'level',
            render: (_: unknown, i: Item) => (i.level === null ? '-' : `L${i.level}`),
          },
        ]),
    {
      title: '金额',
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
