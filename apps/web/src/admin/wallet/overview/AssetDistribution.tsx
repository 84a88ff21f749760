import { type AssetDistributionItem, OTHER_ASSETS_NAME, type WalletOverview } from '@platform/contracts';
import { formatCrypto, formatPercent, formatUSDT } from '@platform/domain';
import { Card, Flex, Progress, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { distributionRows } from './walletOverviewApi.ts';

/** What the row holds: the amount with its unit, or for 其他 the currencies it gathers. */
function amountText(row: AssetDistributionItem, t: TFunction<'admin'>): string {
  if (row.name === OTHER_ASSETS_NAME || row.currency === null) {
    return row.currencies.length > 0 ? row.currencies.join(t('walletOverview.otherSeparator')) : '-';
  }
  return formatCrypto(row.amount ?? '0', row.currency);
}

/**
 * 资产分布: one row per currency with its amount (and unit), its value in USDT at the reference price
 * and its share of the valued total; a currency without a reference price shows 无参考价 and takes no
 * share. Four zero rows while nobody holds anything.
 */
export function AssetDistribution({ data }: { data: WalletOverview }) {
  const { t } = useTranslation('admin');
  return (
    <Card title={t('walletOverview.assets')} size="small" style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="wallet-asset-hint">
          {t('walletOverview.assetHint')}
        </Typography.Text>
        {distributionRows(data.assetDistribution).map((row) => {
          const id = `wallet-asset-${row.name}`;
          const valued = row.value !== null && row.percentage !== null;
          return (
            <div key={row.name} data-testid={id}>
              <Flex align="center" justify="space-between" gap={8} wrap>
                <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                  <span
                    style={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      background: row.color,
                      display: 'inline-block',
                      flex: 'none',
                    }}
                  />
                  <Typography.Text strong>
                    {row.name === OTHER_ASSETS_NAME ? t('walletOverview.other') : row.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis data-testid={`${id}-amount`}>
                    {amountText(row, t)}
                  </Typography.Text>
                </Flex>
                <Flex align="center" gap={12}>
                  {valued ? (
                    <Typography.Text data-testid={`${id}-value`}>≈ {formatUSDT(row.value)}</Typography.Text>
                  ) : (
                    <Tooltip title={t('walletOverview.noReferencePriceHint')}>
                      <Typography.Text type="warning" data-testid={`${id}-value`}>
                        {t('walletOverview.noReferencePrice')}
                      </Typography.Text>
                    </Tooltip>
                  )}
                  <Typography.Text
                    type="secondary"
                    style={{ minWidth: 48, textAlign: 'right' }}
                    data-testid={`${id}-percentage`}
                  >
                    {valued
                      ? formatPercent(row.percentage, 1, { sign: false })
                      : t('walletOverview.notCounted')}
                  </Typography.Text>
                </Flex>
              </Flex>
              <Progress
                percent={valued ? Math.min(100, Number(row.percentage)) : 0}
                showInfo={false}
                strokeColor={row.color}
                size="small"
              />
            </div>
          );
        })}
      </Flex>
    </Card>
  );
}
