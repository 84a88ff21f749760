import { DEFAULT_PAGE_SIZE } from '@platform/contracts';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('user');

  return (
    <NarrowColumn>
      <UserPage title={t('wallet.history')} back="/wallet" testId="wallet-history-page">
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            {
              key: 'deposits',
              label: t('wallet.depositsTab'),
              children: (
                <PagedRecords
                  queryKey={walletKeys.deposits}
                  fetchPage={fetchDeposits}
                  pick={(d) => ({ items: d.deposits, pagination: d.pagination })}
                  itemKey={(d) => d.id}
                  renderItem={(d) => <DepositRecord deposit={d} />}
                  emptyText={t('wallet.noDeposits')}
                  errorTitle={t('wallet.depositsFailed')}
                  testId="history-deposits"
                />
              ),
            },
            {
              key: 'withdrawals',
              label: t('wallet.withdrawalsTab'),
              children: (
                <PagedRecords
                  queryKey={walletKeys.withdrawals}
                  fetchPage={fetchWithdrawals}
                  pick={(d) => ({ items: d.withdrawals, pagination: d.pagination })}
                  itemKey={(w) => w.id}
                  renderItem={(w) => <WithdrawalRecord withdrawal={w} />}
                  emptyText={t('wallet.noWithdrawals')}
                  errorTitle={t('wallet.withdrawalsFailed')}
                  testId="history-withdrawals"
                />
              ),
            },
            {
              key: 'transactions',
              label: t('wallet.transactionsTab'),
              children: (
                <PagedRecords
                  queryKey={(page) => walletKeys.transactions(page, DEFAULT_PAGE_SIZE)}
                  fetchPage={(page, signal) => fetchTransactions(page, DEFAULT_PAGE_SIZE, signal)}
                  pick={(d) => ({ items: d.transactions, pagination: d.pagination })}
                  itemKey={(t) => t.id}
                  renderItem={(t) => <TransactionRecord tx={t} />}
                  emptyText={t('wallet.noTransactions')}
                  errorTitle={t('wallet.transactionsFailed')}
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
