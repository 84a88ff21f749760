import { DEFAULT_CURRENCY } from '@platform/contracts';
import { formatBalance, formatPairPrice, percentage } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import { tradePath, useTradingPairs } from '../../trade/shared/tradePairs.ts';
import { HoldingPnl, useHoldings } from '../HoldingPnl.tsx';
import { PagedRecords } from '../PagedRecords.tsx';
import { TransactionRecord } from '../records.tsx';
import { useWalletRealtime } from '../useWalletRealtime.ts';
import { fetchTransactions, fetchWallet, walletKeys } from '../walletApi.ts';
import { walletOf, walletTotal } from '../walletMath.ts';
import { RecordFrame } from './RecordFrame.tsx';

const HISTORY_PAGE_SIZE = 10;

/**
 * One asset (/wallet/asset/:currency): what is held in it and in which part, its reference price,
 * its value in USDT and share of the total, the way to buy or move it, and its own statement.
 */
export default function AssetPage() {
  const currency = (useParams().currency ?? '').toUpperCase();
  const valid = /^[A-Z0-9]{2,12}$/.test(currency);
  const { t } = useTranslation(['user', 'common']);
  const navigate = useNavigate();
  const { token } = useSessionSnapshot();
  const pairs = useTradingPairs();
  const wallet = useQuery({
    queryKey: walletKeys.wallet,
    queryFn: ({ signal }) => fetchWallet(signal),
    enabled: Boolean(token),
  });
  const holdings = useHoldings();
  useWalletRealtime();

  return (
    <RecordFrame
      title={t('wallet.detail.assetTitle', { currency })}
      query={wallet}
      invalid={!valid}
      errorTitle={t('wallet.walletFailed')}
      testId="asset-page"
      back="/wallet"
    >
      {(data) => {
        const w = walletOf(data.wallets, currency);
        const valued = data.wallets.find((x) => x.currency === currency);
        const price = currency === DEFAULT_CURRENCY ? '1' : (valued?.price_usdt ?? null);
        const value =
          currency === DEFAULT_CURRENCY
            ? walletTotal(w).toFixed()
            : (valued?.value_usdt ?? (walletTotal(w).isZero() ? '0' : null));
        const pair = pairs.data?.find((p) => p.symbol === `${currency}${DEFAULT_CURRENCY}`);
        return (
          <>
            <Card size="small" data-testid="asset-summary">
              <Flex vertical align="center" gap={4} style={{ padding: '8px 0 12px' }}>
                <Typography.Text type="secondary">{t('wallet.detail.held', { currency })}</Typography.Text>
                <Typography.Text
                  strong
                  style={{ fontSize: 26, wordBreak: 'break-all' }}
                  data-testid="asset-held"
                >
                  {formatBalance(walletTotal(w), currency, { unit: false })}
                </Typography.Text>
                {value === null ? (
                  <Tag color="orange" data-testid="asset-value">
                    {t('wallet.detail.unvalued')}
                  </Tag>
                ) : (
                  <Typography.Text type="secondary" data-testid="asset-value">
                    ≈ {formatBalance(value, DEFAULT_CURRENCY)} ·{' '}
                    {t('wallet.detail.ofTotal', { share: percentage(value, data.total_value_usdt, 1) })}
                  </Typography.Text>
                )}
                <HoldingPnl
                  currency={currency}
                  holding={holdings.data?.find((h) => h.currency === currency)}
                />
              </Flex>
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: 'available',
                    label: t('wallet.detail.available'),
                    children: formatBalance(w.balance, currency),
                  },
                  {
                    key: 'frozen',
                    label: t('wallet.frozen'),
                    children: formatBalance(w.frozen_balance, currency),
                  },
                  {
                    key: 'salary',
                    label: t('wallet.salary'),
                    children: formatBalance(w.salary_balance, currency),
                  },
                  ...(currency === DEFAULT_CURRENCY
                    ? []
                    : [
                        {
                          key: 'price',
                          label: t('wallet.detail.referencePrice', { currency: DEFAULT_CURRENCY }),
                          children:
                            price === null
                              ? t('wallet.noPrice')
                              : formatPairPrice(price, pair?.price_precision),
                        },
                      ]),
                ]}
              />
              <Flex gap={8} style={{ marginTop: 8 }}>
                {currency === DEFAULT_CURRENCY ? (
                  <>
                    <Button type="primary" style={{ flex: 1 }} onClick={() => navigate('/wallet/deposit')}>
                      {t('wallet.deposit')}
                    </Button>
                    <Button style={{ flex: 1 }} onClick={() => navigate('/wallet/withdraw')}>
                      {t('wallet.withdraw')}
                    </Button>
                  </>
                ) : pair ? (
                  <Button
                    type="primary"
                    block
                    onClick={() => navigate(tradePath('spot', pair.symbol))}
                    data-testid="asset-trade"
                  >
                    {t('wallet.detail.spotTrade', { symbol: pair.symbol })}
                  </Button>
                ) : null}
              </Flex>
            </Card>
            <Typography.Text strong>{t('wallet.detail.statement', { currency })}</Typography.Text>
            <PagedRecords
              queryKey={(page) => walletKeys.transactions(page, HISTORY_PAGE_SIZE, currency)}
              fetchPage={(page, signal) => fetchTransactions(page, HISTORY_PAGE_SIZE, signal, currency)}
              pick={(d) => ({ items: d.transactions, pagination: d.pagination })}
              itemKey={(t) => t.id}
              renderItem={(t) => <TransactionRecord tx={t} />}
              emptyText={t('wallet.detail.noRecords')}
              errorTitle={t('wallet.transactionsFailed')}
              testId="asset-history"
            />
          </>
        );
      }}
    </RecordFrame>
  );
}
