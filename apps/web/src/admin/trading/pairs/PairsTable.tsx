import { ExportOutlined } from '@ant-design/icons';
import { okxSpotUrl, type TradingPair } from '@platform/contracts';
import { formatCompact, formatNumber, formatPercent, toDec } from '@platform/domain';
import { Empty, Flex, Switch, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { PairLogo } from './PairLogo.tsx';

export const RISE_COLOUR = '#389e0d';
export const FALL_COLOUR = '#cf1322';

/** Signed percent with 2 decimals: green above zero, red below, plain at zero or when unknown. */
export function ChangeText({ value }: { value: string | null }) {
  const change = toDec(value);
  const colour = !change || change.isZero() ? undefined : change.isNegative() ? FALL_COLOUR : RISE_COLOUR;
  return (
    <span style={{ color: colour, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatPercent(value)}
    </span>
  );
}

const price = (pair: TradingPair) =>
  formatNumber(pair.current_price, pair.price_precision, { minDecimals: Math.min(2, pair.price_precision) });

export interface PairsTableProps {
  pairs: TradingPair[];
  loading: boolean;
  /** Pairs whose switch is waiting for the server. */
  toggling: ReadonlySet<number>;
  onToggle: (pair: TradingPair, enabled: boolean) => void;
  emptyText: string;
}

export function PairsTable({ pairs, loading, toggling, onToggle, emptyText }: PairsTableProps) {
  const { t } = useTranslation('admin');
  const columns: TableColumnsType<TradingPair> = [
    {
      title: 'Logo',
      key: 'logo',
      width: 64,
      render: (_, pair) => <PairLogo baseCurrency={pair.base_currency} logoUrl={pair.logo_url} />,
    },
    {
      title: t('trading.pairs.columns.symbol'),
      key: 'symbol',
      render: (_, pair) => <Typography.Text strong>{pair.symbol}</Typography.Text>,
    },
    {
      title: t('trading.pairs.columns.currencies'),
      key: 'currencies',
      render: (_, pair) => `${pair.base_currency}/${pair.quote_currency}`,
    },
    {
      title: t('trading.pairs.columns.price'),
      key: 'price',
      align: 'right',
      render: (_, pair) => (
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{price(pair)}</span>
      ),
    },
    {
      title: t('trading.pairs.columns.change'),
      key: 'change',
      align: 'right',
      render: (_, pair) => <ChangeText value={pair.price_change_24h} />,
    },
    {
      title: t('trading.pairs.columns.volume'),
      key: 'volume',
      align: 'right',
      render: (_, pair) =>
        pair.volume_24h === null ? (
          '-'
        ) : (
          <Tooltip title={`${formatNumber(pair.volume_24h, 8, { minDecimals: 0 })} ${pair.base_currency}`}>
            <span style={{ whiteSpace: 'nowrap' }}>
              {formatCompact(pair.volume_24h)} {pair.base_currency}
            </span>
          </Tooltip>
        ),
    },
    {
      title: t('trading.pairs.columns.updatedAt'),
      key: 'updated_at',
      render: (_, pair) => <StackedDateTime value={pair.updated_at} />,
    },
    {
      // 启用 and 操作 are pinned to the right, in reach on a narrow screen.
      title: t('trading.pairs.columns.enabled'),
      key: 'enabled',
      fixed: 'right',
      render: (_, pair) => (
        <Switch
          checked={pair.enabled}
          loading={toggling.has(pair.id)}
          onChange={(on) => onToggle(pair, on)}
          aria-label={t(pair.enabled ? 'trading.pairs.disable' : 'trading.pairs.enable', {
            symbol: pair.symbol,
          })}
          data-testid={`pair-toggle-${pair.id}`}
        />
      ),
    },
    {
      title: t('trading.pairs.columns.link'),
      key: 'link',
      fixed: 'right',
      render: (_, pair) => (
        <Typography.Link
          href={okxSpotUrl(pair.base_currency, pair.quote_currency)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`pair-link-${pair.id}`}
        >
          <Flex gap={4} align="center" style={{ whiteSpace: 'nowrap' }}>
            OKX <ExportOutlined />
          </Flex>
        </Typography.Link>
      ),
    },
  ];

  return (
    <Table<TradingPair>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={pairs}
      loading={loading}
      scroll={{ x: 'max-content' }}
      onRow={(pair) => ({ 'data-testid': `pair-row-${pair.id}` }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: <Empty description={<span data-testid="pairs-empty">{emptyText}</span>} /> }}
      pagination={false}
    />
  );
}
