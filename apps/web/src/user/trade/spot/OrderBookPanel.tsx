import type { OrderBook } from '@platform/contracts';
import { formatNumber } from '@platform/domain';
import { Card, Flex, Select, Typography } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { aggregateBook, type BookRow, groupingSteps, stepDecimals } from './book.ts';
import { panelStatus } from './panelStatus.tsx';

const ROW_HEIGHT = 20;
const numeric: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

export interface OrderBookPanelProps {
  book: OrderBook | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  pricePrecision: number;
  amountPrecision: number;
  /** Levels per side. */
  rows: number;
  lastPrice: string | undefined;
  lastPriceColor: string | undefined;
  /** A tapped level's price, to fill the limit price of the form. */
  onPickPrice: (price: string) => void;
}

function Level({
  row,
  side,
  amountPrecision,
  onPick,
}: {
  row: BookRow;
  side: 'ask' | 'bid';
  amountPrecision: number;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation('user');
  const color = side === 'ask' ? DOWN_COLOR : UP_COLOR;
  return (
    <button
      type="button"
      onClick={() => onPick(row.price)}
      data-testid={`book-${side}`}
      aria-label={t('trade.spot.pickPrice', { price: row.price })}
      style={{
        position: 'relative',
        display: 'flex',
        justifyContent: 'space-between',
        gap: 8,
        width: '100%',
        height: ROW_HEIGHT,
        alignItems: 'center',
        padding: '0 4px',
        border: 0,
        background: 'transparent',
        cursor: 'pointer',
        fontSize: 12,
      }}
    >
      <span
        aria-hidden
        style={{
          position: 'absolute',
          top: 1,
          bottom: 1,
          right: 0,
          width: `${Math.round(row.depth * 100)}%`,
          background: side === 'ask' ? 'var(--app-down-fill)' : 'var(--app-up-fill)',
        }}
      />
      <span style={{ ...numeric, color, position: 'relative' }}>
        {formatNumber(row.price, stepDecimals(row.price))}
      </span>
      <span style={{ ...numeric, position: 'relative', color: 'var(--app-text)' }}>
        {formatNumber(row.amount, amountPrecision)}
      </span>
    </button>
  );
}

/**
 * The reference market's book: asks (red) above, best nearest the middle, the last price, bids
 * (green) below, each with a bar of the running total. Levels can be grouped into wider price steps.
 */
export function OrderBookPanel(props: OrderBookPanelProps) {
  const { t } = useTranslation('user');
  const { book, pricePrecision, amountPrecision, rows, onPickPrice } = props;
  const steps = useMemo(() => groupingSteps(pricePrecision), [pricePrecision]);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const step = chosen && steps.includes(chosen) ? chosen : (steps[0] ?? '0.01');
  const grouped = useMemo(() => aggregateBook(book, step, rows), [book, step, rows]);
  const empty = grouped.asks.length === 0 && grouped.bids.length === 0;
  const sideHeight = rows * ROW_HEIGHT;

  const levels = (shown: BookRow[], side: 'ask' | 'bid') =>
    shown.map((row) => (
      <Level key={row.price} row={row} side={side} amountPrecision={amountPrecision} onPick={onPickPrice} />
    ));
  let body = panelStatus({
    loaded: Boolean(book),
    empty,
    loading: props.loading,
    error: props.error,
    onRetry: props.onRetry,
    errorTitle: t('trade.spot.bookFailed'),
    emptyText: t('trade.spot.bookEmpty'),
    testId: 'spot-book',
  });
  if (!body) {
    body = (
      <>
        <Flex vertical justify="flex-end" style={{ height: sideHeight }} data-testid="book-asks">
          {levels([...grouped.asks].reverse(), 'ask')}
        </Flex>
        <button
          type="button"
          onClick={() => props.lastPrice && onPickPrice(props.lastPrice)}
          data-testid="book-last-price"
          style={{
            border: 0,
            borderBlock: '1px solid var(--app-divider)',
            background: 'transparent',
            textAlign: 'left',
            padding: '6px 4px',
            fontSize: 16,
            fontWeight: 600,
            cursor: 'pointer',
            color: props.lastPriceColor,
            ...numeric,
          }}
        >
          {props.lastPrice ? formatNumber(props.lastPrice, pricePrecision) : '--'}
        </button>
        <Flex vertical style={{ height: sideHeight }} data-testid="book-bids">
          {levels(grouped.bids, 'bid')}
        </Flex>
      </>
    );
  }

  return (
    <Card size="small" styles={{ body: { padding: 6 } }} data-testid="spot-book">
      <Flex justify="space-between" align="center" gap={4} style={{ padding: '0 4px 4px', fontSize: 12 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('trade.spot.price')}
        </Typography.Text>
        <Select
          size="small"
          variant="borderless"
          value={step}
          onChange={setChosen}
          options={steps.map((s) => ({ value: s, label: s }))}
          popupMatchSelectWidth={false}
          aria-label={t('trade.spot.grouping')}
          data-testid="book-step"
          style={{ fontSize: 12 }}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('trade.spot.amount')}
        </Typography.Text>
      </Flex>
      {body}
    </Card>
  );
}
