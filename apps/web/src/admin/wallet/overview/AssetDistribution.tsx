import { OTHER_ASSETS_NAME, type WalletOverview } from '@platform/contracts';
import { formatCrypto, formatNumber, formatPercent } from '@platform/domain';
import { Card, Flex, Progress, Typography } from 'antd';
import { distributionRows } from './walletOverviewApi.ts';

const amountText = (name: string, amount: string) =>
  name === OTHER_ASSETS_NAME ? formatNumber(amount, 8, { minDecimals: 2 }) : formatCrypto(amount, name);

/** 资产分布: one row per currency (name, amount, share, colour); four zero rows while nobody holds anything. */
export function AssetDistribution({ data }: { data: WalletOverview }) {
  return (
    <Card title="资产分布" size="small" style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        {distributionRows(data.assetDistribution).map((row) => (
          <div key={row.name} data-testid={`wallet-asset-${row.name}`}>
            <Flex align="center" justify="space-between" gap={8}>
              <Flex align="center" gap={8}>
                <span
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    background: row.color,
                    display: 'inline-block',
                  }}
                />
                <Typography.Text strong>{row.name}</Typography.Text>
              </Flex>
              <Flex align="center" gap={12}>
                <Typography.Text>{amountText(row.name, row.amount)}</Typography.Text>
                <Typography.Text
                  type="secondary"
                  style={{ minWidth: 48, textAlign: 'right' }}
                  data-testid={`wallet-asset-${row.name}-percentage`}
                >
                  {formatPercent(row.percentage, 1, { sign: false })}
                </Typography.Text>
              </Flex>
            </Flex>
            <Progress
              percent={Math.min(100, Number(row.percentage))}
              showInfo={false}
              strokeColor={row.color}
              size="small"
            />
          </div>
        ))}
      </Flex>
    </Card>
  );
}
