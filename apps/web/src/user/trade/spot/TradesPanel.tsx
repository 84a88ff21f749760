import type { RecentTrades } from '@platform/contracts';
import { formatNumber, formatTime } from '@platform/domain';
import { Flex } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { panelStatus } from './panelStatus.tsx';

const cell: CSSProperties = { flex: 1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

export interface TradesPanelProps {
  trades: RecentTrades | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  pricePrecision: number;
  amountPrecision: number;
  /** Height of the scrolling list; unbounded when absent. */
  maxHeight?: number;
}

/** The reference market's latest trades: time (Beijing), price coloured by the taker's side, amount. */
export function TradesPanel(props: TradesPanelProps) {
  const { t } = useTranslation('user');
  const { trades, pricePrecision, amountPrecision } = props;
  const status = panelStatus({
    loaded: Boolean(trades),
    empty: !trades || trades.trades.length === 0,
    loading: props.loading,
    error: props.error,
    onRetry: props.onRetry,
    errorTitle: t('trade.spot.tradesFailed'),
    emptyText: t('trade.spot.noTrades'),
    testId: 'spot-trades',
  });
  if (status || !trades) return status;
  return (
    <div data-testid="spot-trades">
      <Flex style={{ fontSize: 12, color: '#8c8c8c', padding: '0 4px 4px' }}>
        <span style={cell}>{t('trade.spot.time')}</span>
        <span style={{ ...cell, textAlign: 'right' }}>{t('trade.spot.price')}</span>
        <span style={{ ...cell, textAlign: 'right' }}>{t('trade.spot.amount')}</span>
      </Flex>
      <div style={{ maxHeight: props.maxHeight, overflowY: props.maxHeight ? 'auto' : undefined }}>
        {trades.trades.map((t) => (
          <Flex
            key={t.id}
            style={{ fontSize: 12, padding: '2px 4px', lineHeight: '16px' }}
            data-testid="trade-row"
          >
            <span style={{ ...cell, color: 'var(--app-text-secondary)' }}>{formatTime(t.time)}</span>
            <span style={{ ...cell, textAlign: 'right', color: t.side === 'buy' ? UP_COLOR : DOWN_COLOR }}>
              {formatNumber(t.price, pricePrecision)}
            </span>
            <span style={{ ...cell, textAlign: 'right' }}>{formatNumber(t.amount, amountPrecision)}</span>
          </Flex>
        ))}
      </div>
    </div>
  );
}
