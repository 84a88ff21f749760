import { PlusOutlined } from '@ant-design/icons';
import {
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
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
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
      message.error(t('adjustments.failed', { reason: errorMessage(error, t('adjustments.unknownError')) }));
    } finally {
      setBusy(null);
      reload();
    }
  };

  const approve = (row: AdminAdjustment) => {
    modal.confirm({
      title: t('adjustments.confirmApprove'),
      content: t('adjustments.confirmApproveText', { email: row.user_email, amount: signedAmount(row) }),
      okText: t('adjustments.approve'),
      cancelText: t('adjustments.cancel'),
      // The dialog stays open (its button loading) until the approval has answered.
      onOk: () =>
        run(row, { review: 'approve' }, (key) => approveAdjustment(row.id, key), t('adjustments.approved')),
    });
  };

  const reject = async (row: AdminAdjustment) => {
    const own = row.created_by === me;
    const note = await reason.prompt({
      title: t(own ? 'adjustments.withdrawTitle' : 'adjustments.rejectTitle', { id: row.id }),
      label: own ? t('adjustments.withdrawReason') : undefined,
      okText: t(own ? 'adjustments.withdraw' : 'adjustments.reject'),
      danger: true,
    });
    if (note === null) return;
    await run(
      row,
      { review: 'reject', reason: note },
      (key) => rejectAdjustment(row.id, note, key),
      t(own ? 'adjustments.withdrawn' : 'adjustments.rejected'),
    );
  };

  const columns: TableColumnsType<AdminAdjustment> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: t('adjustments.user'),
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
      title: t('adjustments.amount'),
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
      title: t('adjustments.reason'),
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
      title: t('adjustments.statusColumn'),
      key: 'status',
      render: (_, row) => (
        <Tag color={STATUS_COLORS[row.status]} data-testid="adjustment-status">
          {t(`adjustments.status.${row.status}`)}
        </Tag>
      ),
    },
    {
      title: t('adjustments.createdBy'),
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
      title: t('adjustments.reviewedBy'),
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
      title: t('adjustments.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => {
        if (row.status !== 'pending') return <Typography.Text type="secondary">-</Typography.Text>;
        const ownAccount = row.user_id === me;
        const ownProposal = row.created_by === me;
        const approveTip = ownAccount
          ? t('adjustments.ownAccount')
          : ownProposal
            ? t('adjustments.secondAdmin')
            : '';
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
                  {t('adjustments.approve')}
                </Button>
              </span>
            </Tooltip>
            <Tooltip title={ownAccount ? t('adjustments.ownAccount') : ''}>
              <span style={tipWrapper(ownAccount)}>
                <Button
                  size="small"
                  danger
                  disabled={ownAccount || busy === row.id}
                  onClick={() => void reject(row)}
                  style={ownAccount ? { pointerEvents: 'none' } : undefined}
                  data-testid={`adjustment-reject-${row.id}`}
                >
                  {t(ownProposal ? 'adjustments.withdraw' : 'adjustments.reject')}
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
      title={t('menu.adjustments')}
      testId="adjustments"
      query={query}
      loadFailed={t('adjustments.loadFailed')}
      // A failed background reload keeps the rows already shown.
      reloadError="keep"
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="adjustments-create"
        >
          {t('adjustments.create')}
        </Button>
      }
      summary={
        <Alert
          type="info"
          showIcon
          data-testid="adjustments-help"
          title={t('adjustments.helpTitle')}
          description={t('adjustments.helpText')}
        />
      }
      filters={
        <Segmented
          value={filters.status}
          options={[
            { value: 'all', label: t('adjustments.all') },
            ...adjustmentStatuses.map((status) => ({
              value: status,
              label: t(`adjustments.status.${status}`),
            })),
          ]}
          onChange={(status) => setFilters({ status: status as AdjustmentStatus | 'all' })}
          data-testid="adjustments-status-filter"
        />
      }
      batchBar={
        <Typography.Text type="secondary" data-testid="adjustments-pending-count">
          {t('adjustments.pendingCount', { n: pendingCount })}
        </Typography.Text>
      }
      table={
        <ListTable<AdminAdjustment>
          columns={columns}
          rows={rows}
          loading={query.isFetching}
          rowTestId="adjustment-row"
          empty={<Empty description={t('adjustments.empty')} />}
        />
      }
      footer={
        <ListFooter
          pagination={pagination}
          page={filters.page}
          onChange={(page) => setFilters({ page })}
          noun={t('adjustments.noun')}
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
