import type { PerpetualPosition, TimedContract } from '@platform/contracts';
import { i18n } from '../../../i18n/index.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { countdownParts, directionColor, directionLabel } from '../timed/timedFormat.ts';

/** A horizontal price line on the chart: an open contract's or position's entry price. */
export interface ChartLine {
  id: string;
  /** Decimal string, as the API sends it. */
  price: string;
  color: string;
  /** Drawn on the line beside its price label; short, the chart may be a phone's width. */
  title: string;
}

/** More lines than this bury the candles: the soonest to settle (or the newest positions) are drawn. */
export const MAX_CHART_LINES = 10;

/**
 * The open flash or option contracts of `symbol` at their entry price, soonest expiry first, each
 * titled with its direction and its time left on the server's clock (`nowMs`).
 */
export function timedContractLines(
  contracts: readonly TimedContract[] | undefined,
  symbol: string,
  nowMs: number,
): ChartLine[] {
  return (contracts ?? [])
    .filter((c) => c.status === 'open' && c.symbol === symbol)
    .sort((a, b) => Date.parse(a.expires_at) - Date.parse(b.expires_at))
    .slice(0, MAX_CHART_LINES)
    .map((c) => {
      const left = countdownParts(c.opened_at, c.expires_at, nowMs);
      return {
        id: `contract-${c.order_id}`,
        price: c.entry.price,
        color: directionColor(c.direction),
        title: `${directionLabel(c.direction)} ${left.expired ? i18n.t('user:perpetual.chart.settling') : left.text}`,
      };
    });
}

/** The open perpetual positions of `symbol` at their entry price, with side and leverage. */
export function positionLines(
  positions: readonly PerpetualPosition[] | undefined,
  symbol: string,
): ChartLine[] {
  return (positions ?? [])
    .filter((p) => p.status === 'open' && p.symbol === symbol)
    .slice(0, MAX_CHART_LINES)
    .map((p) => ({
      id: `position-${p.id}`,
      price: p.entry_price,
      color: p.side === 'long' ? UP_COLOR : DOWN_COLOR,
      title: i18n.t('user:perpetual.sideLeverage', {
        side: i18n.t(`user:perpetual.side.${p.side}`),
        leverage: p.leverage,
      }),
    }));
}
