import { ArrowDownOutlined, ArrowUpOutlined, HistoryOutlined, RightOutlined } from '@ant-design/icons';
import { DEFAULT_CURRENCY } from '@platform/contracts';
import { formatBalance } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CoinIcon } from '../../components/CoinIcon.tsx';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { KycBadge } from '../../components/StatusTags.tsx';
import { errorMessage } from '../../lib/request.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { fetchKycStatus, kycStatusKey } from '../kyc/kycApi.ts';
import { UserPage } from '../shell/UserPage.tsx';
import { HoldingPnl, useHoldings } from './HoldingPnl.tsx';
import { NarrowColumn } from './NarrowColumn.tsx';
import { TransactionRecord } from './records.tsx';
import { useWalletRealtime } from './useWalletRealtime.ts';
import { fetchTransactions, fetchWallet, type WalletData, walletKeys } from './walletApi.ts';
import { assetRows, walletOf } from './walletMath.ts';

const RECENT_COUNT = 5;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
      <span style={{ fontSize: 12, opacity: 0.8 }}>{label}</span>
      <span style={{ fontSize: 15, fontWeight: 600, wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </span>
    </Flex>
  );
}

/** A USDT amount on the card: to the cent, rounded down (never more than the user has). */
const usdt = (value: string) => formatBalance(value, DEFAULT_CURRENCY, { unit: false });

/**
 * 总资产: everything the user holds valued in USDT at the reference prices, so that buying a coin
 * moves value from USDT to the coin and leaves the total. Currencies without a price are named as
 * left out, never counted as 0 in silence. Below it, the USDT wallet's three parts.
 */
function BalanceCard({ data }: { data: WalletData }) {
  const wallet = walletOf(data.wallets, DEFAULT_CURRENCY);
  const { t } = useTranslation('user');
  return (
    <Card
      style={{ background: 'linear-gradient(135deg, #1677ff 0%, #4096ff 100%)', border: 0 }}
      styles={{ body: { padding: 20, color: '#fff' } }}
      data-testid="wallet-balance-card"
    >
      <span style={{ fontSize: 13, opacity: 0.85 }}>
        {t('wallet.totalValue', { currency: DEFAULT_CURRENCY })}
      </span>
      <div
        style={{
          fontSize: 30,
          fontWeight: 700,
          lineHeight: 1.3,
          margin: '4px 0 4px',
          wordBreak: 'break-all',
        }}
        data-testid="wallet-total"
      >
        {usdt(data.total_value_usdt)}
      </div>
      <div style={{ fontSize: 12, opacity: 0.85, marginBottom: 12 }} data-testid="wallet-total-note">
        {data.unpriced_currencies.length > 0
          ? t('wallet.unpriced', { currencies: data.unpriced_currencies.join(t('wallet.unpricedSeparator')) })
          : t('wallet.allPriced')}
      </div>
      <Flex gap={12}>
        <Figure
          label={t('wallet.available', { currency: DEFAULT_CURRENCY })}
          value={usdt(wallet.balance)}
          testId="wallet-available"
        />
        <Figure label={t('wallet.frozen')} value={usdt(wallet.frozen_balance)} testId="wallet-frozen" />
        <Figure label={t('wallet.salary')} value={usdt(wallet.salary_balance)} testId="wallet-salary" />
      </Flex>
    </Card>
  );
}

/** 资产: each currency held, its value in USDT, its share of the total, its cost and P&L; a row opens its detail. */
function AssetList({ data }: { data: WalletData }) {
  const holdings = useHoldings();
  const { t } = useTranslation('user');
  return (
    <Card
      size="small"
      title={t('wallet.assets')}
      styles={{ body: { paddingTop: 0, paddingBottom: 0 } }}
      data-testid="wallet-assets"
    >
      {assetRows(data.wallets, data.total_value_usdt).map(({ wallet, held, share }) => (
        <Link
          key={wallet.currency}
          to={`/wallet/asset/${wallet.currency}`}
          style={{ color: 'inherit', display: 'block' }}
          data-testid={`asset-row-${wallet.currency}`}
        >
          <Flex
            justify="space-between"
            align="center"
            gap={8}
            style={{ padding: '10px 0', borderBottom: '1px solid var(--app-divider)' }}
          >
            <Flex vertical style={{ minWidth: 0 }}>
              <Flex gap={6} align="center">
                <CoinIcon coin={wallet.currency} size={20} />
                <Typography.Text strong>{wallet.currency}</Typography.Text>
              </Flex>
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12 }}
                data-testid={`asset-share-${wallet.currency}`}
              >
                {share === null ? t('wallet.noShare') : t('wallet.share', { share })}
              </Typography.Text>
              <HoldingPnl
                currency={wallet.currency}
                holding={holdings.data?.find((h) => h.currency === wallet.currency)}
              />
            </Flex>
            <Flex align="center" gap={8} style={{ minWidth: 0 }}>
              <Flex vertical align="flex-end" style={{ minWidth: 0 }}>
                <span style={{ wordBreak: 'break-all' }} data-testid={`asset-amount-${wallet.currency}`}>
                  {formatBalance(held, wallet.currency)}
                </span>
                {wallet.value_usdt === null ? (
                  <Tag
                    color="orange"
                    style={{ marginInlineEnd: 0 }}
                    data-testid={`asset-value-${wallet.currency}`}
                  >
                    {t('wallet.noPrice')}
                  </Tag>
                ) : wallet.currency === DEFAULT_CURRENCY ? null : (
                  <Typography.Text
                    type="secondary"
                    style={{ fontSize: 12 }}
                    data-testid={`asset-value-${wallet.currency}`}
                  >
                    ≈ {formatBalance(wallet.value_usdt, DEFAULT_CURRENCY)}
                  </Typography.Text>
                )}
              </Flex>
              <RightOutlined style={{ color: '#bfbfbf', fontSize: 12 }} />
            </Flex>
          </Flex>
        </Link>
      ))}
    </Card>
  );
}

function ActionButton({
  icon,
  label,
  to,
  testId,
}: {
  icon: ReactNode;
  label: string;
  to: string;
  testId: string;
}) {
  const navigate = useNavigate();
  return (
    <Button
      size="large"
      icon={icon}
      onClick={() => navigate(to)}
      style={{ flex: 1, minWidth: 0 }}
      type={to.endsWith('deposit') ? 'primary' : 'default'}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

/** 实名认证 and its state, linking to /kyc. */
function KycRow() {
  const { token } = useSessionSnapshot();
  const kyc = useQuery({
    queryKey: kycStatusKey,
    queryFn: ({ signal }) => fetchKycStatus(signal),
    enabled: Boolean(token),
  });
  const status = kyc.data?.kyc_status;
  const { t } = useTranslation('user');
  return (
    <Link to="/kyc" data-testid="wallet-kyc" style={{ color: 'inherit' }}>
      <Card size="small" hoverable>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong>{t('wallet.kyc')}</Typography.Text>
          <Flex align="center" gap={8}>
            {status ? (
              <span data-testid="wallet-kyc-status">
                <KycBadge status={status} />
              </span>
            ) : kyc.isError ? (
              <Typography.Text type="secondary">{t('wallet.loadFailed')}</Typography.Text>
            ) : (
              <Skeleton.Button active size="small" />
            )}
            <Typography.Text type="secondary">
              {status === 'approved'
                ? t('wallet.view')
                : status === 'none' || status === 'rejected'
                  ? t('wallet.verify')
                  : ''}
              <RightOutlined style={{ marginLeft: 4, fontSize: 12 }} />
            </Typography.Text>
          </Flex>
        </Flex>
      </Card>
    </Link>
  );
}

function RecentTransactions() {
  const recent = useQuery({
    queryKey: walletKeys.transactions(1, RECENT_COUNT),
    queryFn: ({ signal }) => fetchTransactions(1, RECENT_COUNT, signal),
  });
  const { t } = useTranslation('user');
  let body: ReactNode;
  if (recent.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (recent.isError)
    body = (
      <LoadErrorView
        title={t('wallet.transactionsFailed')}
        reason={errorMessage(recent.error, t('wallet.transactionsFailed'))}
        onRetry={() => void recent.refetch()}
        retrying={recent.isFetching}
      />
    );
  else if (recent.data.transactions.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wallet.noTransactions')} />;
  else body = recent.data.transactions.map((tx) => <TransactionRecord key={tx.id} tx={tx} />);
  return (
    <Card
      size="small"
      title={t('wallet.recent')}
      extra={<Link to="/wallet/history?tab=transactions">{t('wallet.viewAll')}</Link>}
      styles={{ body: { paddingTop: 0 } }}
      data-testid="wallet-recent"
    >
      {body}
    </Card>
  );
}

/** 资产: balances, the money actions, the KYC state and the latest ledger entries, kept current live. */
export default function WalletPage() {
  const { token } = useSessionSnapshot();
  const wallet = useQuery({
    queryKey: walletKeys.wallet,
    queryFn: ({ signal }) => fetchWallet(signal),
    enabled: Boolean(token),
  });
  useWalletRealtime();
  const { t } = useTranslation('user');

  let content: ReactNode;
  if (wallet.isPending) content = <PageLoading />;
  else if (wallet.isError)
    content = (
      <LoadErrorView
        title={t('wallet.walletFailed')}
        reason={errorMessage(wallet.error, t('wallet.walletFailed'))}
        onRetry={() => void wallet.refetch()}
        retrying={wallet.isFetching}
      />
    );
  else {
    content = (
      <>
        <BalanceCard data={wallet.data} />
        <Flex gap={8}>
          <ActionButton
            icon={<ArrowDownOutlined />}
            label={t('wallet.deposit')}
            to="/wallet/deposit"
            testId="wallet-deposit"
          />
          <ActionButton
            icon={<ArrowUpOutlined />}
            label={t('wallet.withdraw')}
            to="/wallet/withdraw"
            testId="wallet-withdraw"
          />
          <ActionButton
            icon={<HistoryOutlined />}
            label={t('wallet.history')}
            to="/wallet/history"
            testId="wallet-history"
          />
        </Flex>
        <AssetList data={wallet.data} />
        <KycRow />
        <RecentTransactions />
      </>
    );
  }

  return (
    <NarrowColumn>
      <UserPage title={t('wallet.title')} testId="wallet-page">
        {content}
      </UserPage>
    </NarrowColumn>
  );
}
