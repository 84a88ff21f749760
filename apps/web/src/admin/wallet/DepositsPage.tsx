import {
  type AdminDeposit,
  type DateRange,
  DEFAULT_PAGE_SIZE,
  DEPOSIT_STATUS_LABELS,
  depositStatuses,
} from '@platform/contracts';
import { formatExactAmount } from '@platform/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { ListFooter } from '../../components/ListFooter.tsx';
import { useReasonPrompt } from '../../components/ReasonPrompt.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { useActionKeys } from '../../lib/idempotency.ts';
import { useListParams } from '../../lib/listParams.ts';
import { errorMessage } from '../../lib/request.ts';
import { AdminListPage } from '../shell/AdminListPage.tsx';
import { UserFilterTag } from '../users/userRecords.tsx';
import { DepositDetailModal } from './deposits/DepositDetailModal.tsx';
import { DepositStatCards } from './deposits/DepositStatCards.tsx';
import { DepositsTable } from './deposits/DepositsTable.tsx';
import { batchTargets } from './deposits/depositStats.ts';
import {
  batchReviewDeposits,
  DEPOSIT_LIST_PARAMS,
  DEPOSITS_QUERY_ROOT,
  type DepositFilters,
  depositsQueryKey,
  fetchDeposits,
} from './deposits/depositsApi.ts';
import { useDepositReview } from './deposits/useDepositReview.ts';

/** The size the list asks for (spec 000 §2, §9); its pager pages by the size the reply says. */
const PAGE_SIZE = DEFAULT_PAGE_SIZE;

const RANGES: { key: DateRange | 'all'; label: string }[] = [
  { key: 'all', label: '全部时间' },
  { key: 'today', label: '今天' },
  { key: 'week', label: '本周' },
  { key: 'month', label: '本月' },
];

const STATUS_OPTIONS = [
  { value: 'all', label: '全部状态' },
  ...depositStatuses.map((status) => ({ value: status, label: DEPOSIT_STATUS_LABELS[status] })),
];

/** 充值管理: stats, filters, the deposit list with review and batch review. */
export default function DepositsPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const reason = useReasonPrompt();
  // Status, search, time range and page are kept in the address (reload, back, 立即处理's link).
  const [filters, setFilters] = useListParams(DEPOSIT_LIST_PARAMS);
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<AdminDeposit | null>(null);
  const [batchRunning, setBatchRunning] = useState(false);
  const batchKeys = useActionKeys();
  const loadedOnce = useRef(false);

  const queryKey = useMemo(() => depositsQueryKey(filters), [filters]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchDeposits(filters, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  if (query.isSuccess) loadedOnce.current = true;
  const { review, busy } = useDepositReview(queryKey);

  /** A filter change goes back to page 1 and forgets the selection. */
  const changeFilters = (change: Partial<DepositFilters>) => {
    setSelected([]);
    setFilters(change);
  };

  const rows = query.data?.deposits ?? [];
  const stats = query.data?.stats;
  const pagination = query.data?.pagination;

  const approve = (row: AdminDeposit) => {
    modal.confirm({
      title: '确认通过',
      content: `确定要通过用户 ${row.user_email} 的这笔充值（${formatExactAmount(row.amount, row.currency)}）吗？`,
      okText: '通过',
      cancelText: '取消',
      onOk: () => {
        void review(row, 'approved');
      },
    });
  };

  const reject = async (row: AdminDeposit) => {
    const note = await reason.prompt({ title: `拒绝充值 #${row.id}`, okText: '拒绝', danger: true });
    if (note === null) return;
    await review(row, 'rejected', note);
  };

  const runBatch = async (action: 'approve' | 'reject', ids: number[], adminNote?: string) => {
    const body = { action, depositIds: ids, adminNote };
    // The same batch already on its way (a second dialog's 批量通过) is not sent or reported twice.
    if (batchKeys.isRunning(body)) return;
    setBatchRunning(true);
    try {
      const reply = await batchKeys.run(body, (key) => batchReviewDeposits(body, key));
      const count = reply.data.processedCount;
      const awaiting = reply.data.awaitingSecondApprovalIds?.length ?? 0;
      const skipped = reply.data.skipped?.length ?? 0;
      const notes = [
        awaiting ? `${awaiting} 条已记录审核，等待另一位管理员复核` : '',
        skipped ? `${skipped} 条需要另一位管理员复核` : '',
      ].filter(Boolean);
      message.success(
        `${action === 'approve' ? '批量通过成功' : '批量拒绝成功'}，已处理 ${count} 条${notes.map((n) => `，${n}`).join('')}`,
      );
      setSelected([]);
    } catch (error) {
      message.error(`批量审核失败: ${errorMessage(error, '未知错误')}`);
    } finally {
      setBatchRunning(false);
      void queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_ROOT });
    }
  };

  const batch = async (action: 'approve' | 'reject') => {
    const targets = batchTargets(rows, selected);
    if (targets.length === 0) {
      message.warning('没有待审核的充值记录');
      return;
    }
    const ids = targets.map((row) => row.id);
    const scope =
      selected.length > 0
        ? `所选的 ${ids.length} 条待审核充值记录`
        : `当前列表中全部 ${ids.length} 条待审核充值记录`;
    if (action === 'approve') {
      modal.confirm({
        title: '确认批量通过',
        content: `确定要通过${scope}吗？`,
        okText: '批量通过',
        cancelText: '取消',
        onOk: () => {
          void runBatch('approve', ids);
        },
      });
      return;
    }
    const note = await reason.prompt({ title: `确认批量拒绝${scope}？`, okText: '批量拒绝', danger: true });
    if (note === null) return;
    await runBatch('reject', ids, note);
  };

  const noPending = !stats || stats.pendingDeposits === 0;
  const batchScope = selected.length > 0 ? `（已选 ${selected.length}）` : '';

  return (
    <AdminListPage
      title="充值管理"
      testId="deposits"
      query={query}
      loadFailed={loadedOnce.current ? '获取充值列表失败' : '获取充值数据失败'}
      summary={<DepositStatCards stats={stats} loading={query.isLoading} />}
      filters={
        <Space wrap>
          <UserFilterTag userId={filters.user_id} onClear={() => changeFilters({ user_id: '' })} />
          <Select
            style={{ width: 140 }}
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => changeFilters({ status })}
            data-testid="deposits-status-filter"
          />
          <Button
            type={filters.awaiting === 'true' ? 'primary' : 'default'}
            onClick={() => changeFilters({ awaiting: filters.awaiting === 'true' ? 'all' : 'true' })}
            data-testid="deposits-awaiting-filter"
          >
            只看待复核
          </Button>
          <SearchBox
            value={filters.search}
            onSearch={(search) => changeFilters({ search })}
            placeholder="邮箱 / 用户ID / 交易哈希 / 充值ID"
            width={300}
            testId="deposits-search"
          />
          <Space.Compact>
            {RANGES.map((range) => (
              <Button
                key={range.key}
                type={filters.dateRange === range.key ? 'primary' : 'default'}
                onClick={() => changeFilters({ dateRange: range.key })}
                data-testid={`deposits-range-${range.key}`}
              >
                {range.label}
              </Button>
            ))}
          </Space.Compact>
        </Space>
      }
      batchBar={
        <Space wrap>
          <Button
            type="primary"
            disabled={noPending || batchRunning}
            loading={batchRunning}
            onClick={() => void batch('approve')}
            data-testid="deposits-batch-approve"
          >
            批量通过{batchScope}
          </Button>
          <Button
            danger
            disabled={noPending || batchRunning}
            onClick={() => void batch('reject')}
            data-testid="deposits-batch-reject"
          >
            批量拒绝{batchScope}
          </Button>
        </Space>
      }
      filterHint={
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          批量操作只处理当前列表中的待审核记录：勾选了记录时处理所选记录，否则处理本页全部待审核记录。
        </Typography.Text>
      }
      table={
        <DepositsTable
          rows={rows}
          loading={query.isFetching && !batchRunning}
          selected={selected}
          onSelect={setSelected}
          busy={busy}
          onApprove={approve}
          onReject={(row) => void reject(row)}
          onDetail={setDetail}
        />
      }
      footer={
        <ListFooter
          pagination={pagination}
          page={filters.page}
          onChange={(page) => {
            setSelected([]);
            setFilters({ page });
          }}
          testId="deposits"
        />
      }
      below={
        <>
          <DepositDetailModal
            // The row as the list now has it: after a review the detail shows the new status.
            deposit={detail && (rows.find((row) => row.id === detail.id) ?? detail)}
            onClose={() => setDetail(null)}
            review={{ busy, onApprove: approve, onReject: reject }}
          />
          {reason.element}
        </>
      }
    />
  );
}
