import { BellOutlined } from '@ant-design/icons';
import {
  type AdminWithdrawal,
  DEFAULT_PAGE_SIZE,
  type WithdrawalStatus,
  withdrawMethods,
} from '@platform/contracts';
import { formatExactAmount } from '@platform/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

const TYPE_FILTERS: readonly WithdrawalFilters['type'][] = ['all', ...withdrawMethods];

/** 提现管理: filters, the withdrawal list with status changes, bulk changes and realtime alerts. */
export default function WithdrawalsPage() {
  const { t } = useTranslation('admin');
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
      title: t('withdrawals.confirmStatus', { status: t(`withdrawals.status.${status}`) }),
      content: t('withdrawals.confirmStatusText', {
        id: row.id,
        email: row.user.email,
        amount: formatExactAmount(row.amount, row.currency),
      }),
      okText: t('withdrawals.ok'),
      cancelText: t('withdrawals.cancel'),
      onOk: () => {
        void update(row, status);
      },
    });
  };

  const reject = async (row: AdminWithdrawal) => {
    const note = await reason.prompt({
      title: t('withdrawals.confirmStatus', { status: t('withdrawals.status.rejected') }),
      okText: t('withdrawals.reject'),
      danger: true,
    });
    if (note === null) return;
    await update(row, 'rejected', note);
  };

  return (
    <AdminListPage
      title={t('menu.withdrawals')}
      testId="withdrawals"
      query={query}
      loadFailed={t('withdrawals.loadFailed')}
      status={
        permission === 'default' && (
          <Button
            icon={<BellOutlined />}
            onClick={() => void requestNotificationPermission().then(setPermission)}
            data-testid="withdrawals-notify-permission"
          >
            {t('withdrawals.enableNotifications')}
          </Button>
        )
      }
      filters={
        <Flex vertical gap={12}>
          <UserFilterTag userId={filters.user_id} onClear={() => changeFilters({ user_id: '' })} />
          <FilterButtons
            label={t('withdrawals.statusLabel')}
            options={STATUS_FILTERS.map(({ key }) => ({ key, label: t(`withdrawals.filter.${key}`) }))}
            value={filters.status}
            onChange={(status) => changeFilters({ status })}
            testIdPrefix="withdrawals-filter"
          />
          <FilterButtons
            label={t('withdrawals.methodLabel')}
            options={TYPE_FILTERS.map((key) => ({
              key,
              label: key === 'all' ? t('withdrawals.allMethods') : t(`withdrawals.method.${key}`),
            }))}
            value={filters.type}
            onChange={(type) => changeFilters({ type })}
            testIdPrefix="withdrawals-type"
          >
            <SearchBox
              value={filters.search}
              onSearch={(search) => changeFilters({ search })}
              placeholder={t('withdrawals.search')}
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
            {t('withdrawals.bulk', { n: selectedRows.length })}
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
