import { StarFilled, StarOutlined } from '@ant-design/icons';
import { formatCompact, formatNumber, formatPercent, toDec } from '@platform/domain';
import { type CSSProperties, memo, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinIcon } from '../../components/CoinIcon.tsx';
import { DOWN_COLOR, FLAT_COLOR, signColor, UP_COLOR } from '../shared/priceColors.ts';
import { tradePath } from '../trade/shared/tradePairs.ts';
import type { MarketRow } from './marketRows.ts';

/** Green for a rise, red for a fall, grey for none or unknown. */
export function changeColor(change: string | null | undefined): string {
  return signColor(change) ?? FLAT_COLOR;
}

/** Which way the last price moved since the previous render, for a short flash; null when it did not. */
function useTickDirection(value: string | null): 'up' | 'down' | null {
  const [previous, setPrevious] = useState(value);
  const [direction, setDirection] = useState<'up' | 'down' | null>(null);
  if (value !== previous) {
    const now = toDec(value);
    const before = toDec(previous);
    setPrevious(value);
    setDirection(now && before && !now.eq(before) ? (now.gt(before) ? 'up' : 'down') : null);
  }
  useEffect(() => {
    if (!direction) return;
    const timer = setTimeout(() => setDirection(null), 800);
    return () => clearTimeout(timer);
  }, [direction]);
  return direction;
}

export function LivePrice({ row, style }: { row: MarketRow; style?: CSSProperties }) {
  const direction = useTickDirection(row.last);
  const flash = direction === 'up' ? UP_COLOR : direction === 'down' ? DOWN_COLOR : undefined;
  return (
    <span
      data-testid={`price-${row.symbol}`}
      style={{ fontVariantNumeric: 'tabular-nums', transition: 'color 0.3s', color: flash, ...style }}
    >
      {row.last ? formatNumber(row.last, row.pricePrecision) : '--'}
    </span>
  );
}

/** The 24h change as a coloured block, the way exchanges show it. */
export function ChangePill({ row, width = 78 }: { row: MarketRow; width?: number }) {
  return (
    <span
      data-testid={`change-${row.symbol}`}
      style={{
        display: 'inline-block',
        width,
        padding: '5px 0',
        borderRadius: 6,
        textAlign: 'center',
        color: '#fff',
        fontWeight: 600,
        fontSize: 13,
        fontVariantNumeric: 'tabular-nums',
        background: changeColor(row.change),
      }}
    >
      {row.change ? formatPercent(row.change, 2, { sign: true }) : '--'}
    </span>
  );
}

const ROW_COLUMNS = 'minmax(0, 1.3fr) minmax(0, 1fr) 82px';
const WIDE_ROW_COLUMNS = 'minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) 92px';

export interface MarketListHeaderProps {
  wide?: boolean;
  /** Leaves room for the rows' favourite stars. */
  withFavorites?: boolean;
  /** The first and last column headings (a sort button on the markets screen). */
  pair?: ReactNode;
  change?: ReactNode;
}

/** The column headings of a list of MarketRowView, aligned with its columns. */
export function MarketListHeader({
  wide = false,
  withFavorites = false,
  pair,
  change,
}: MarketListHeaderProps) {
  const { t } = useTranslation('user');
  const right: CSSProperties = { textAlign: 'right' };
  return (
    <div
      style={{
        display: 'flex',
        fontSize: 12,
        color: '#8c8c8c',
        padding: '6px 0',
        borderBottom: '1px solid var(--app-divider)',
      }}
    >
      {withFavorites && <span style={{ width: 36, flex: 'none' }} />}
      <div
        style={{
          flex: 1,
          display: 'grid',
          gridTemplateColumns: wide ? WIDE_ROW_COLUMNS : ROW_COLUMNS,
          gap: 8,
          padding: withFavorites ? '0 4px 0 0' : '0 4px',
        }}
      >
        <span>{pair ?? t('markets.pairVolume')}</span>
        <span style={right}>{t('markets.last')}</span>
        {wide && <span style={right}>{t('markets.high')}</span>}
        {wide && <span style={right}>{t('markets.low')}</span>}
        <span style={right}>{change ?? t('markets.change')}</span>
      </div>
    </div>
  );
}

export interface MarketRowViewProps {
  row: MarketRow;
  /** With it, a star before the pair adds or removes the favourite (called with the symbol). */
  onToggleFavorite?: (symbol: string) => void;
  favorite?: boolean;
  /** Desktop: the 24h high and low as extra columns. */
  wide?: boolean;
}

const ellipsis: CSSProperties = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/**
 * One pair: name and turnover, live price, 24h change; the line opens the pair's spot screen.
 * Prices arrive many times a second: plain elements and a memo on what is shown keep a full list cheap.
 */
export const MarketRowView = memo(
  function MarketRowView({ row, onToggleFavorite, favorite = false, wide = false }: MarketRowViewProps) {
    const { t } = useTranslation('user');
    return (
      <div style={{ display: 'flex', alignItems: 'center', borderBottom: '1px solid var(--app-divider)' }}>
        {onToggleFavorite && (
          <button
            type="button"
            onClick={() => onToggleFavorite(row.symbol)}
            aria-label={t(favorite ? 'markets.removeFavorite' : 'markets.addFavorite', {
              symbol: row.symbol,
            })}
            aria-pressed={favorite}
            data-testid={`favorite-${row.symbol}`}
            style={{
              border: 0,
              background: 'transparent',
              width: 36,
              height: 48,
              flex: 'none',
              cursor: 'pointer',
              fontSize: 16,
              color: favorite ? '#faad14' : '#bfbfbf',
            }}
          >
            {favorite ? <StarFilled /> : <StarOutlined />}
          </button>
        )}
        <Link
          to={tradePath('spot', row.symbol)}
          data-testid={`market-row-${row.symbol}`}
          style={{
            flex: 1,
            minWidth: 0,
            display: 'grid',
            gridTemplateColumns: wide ? WIDE_ROW_COLUMNS : ROW_COLUMNS,
            alignItems: 'center',
            gap: 8,
            padding: onToggleFavorite ? '10px 4px 10px 0' : '10px 4px',
            color: 'var(--app-text)',
          }}
        >
          <span style={{ minWidth: 0, display: 'flex', alignItems: 'center', gap: 8 }}>
            <CoinIcon coin={row.base} size={24} />
            <span style={{ minWidth: 0 }}>
              <span style={ellipsis}>
                <strong style={{ fontSize: 15, fontWeight: 600 }}>{row.base}</strong>
                <span style={{ fontSize: 12, color: '#8c8c8c' }}>/{row.quote}</span>
              </span>
              <span style={{ ...ellipsis, fontSize: 12, color: '#8c8c8c' }}>
                {t('markets.volume', { volume: row.quoteVolume ? formatCompact(row.quoteVolume) : '--' })}
              </span>
            </span>
          </span>
          <LivePrice row={row} style={{ textAlign: 'right', fontSize: 15, fontWeight: 500 }} />
          {wide && (
            <>
              <span style={{ textAlign: 'right', color: 'var(--app-text-secondary)' }}>
                {row.ticker ? formatNumber(row.ticker.high_24h, row.pricePrecision) : '--'}
              </span>
              <span style={{ textAlign: 'right', color: 'var(--app-text-secondary)' }}>
                {row.ticker ? formatNumber(row.ticker.low_24h, row.pricePrecision) : '--'}
              </span>
            </>
          )}
          <span style={{ textAlign: 'right' }}>
            <ChangePill row={row} width={wide ? 92 : 78} />
          </span>
        </Link>
      </div>
    );
  },
  (a, b) =>
    a.favorite === b.favorite &&
    a.wide === b.wide &&
    a.onToggleFavorite === b.onToggleFavorite &&
    sameShown(a.row, b.row),
);

/** Whether two versions of a row show the same (a newer ticker with the same numbers changes nothing). */
function sameShown(a: MarketRow, b: MarketRow): boolean {
  return (
    a.symbol === b.symbol &&
    a.last === b.last &&
    a.change === b.change &&
    a.quoteVolume === b.quoteVolume &&
    a.pricePrecision === b.pricePrecision &&
    a.ticker?.high_24h === b.ticker?.high_24h &&
    a.ticker?.low_24h === b.ticker?.low_24h
  );
}
