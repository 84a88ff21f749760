import { ArrowDownOutlined, ArrowUpOutlined, HistoryOutlined, RightOutlined } from '@ant-design/icons';
import { DEFAULT_CURRENCY, type WalletView } from '@platform/contracts';
import { formatCrypto, formatNumber } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { KycBadge } from '../../admin/users/UserBits.tsx';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { errorMessage } from '../../lib/request.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { fetchKycStatus, kycStatusKey } from '../kyc/kycApi.ts';
import { UserPage } from '../shell/UserPage.tsx';
import { NarrowColumn } from './NarrowColumn.tsx';
import { TransactionRecord } from './records.tsx';
import { useWalletRealtime } from './useWalletRealtime.ts';
import { fetchTransactions, fetchWallet, walletKeys } from './walletApi.ts';
import { walletOf, walletTotal } from './walletMath.ts';

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

/** The main currency's total with its three parts, on the coloured card at the top. */
function BalanceCard({ wallet }: { wallet: WalletView }) {
  return (
    <Card
      style={{ background: 'linear-gradient(135deg, #1677ff 0%, #4096ff 100%)', border: 0 }}
      styles={{ body: { padding: 20, color: '#fff' } }}
      data-testid="wallet-balance-card"
    >
      <span style={{ fontSize: 13, opacity: 0.85 }}>总资产（{wallet.currency}）</span>
      <div
        style={{
          fontSize: 30,
          fontWeight: 700,
          lineHeight: 1.3,
          margin: '4px 0 16px',
          wordBreak: 'break-all',
        }}
        data-testid="wallet-total"
      >
        {formatNumber(walletTotal(wallet), 2)}
      </div>
      <Flex gap={12}>
        <Figure label="可用" value={formatNumber(wallet.balance, 2)} testId="wallet-available" />
        <Figure label="冻结" value={formatNumber(wallet.frozen_balance, 2)} testId="wallet-frozen" />
        <Figure label="工资余额" value={formatNumber(wallet.salary_balance, 2)} testId="wallet-salary" />
      </Flex>
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

/** Other currencies than the main one, each with its parts. */
function OtherCurrencies({ wallets }: { wallets: WalletView[] }) {
  if (wallets.length === 0) return null;
  return (
    <Card size="small" title="其他币种">
      {wallets.map((w) => (
        <Flex key={w.currency} justify="space-between" gap={8} style={{ padding: '8px 0' }}>
          <Typography.Text strong>{w.currency}</Typography.Text>
          <Flex vertical align="flex-end">
            <span>{formatCrypto(walletTotal(w), w.currency)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              可用 {formatCrypto(w.balance, w.currency)} · 冻结 {formatCrypto(w.frozen_balance, w.currency)}
            </Typography.Text>
          </Flex>
        </Flex>
      ))}
    </Card>
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
  return (
    <Link to="/kyc" data-testid="wallet-kyc" style={{ color: 'inherit' }}>
      <Card size="small" hoverable>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong>实名认证</Typography.Text>
          <Flex align="center" gap={8}>
            {status ? (
              <span data-testid="wallet-kyc-status">
                <KycBadge status={status} />
              </span>
            ) : kyc.isError ? (
              <Typography.Text type="secondary">加载失败</Typography.Text>
            ) : (
              <Skeleton.Button active size="small" />
            )}
            <Typography.Text type="secondary">
              {status === 'approved' ? '查看' : status === 'none' || status === 'rejected' ? '去认证' : ''}
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
  let body: ReactNode;
  if (recent.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (recent.isError)
    body = (
      <LoadErrorView
        title="获取资金流水失败"
        reason={errorMessage(recent.error, '获取资金流水失败')}
        onRetry={() => void recent.refetch()}
        retrying={recent.isFetching}
      />
    );
  else if (recent.data.transactions.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无资金流水" />;
  else body = recent.data.transactions.map((tx) => <TransactionRecord key={tx.id} tx={tx} />);
  return (
    <Card
      size="small"
      title="最近流水"
      extra={<Link to="/wallet/history?tab=transactions">查看全部</Link>}
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

  let content: ReactNode;
  if (wallet.isPending) content = <PageLoading />;
  else if (wallet.isError)
    content = (
      <LoadErrorView
        title="获取钱包信息失败"
        reason={errorMessage(wallet.error, '获取钱包信息失败')}
        onRetry={() => void wallet.refetch()}
        retrying={wallet.isFetching}
      />
    );
  else {
    const wallets = wallet.data.wallets;
    content = (
      <>
        <BalanceCard wallet={walletOf(wallets, DEFAULT_CURRENCY)} />
        <Flex gap={8}>
          <ActionButton
            icon={<ArrowDownOutlined />}
            label="充值"
            to="/wallet/deposit"
            testId="wallet-deposit"
          />
          <ActionButton
            icon={<ArrowUpOutlined />}
            label="提现"
            to="/wallet/withdraw"
            testId="wallet-withdraw"
          />
          <ActionButton
            icon={<HistoryOutlined />}
            label="记录"
            to="/wallet/history"
            testId="wallet-history"
          />
        </Flex>
        <OtherCurrencies wallets={wallets.filter((w) => w.currency !== DEFAULT_CURRENCY)} />
        <KycRow />
        <RecentTransactions />
      </>
    );
  }

  return (
    <NarrowColumn>
      <UserPage title="资产" testId="wallet-page">
        {content}
      </UserPage>
    </NarrowColumn>
  );
}
