import { BellOutlined } from '@ant-design/icons';
import {
  type AdminWithdrawal,
  DEFAULT_PAGE_SIZE,
  WITHDRAW_METHOD_LABELS,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalStatus,
  withdrawMethods,
} from '@platform/contracts';
import { formatExactAmount } from '@platform/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { ListFooter } from '../../components/ListFooter.tsx';
import { useReasonPrompt } from '../../components/ReasonPrompt.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { useListParams } from '../../lib/listParams.ts';
import { notificationPermission, requestNotificationPermission } from '../../lib/operatorAlerts.ts';
import { AdminListPage, FilterButtons } from '../shell/AdminListPage.tsx';
import { UserFilterTag } from '../users/userRecords.tsx';
import { BulkStatusModal } from './withdrawals/BulkStatusModal.tsx';
import { PayoutDialog } from './withdrawals/PayoutDialog.tsx';
import { useWithdrawalRealtime } from './withdrawals/useWithdrawalRealtime.ts';
import { useWithdrawalStatusUpdate } from './withdrawals/useWithdrawalStatusUpdate.ts';
import { WithdrawalDetailModal } from './withdrawals/WithdrawalDetailModal.tsx';
import { WithdrawalsTable } from './withdrawals/WithdrawalsTable.tsx';
import {
  fetchWithdrawals,
  STATUS_FILTERS,
  WITHDRAWAL_LIST_PARAMS,
  WITHDRAWALS_QUERY_ROOT,
  type WithdrawalFilters,
  withdrawalsQueryKey,
} from './withdrawals/withdrawalsApi.ts';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

const TYPE_FILTERS: { key: WithdrawalFilters['type']; label: string }[] = [
  { key: 'all', label: '全部方式' },
  ...withdrawMethods.map((method) => ({ key: method, label: WITHDRAW_METHOD_LABELS[method] })),
];

/** 提现管理: filters, the withdrawal list with status changes, bulk changes and realtime alerts. */
export default function WithdrawalsPage() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const reason = useReasonPrompt();
  // Status, method, search and page are kept in the address (reload, back, 立即处理's link).
  const [filters, setFilters] = useListParams(WITHDRAWAL_LIST_PARAMS);
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<AdminWithdrawal | null>(null);
  /** The rows of the bulk dialog, fixed when it opens (the selection is cleared once it has run). */
  const [bulkRows, setBulkRows] = useState<AdminWithdrawal[] | null>(null);
  const [permission, setPermission] = useState(notificationPermission);
  const [payout, setPayout] = useState<AdminWithdrawal | null>(null);

  const queryKey = useMemo(() => withdrawalsQueryKey(filters), [filters]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchWithdrawals(filters, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const { update, busy } = useWithdrawalStatusUpdate();

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_ROOT });
  }, [queryClient]);
  useWithdrawalRealtime(reload);

  const rows = query.data?.withdrawals ?? [];
  const pagination = query.data?.pagination;
  const selectedRows = rows.filter((row) => selected.includes(row.id));

  /** A filter change goes back to page 1 and forgets the selection. */
  const changeFilters = (change: Partial<WithdrawalFilters>) => {
    setSelected([]);
    setFilters(change);
  };
  const goToPage = (page: number) => {
    setSelected([]);
    setFilters({ page });
  };

  const changeStatus = (row: AdminWithdrawal, status: WithdrawalStatus) => {
    // A USDT payout is confirmed with its transaction hash, which the owner then sees.
    if (status === 'completed' && row.withdraw_type === 'usdt') {
      setPayout(row);
      return;
    }
    modal.confirm({
      title: `确认将状态更改为「${WITHDRAWAL_STATUS_LABELS[status]}」吗？`,
      content: `订单 #${row.id}，用户 ${row.user.email}，金额 ${formatExactAmount(row.amount, row.currency)}`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        void update(row, status);
      },
    });
  };

  const reject = async (row: AdminWithdrawal) => {
    const note = await reason.prompt({
      title: `确认将状态更改为「${WITHDRAWAL_STATUS_LABELS.rejected}」吗？`,
      okText: '拒绝',
      danger: true,
    });
    if (note === null) return;
    await update(row, 'rejected', note);
  };

  return (
    <AdminListPage
      title="提现管理"
      testId="withdrawals"
      query={query}
      loadFailed="获取提现列表失败"
      status={
        permission === 'default' && (
          <Button
            icon={<BellOutlined />}
            onClick={() => void requestNotificationPermission().then(setPermission)}
            data-testid="withdrawals-notify-permission"
          >
            开启新申请桌面通知
          </Button>
        )
      }
      filters={
        <Flex vertical gap={12}>
          <UserFilterTag userId={filters.user_id} onClear={() => changeFilters({ user_id: '' })} />
          <FilterButtons
            label="状态："
            options={STATUS_FILTERS}
            value={filters.status}
            onChange={(status) => changeFilters({ status })}
            testIdPrefix="withdrawals-filter"
          />
          <FilterButtons
            label="方式："
            options={TYPE_FILTERS}
            value={filters.type}
            onChange={(type) => changeFilters({ type })}
            testIdPrefix="withdrawals-type"
          >
            <SearchBox
              value={filters.search}
              onSearch={(search) => changeFilters({ search })}
              placeholder="搜索邮箱、手机号或订单号"
              width={260}
              size="small"
              testId="withdrawals-search"
            />
          </FilterButtons>
        </Flex>
      }
      batchBar={
        selectedRows.length > 0 && (
          <Button type="primary" onClick={() => setBulkRows(selectedRows)} data-testid="withdrawals-bulk">
            批量操作 ({selectedRows.length})
          </Button>
        )
      }
      table={
        <WithdrawalsTable
          rows={rows}
          loading={query.isFetching}
          selected={selected}
          onSelect={setSelected}
          busy={busy}
          onChange={changeStatus}
          onReject={(row) => void reject(row)}
          onDetail={setDetail}
        />
      }
      footer={
        <ListFooter
          pagination={pagination}
          page={filters.page}
          onChange={goToPage}
          disabled={query.isFetching}
          testId="withdrawals"
        />
      }
      below={
        <>
          <WithdrawalDetailModal row={detail} onClose={() => setDetail(null)} />
          <PayoutDialog
            row={payout}
            onClose={() => setPayout(null)}
            onConfirm={(row, txHash, note) => void update(row, 'completed', note, txHash)}
          />
          <BulkStatusModal
            open={bulkRows !== null}
            rows={bulkRows ?? []}
            onClose={() => setBulkRows(null)}
            onDone={() => {
              setSelected([]);
              reload();
            }}
          />
          {reason.element}
        </>
      }
    />
  );
}
