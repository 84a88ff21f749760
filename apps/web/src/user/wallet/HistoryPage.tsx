import { DEFAULT_PAGE_SIZE } from '@platform/contracts';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { UserPage } from '../shell/UserPage.tsx';
import { NarrowColumn } from './NarrowColumn.tsx';
import { PagedRecords } from './PagedRecords.tsx';
import { DepositRecord, TransactionRecord, WithdrawalRecord } from './records.tsx';
import { useWalletRealtime } from './useWalletRealtime.ts';
import { fetchDeposits, fetchTransactions, fetchWithdrawals, walletKeys } from './walletApi.ts';

const TABS = ['deposits', 'withdrawals', 'transactions'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** 记录: the user's deposits, withdrawals and ledger entries, each status kept current live. */
export default function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const active: Tab = isTab(tab) ? tab : 'deposits';
  useWalletRealtime();

  return (
    <NarrowColumn>
      <UserPage title="记录" back="/wallet" testId="wallet-history-page">
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            {
              key: 'deposits',
              label: '充值',
              children: (
                <PagedRecords
                  queryKey={walletKeys.deposits}
                  fetchPage={fetchDeposits}
                  pick={(d) => ({ items: d.deposits, pagination: d.pagination })}
                  itemKey={(d) => d.id}
                  renderItem={(d) => <DepositRecord deposit={d} />}
                  emptyText="暂无充值记录"
                  errorTitle="获取充值记录失败"
                  testId="history-deposits"
                />
              ),
            },
            {
              key: 'withdrawals',
              label: '提现',
              children: (
                <PagedRecords
                  queryKey={walletKeys.withdrawals}
                  fetchPage={fetchWithdrawals}
                  pick={(d) => ({ items: d.withdrawals, pagination: d.pagination })}
                  itemKey={(w) => w.id}
                  renderItem={(w) => <WithdrawalRecord withdrawal={w} />}
                  emptyText="暂无提现记录"
                  errorTitle="获取提现记录失败"
                  testId="history-withdrawals"
                />
              ),
            },
            {
              key: 'transactions',
              label: '全部流水',
              children: (
                <PagedRecords
                  queryKey={(page) => walletKeys.transactions(page, DEFAULT_PAGE_SIZE)}
                  fetchPage={(page, signal) => fetchTransactions(page, DEFAULT_PAGE_SIZE, signal)}
                  pick={(d) => ({ items: d.transactions, pagination: d.pagination })}
                  itemKey={(t) => t.id}
                  renderItem={(t) => <TransactionRecord tx={t} />}
                  emptyText="暂无资金流水"
                  errorTitle="获取资金流水失败"
                  testId="history-transactions"
                />
              ),
            },
          ]}
        />
      </UserPage>
    </NarrowColumn>
  );
}
