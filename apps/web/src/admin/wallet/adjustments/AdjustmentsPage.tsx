import { PlusOutlined } from '@ant-design/icons';
import {
  ADJUSTMENT_STATUS_LABELS,
  type AdjustmentStatus,
  type AdminAdjustment,
  adjustmentStatuses,
  DEFAULT_PAGE_SIZE,
} from '@platform/contracts';
import { formatExactAmount } from '@platform/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Segmented,
  Space,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { useReasonPrompt } from '../../../components/ReasonPrompt.tsx';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { useListParams } from '../../../lib/listParams.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import { AdminListPage, ListTable } from '../../shell/AdminListPage.tsx';
import {
  ADJUSTMENT_LIST_PARAMS,
  ADJUSTMENTS_QUERY_ROOT,
  adjustmentsQueryKey,
  approveAdjustment,
  fetchAdjustments,
  rejectAdjustment,
} from './adjustmentsApi.ts';
import { CreateAdjustmentModal } from './CreateAdjustmentModal.tsx';
import { useAdjustmentRealtime } from './useAdjustmentRealtime.ts';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

const STATUS_COLORS: Record<AdjustmentStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

const STATUS_OPTIONS = [
  { value: 'all', label: '全部' },
  ...adjustmentStatuses.map((status) => ({ value: status, label: ADJUSTMENT_STATUS_LABELS[status] })),
];

export const SECOND_ADMIN_TIP = '需要另一位管理员复核';
export const OWN_ACCOUNT_TIP = '不能审核自己的申请';

const tipWrapper = (disabled: boolean) =>
  ({ display: 'inline-block', cursor: disabled ? 'not-allowed' : undefined }) as const;

/** A signed amount with every digit: +100.00 USDT, -50.00 USDT. */
export function signedAmount(row: Pick<AdminAdjustment, 'amount' | 'currency'>): string {
  const negative = row.amount.trim().startsWith('-');
  const text = formatExactAmount(row.amount.trim().replace(/^-/, ''), row.currency);
  return `${negative ? '-' : '+'}${text}`;
}

/**
 * 余额调整: one admin proposes a signed change of a user's available balance, a different admin
 * approves it (then it is posted to the ledger) or anyone rejects it. The list follows the other
 * admins' proposals and reviews in realtime (useAdjustmentRealtime).
 */
export default function AdjustmentsPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const reason = useReasonPrompt();
  const me = useSessionSnapshot().user?.id ?? null;
  const [filters, setFilters] = useListParams(ADJUSTMENT_LIST_PARAMS);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const keys = useActionKeys();

  const queryKey = useMemo(() => adjustmentsQueryKey(filters), [filters]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchAdjustments(filters, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_QUERY_ROOT });
  // Another admin's proposal or review shows up without a manual refresh.
  useAdjustmentRealtime(reload);

  /** One review (`action`: what it sends), with its Idempotency-Key; the same one again while it runs does nothing. */
  const run = async (
    row: AdminAdjustment,
    action: { review: 'approve' | 'reject'; reason?: string },
    call: (idempotencyKey: string) => Promise<unknown>,
    done: string,
  ) => {
    const input = { id: row.id, ...action };
    if (keys.isRunning(input)) return;
    setBusy(row.id);
    try {
      await keys.run(input, call);
      message.success(done);
    } catch (error) {
      message.error(`操作失败: ${errorMessage(error, '未知错误')}`);
    } finally {
      setBusy(null);
      reload();
    }
  };

  const approve = (row: AdminAdjustment) => {
    modal.confirm({
      title: '确认通过',
      content: `确定要通过对用户 ${row.user_email} 的余额调整（${signedAmount(row)}）吗？通过后立即入账。`,
      okText: '通过',
      cancelText: '取消',
      // The dialog stays open (its button loading) until the approval has answered.
      onOk: () => run(row, { review: 'approve' }, (key) => approveAdjustment(row.id, key), '余额调整已通过'),
    });
  };

  const reject = async (row: AdminAdjustment) => {
    const own = row.created_by === me;
    const note = await reason.prompt({
      title: own ? `撤销余额调整 #${row.id}` : `拒绝余额调整 #${row.id}`,
      label: own ? '请输入撤销原因:' : undefined,
      okText: own ? '撤销' : '拒绝',
      danger: true,
    });
    if (note === null) return;
    await run(
      row,
      { review: 'reject', reason: note },
      (key) => rejectAdjustment(row.id, note, key),
      own ? '余额调整已撤销' : '余额调整已拒绝',
    );
  };

  const columns: TableColumnsType<AdminAdjustment> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: '用户',
      key: 'user',
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: row.user_email }} style={{ maxWidth: 220 }}>
            {row.user_email}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ID {row.user_id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: '调整金额',
      key: 'amount',
      align: 'right',
      render: (_, row) => (
        <Typography.Text
          strong
          type={row.amount.startsWith('-') ? 'danger' : 'success'}
          style={{ whiteSpace: 'nowrap' }}
        >
          {signedAmount(row)}
        </Typography.Text>
      ),
    },
    {
      title: '原因',
      key: 'reason',
      render: (_, row) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, tooltip: row.reason }}
          style={{ margin: 0, maxWidth: 260 }}
        >
          {row.reason}
        </Typography.Paragraph>
      ),
    },
    {
      title: '状态',
      key: 'status',
      render: (_, row) => (
        <Tag color={STATUS_COLORS[row.status]} data-testid="adjustment-status">
          {ADJUSTMENT_STATUS_LABELS[row.status]}
        </Tag>
      ),
    },
    {
      title: '提交人',
      key: 'created_by',
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: row.created_by_email }} style={{ maxWidth: 180 }}>
            {row.created_by_email}
          </Typography.Text>
          <span style={{ fontSize: 12 }}>
            <StackedDateTime value={row.created_at} />
          </span>
        </Flex>
      ),
    },
    {
      title: '复核人',
      key: 'reviewed_by',
      render: (_, row) =>
        row.reviewed_by_email ? (
          <Flex vertical>
            <Typography.Text ellipsis={{ tooltip: row.reviewed_by_email }} style={{ maxWidth: 180 }}>
              {row.reviewed_by_email}
            </Typography.Text>
            {row.reviewed_at && (
              <span style={{ fontSize: 12 }}>
                <StackedDateTime value={row.reviewed_at} />
              </span>
            )}
            {row.review_note && (
              <Typography.Text
                type="secondary"
                ellipsis={{ tooltip: row.review_note }}
                style={{ maxWidth: 180 }}
              >
                {row.review_note}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_, row) => {
        if (row.status !== 'pending') return <Typography.Text type="secondary">-</Typography.Text>;
        const ownAccount = row.user_id === me;
        const ownProposal = row.created_by === me;
        const approveTip = ownAccount ? OWN_ACCOUNT_TIP : ownProposal ? SECOND_ADMIN_TIP : '';
        return (
          <Space>
            <Tooltip title={approveTip}>
              {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
              <span style={tipWrapper(Boolean(approveTip))} data-testid={`adjustment-approve-tip-${row.id}`}>
                <Button
                  size="small"
                  type="primary"
                  disabled={Boolean(approveTip) || busy === row.id}
                  onClick={() => approve(row)}
                  style={approveTip ? { pointerEvents: 'none' } : undefined}
                  data-testid={`adjustment-approve-${row.id}`}
                >
                  通过
                </Button>
              </span>
            </Tooltip>
            <Tooltip title={ownAccount ? OWN_ACCOUNT_TIP : ''}>
              <span style={tipWrapper(ownAccount)}>
                <Button
                  size="small"
                  danger
                  disabled={ownAccount || busy === row.id}
                  onClick={() => void reject(row)}
                  style={ownAccount ? { pointerEvents: 'none' } : undefined}
                  data-testid={`adjustment-reject-${row.id}`}
                >
                  {ownProposal ? '撤销' : '拒绝'}
                </Button>
              </span>
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  const rows = query.data?.adjustments ?? [];
  const pagination = query.data?.pagination;
  const pendingCount = query.data?.pendingCount ?? 0;

  return (
    <AdminListPage
      title="余额调整"
      testId="adjustments"
      query={query}
      loadFailed="获取余额调整失败"
      // A failed background reload keeps the rows already shown.
      reloadError="keep"
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="adjustments-create"
        >
          新建调整
        </Button>
      }
      summary={
        <Alert
          type="info"
          showIcon
          data-testid="adjustments-help"
          title="每笔调整都需要两位管理员：一位提交，另一位复核通过后才会计入用户的可用余额（金额不限）。"
          description="资金流水只增不改：入账有误时，请提交一笔方向相反的调整来冲正，原记录保留。扣减后余额不能为负；任何管理员都不能调整或复核自己账户的余额。"
        />
      }
      filters={
        <Segmented
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilters({ status: status as AdjustmentStatus | 'all' })}
          data-testid="adjustments-status-filter"
        />
      }
      batchBar={
        <Typography.Text type="secondary" data-testid="adjustments-pending-count">
          待复核 {pendingCount} 笔
        </Typography.Text>
      }
      table={
        <ListTable<AdminAdjustment>
          columns={columns}
          rows={rows}
          loading={query.isFetching}
          rowTestId="adjustment-row"
          empty={<Empty description="暂无余额调整记录" />}
        />
      }
      footer={
        <ListFooter
          pagination={pagination}
          page={filters.page}
          onChange={(page) => setFilters({ page })}
          noun="条调整"
          testId="adjustments"
        />
      }
      below={
        <>
          <CreateAdjustmentModal open={creating} onClose={() => setCreating(false)} onCreated={reload} />
          {reason.element}
        </>
      }
    />
  );
}
