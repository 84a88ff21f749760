import { type AdminDeposit, type DateRange, DEFAULT_PAGE_SIZE, depositStatuses } from '@platform/contracts';
import { formatExactAmount } from '@platform/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

const RANGES: readonly (DateRange | 'all')[] = ['all', 'today', 'week', 'month'];

/** 充值管理: stats, filters, the deposit list with review and batch review. */
export default function DepositsPage() {
  const { t } = useTranslation('admin');
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
      title: t('deposits.confirmApprove'),
      content: t('deposits.confirmApproveText', {
        email: row.user_email,
        amount: formatExactAmount(row.amount, row.currency),
      }),
      okText: t('deposits.approve'),
      cancelText: t('deposits.cancel'),
      onOk: () => {
        void review(row, 'approved');
      },
    });
  };

  const reject = async (row: AdminDeposit) => {
    const note = await reason.prompt({
      title: t('deposits.rejectTitle', { id: row.id }),
      okText: t('deposits.reject'),
      danger: true,
    });
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
        awaiting ? t('deposits.batchAwaiting', { n: awaiting }) : '',
        skipped ? t('deposits.batchSkipped', { count: skipped, n: skipped }) : '',
      ].filter(Boolean);
      const done = t(action === 'approve' ? 'deposits.batchApproved' : 'deposits.batchRejected', {
        n: count,
      });
      message.success([done, ...notes].join(t('deposits.noteSeparator')));
      setSelected([]);
    } catch (error) {
      message.error(t('deposits.batchFailed', { reason: errorMessage(error, t('deposits.unknownError')) }));
    } finally {
      setBatchRunning(false);
      void queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_ROOT });
    }
  };

  const batch = async (action: 'approve' | 'reject') => {
    const targets = batchTargets(rows, selected);
    if (targets.length === 0) {
      message.warning(t('deposits.noPending'));
      return;
    }
    const ids = targets.map((row) => row.id);
    const scope =
      selected.length > 0
        ? t('deposits.scopeSelected', { count: ids.length, n: ids.length })
        : t('deposits.scopeAll', { count: ids.length, n: ids.length });
    if (action === 'approve') {
      modal.confirm({
        title: t('deposits.confirmBatchApprove'),
        content: t('deposits.confirmBatchApproveText', { scope }),
        okText: t('deposits.batchApprove'),
        cancelText: t('deposits.cancel'),
        onOk: () => {
          void runBatch('approve', ids);
        },
      });
      return;
    }
    const note = await reason.prompt({
      title: t('deposits.confirmBatchReject', { scope }),
      okText: t('deposits.batchReject'),
      danger: true,
    });
    if (note === null) return;
    await runBatch('reject', ids, note);
  };

  const noPending = !stats || stats.pendingDeposits === 0;
  const batchScope = selected.length > 0 ? t('deposits.batchScope', { n: selected.length }) : '';

  return (
    <AdminListPage
      title={t('menu.deposits')}
      testId="deposits"
      query={query}
      loadFailed={t(loadedOnce.current ? 'deposits.loadListFailed' : 'deposits.loadFailed')}
      summary={<DepositStatCards stats={stats} loading={query.isLoading} />}
      filters={
        <Space wrap>
          <UserFilterTag userId={filters.user_id} onClear={() => changeFilters({ user_id: '' })} />
          <Select
            style={{ width: 140 }}
            value={filters.status}
            options={[
              { value: 'all', label: t('deposits.allStatuses') },
              ...depositStatuses.map((status) => ({ value: status, label: t(`deposits.status.${status}`) })),
            ]}
            onChange={(status) => changeFilters({ status })}
            data-testid="deposits-status-filter"
          />
          <Button
            type={filters.awaiting === 'true' ? 'primary' : 'default'}
            onClick={() => changeFilters({ awaiting: filters.awaiting === 'true' ? 'all' : 'true' })}
            data-testid="deposits-awaiting-filter"
          >
            {t('deposits.awaitingOnly')}
          </Button>
          <SearchBox
            value={filters.search}
            onSearch={(search) => changeFilters({ search })}
            placeholder={t('deposits.search')}
            width={300}
            testId="deposits-search"
          />
          <Space.Compact>
            {RANGES.map((range) => (
              <Button
                key={range}
                type={filters.dateRange === range ? 'primary' : 'default'}
                onClick={() => changeFilters({ dateRange: range })}
                data-testid={`deposits-range-${range}`}
              >
                {t(`deposits.ranges.${range}`)}
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
            {t('deposits.batchApprove')}
            {batchScope}
          </Button>
          <Button
            danger
            disabled={noPending || batchRunning}
            onClick={() => void batch('reject')}
            data-testid="deposits-batch-reject"
          >
            {t('deposits.batchReject')}
            {batchScope}
          </Button>
        </Space>
      }
      filterHint={
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {t('deposits.batchHint')}
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
