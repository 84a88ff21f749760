import {
  DEFAULT_CURRENCY,
  PERPETUAL_RISK_TEXTS,
  type PerpetualConfig,
  type PerpetualPairRiskData,
  type PerpetualPosition,
  type PerpetualSide,
  perpetualOrderBody,
} from '@platform/contracts';
import {
  closeSettlement,
  currencyPrecision,
  Decimal,
  DISPLAY_ROUNDING,
  formatBalance,
  formatCharge,
  formatNormalised,
  formatNumber,
  formatPercent,
  insufficientBalanceText,
  largestAmountWithFee,
  maintenanceRateFor,
  openTerms,
  type PositionTerms,
  perpetualMarginProblem,
  perpetualOpenFee,
  pnlAt,
  priceDecimalsByMagnitude,
  roePercent,
  type TpslRefusal,
  tierProblem,
} from '@platform/domain';
import { i18n } from '../../../i18n/index.ts';
import { readAmountField } from '../shared/messages.ts';

/**
 * What the perpetual screen shows before and while a position is open, computed with the server's
 * own arithmetic (packages/domain perpetual-math.ts): the order preview, the live mark, P&L and ROE.
 */

export type PerpetualRates = Pick<
  PerpetualConfig,
  'open_fee_rate' | 'close_fee_rate' | 'maintenance_margin_rate' | 'min_margin' | 'max_margin'
>;

export interface OrderPreview {
  /** The live price the position would open at (the server takes the reference price at that moment). */
  entry: Decimal;
  notional: Decimal;
  quantity: Decimal;
  openFee: Decimal;
  /** null: a long at leverage 1 is never liquidated. */
  liquidationPrice: Decimal | null;
  /** margin + open fee: what leaves the available balance. */
  total: Decimal;
}

const marginRule = perpetualOrderBody.shape.margin;
/** The margin field's rule: the 8 decimals the order contract takes. */
const MARGIN_FIELD = { places: 8 };

/** The margin typed in the form as a Decimal, or null while it is not a valid amount. */
export function parseMargin(text: string | undefined): Decimal | null {
  const parsed = marginRule.safeParse(text ?? '');
  return parsed.success ? new Decimal(parsed.data) : null;
}

/** The open fee the server charges (perpetualOpenFee, the opening's own rule). */
export const openFee = (margin: Decimal, leverage: number, rates: PerpetualRates) =>
  perpetualOpenFee(margin, leverage, new Decimal(rates.open_fee_rate));

/** The position an order would open at `price`; null while the margin is not valid or no price is known. */
export function orderPreview(
  side: PerpetualSide,
  marginText: string | undefined,
  leverage: number,
  price: string | undefined,
  rates: PerpetualRates,
): OrderPreview | null {
  const margin = parseMargin(marginText);
  if (!margin || !price || !new Decimal(price).gt(0) || leverage < 1) return null;
  const terms = openTerms(side, margin, leverage, new Decimal(price), {
    openFee: new Decimal(rates.open_fee_rate),
    maintenance: new Decimal(rates.maintenance_margin_rate),
  });
  return {
    entry: terms.entry,
    notional: terms.notional,
    quantity: terms.quantity,
    openFee: terms.openFee,
    liquidationPrice: terms.liquidationPrice.gt(0) ? terms.liquidationPrice : null,
    total: margin.plus(terms.openFee),
  };
}

export interface OrderCheck {
  marginText: string | undefined;
  leverage: number;
  rates: PerpetualRates;
  /** The USDT available balance; undefined while it is loading. */
  available: string | undefined;
  currency: string;
}

/** Why the order cannot be sent, in the server's words where it has them; null when it can. */
export function orderProblem({
  marginText,
  leverage,
  rates,
  available,
  currency,
}: OrderCheck): string | null {
  const parsed = readAmountField(marginText, 'trade.fieldLabel.margin', MARGIN_FIELD);
  if (!parsed.ok) return parsed.message;
  const margin = parsed.value;
  const outside = perpetualMarginProblem(margin, rates);
  if (outside) return outside;
  if (available === undefined) return null;
  const fee = openFee(margin, leverage, rates);
  const total = margin.plus(fee);
  if (total.lte(available)) return null;
  return insufficientBalanceText(total, fee, available, currency);
}

/** The largest margin whose margin + open fee fits in `available`, at most the config's maximum. */
export function maxMargin(available: string, leverage: number, rates: PerpetualRates): string {
  const fee = (margin: Decimal) => openFee(margin, leverage, rates);
  const max = largestAmountWithFee(new Decimal(available), fee, new Decimal(rates.max_margin), MARGIN_PLACES);
  return formatNormalised(max);
}

/** Margins are offered (25% … 100%) in whole cents of the margin currency, as the screen shows them. */
const MARGIN_PLACES = currencyPrecision(DEFAULT_CURRENCY);

/** A share (25, 50, 75, 100) of the largest margin, to the margin currency's places, rounded down. */
export function marginShare(
  available: string,
  leverage: number,
  rates: PerpetualRates,
  percent: number,
): string {
  const max = new Decimal(maxMargin(available, leverage, rates));
  return formatNormalised(max.times(percent).div(100).toDecimalPlaces(MARGIN_PLACES, Decimal.ROUND_DOWN));
}

export interface LiveMark {
  /** The newer of the live ticker's price and the server's mark; null when neither is known. */
  mark: Decimal | null;
  markAt: string | null;
  pnl: Decimal | null;
  /** Percent of the margin. */
  roe: Decimal | null;
  /** The mark has reached the liquidation price: the liquidation job takes the position within a second. */
  liquidating: boolean;
}

interface PriceReport {
  last_price: string;
  updated_at: string;
}

export const positionTerms = (p: PerpetualPosition): PositionTerms => ({
  margin: new Decimal(p.margin),
  quantity: new Decimal(p.quantity),
  entry: new Decimal(p.entry_price),
});

/** The position marked at the latest reference price: the live ticker's when newer than the server's mark. */
export function liveMark(position: PerpetualPosition, ticker: PriceReport | undefined): LiveMark {
  const serverAt = position.mark_at ? Date.parse(position.mark_at) : Number.NEGATIVE_INFINITY;
  const useTicker = ticker !== undefined && Date.parse(ticker.updated_at) >= serverAt;
  const price = useTicker ? ticker.last_price : position.mark_price;
  if (!price) return { mark: null, markAt: null, pnl: null, roe: null, liquidating: false };
  const mark = new Decimal(price);
  const terms = positionTerms(position);
  const pnl = pnlAt(position.side, terms, mark);
  const liquidation = new Decimal(position.liquidation_price);
  const liquidating =
    liquidation.gt(0) && (position.side === 'long' ? mark.lte(liquidation) : mark.gte(liquidation));
  return {
    mark,
    markAt: useTicker ? ticker.updated_at : position.mark_at,
    pnl,
    roe: roePercent(pnl, terms.margin),
    liquidating,
  };
}

/** What closing at `mark` would pay back now (the server closes at the reference price of that moment). */
export function closeEstimate(position: PerpetualPosition, mark: Decimal, closeFeeRate: string) {
  return closeSettlement(position.side, positionTerms(position), mark, new Decimal(closeFeeRate));
}

/** A take-profit's or stop-loss's refusal (packages/domain tpslRefusals) in the language shown. */
export function tpslRefusalText(refusal: TpslRefusal): string {
  switch (refusal.code) {
    case 'take_profit_places':
    case 'stop_loss_places':
      return i18n.t(`user:perpetual.tpsl.problem.${refusal.code}`, {
        count: refusal.places,
        places: refusal.places,
      });
    case 'stop_loss_liquidation':
      return i18n.t(`user:perpetual.tpsl.problem.${refusal.code}_${refusal.side}`, { limit: refusal.limit });
    default:
      return i18n.t(`user:perpetual.tpsl.problem.${refusal.code}_${refusal.side}`, { entry: refusal.entry });
  }
}

// ---- display ----------------------------------------------------------------------------------

/** Places of a price: fewer for large prices (94,457.53), more for small ones (0.31421). */
export function formatPrice(value: Decimal | string | null | undefined): string {
  if (value === null || value === undefined) return '--';
  const price = new Decimal(value);
  return formatNumber(price, priceDecimalsByMagnitude(price), { minDecimals: 2 });
}

/**
 * An amount of the margin currency held or received (balance, margin, value, payout), to the
 * currency's places rounded down (packages/domain display-precision.ts), with its currency when
 * given: 101.23 USDT. `places` below the currency's precision shows fewer.
 */
export function formatAmount(value: Decimal | string, currency?: string, places?: number): string {
  const unit = currency ?? DEFAULT_CURRENCY;
  if (places !== undefined && places < currencyPrecision(unit)) {
    const text = formatNumber(value, places, { rounding: DISPLAY_ROUNDING.held });
    return currency ? `${text} ${currency}` : text;
  }
  return formatBalance(value, unit, { unit: currency !== undefined });
}

/** A fee or a total to pay, to the currency's places rounded up: never less than what is taken. */
export const formatFee = (value: Decimal | string, currency?: string): string =>
  formatCharge(value, currency ?? DEFAULT_CURRENCY, { unit: currency !== undefined });

/** A liquidation price; 0 means the position cannot be liquidated (a long at 1x). */
export const formatLiquidation = (price: string) =>
  new Decimal(price).gt(0) ? formatPrice(price) : i18n.t('user:perpetual.field.none');

/**
 * A profit or loss (or an ROE in percent) with its sign, to `decimals` places (the margin currency's
 * by default), rounded toward minus infinity as the server rounds P&L: +1.23, -0.50.
 */
export function formatSigned(value: Decimal | string, decimals = MARGIN_PLACES): string {
  const text = formatNumber(value, decimals, { minDecimals: 2, rounding: DISPLAY_ROUNDING.held });
  return /^[1-9]|^0\.\d*[1-9]/.test(text) ? `+${text}` : text;
}

/** A funding rate (a fraction) as the venues show it, in percent to 4 places: 0.0001 → +0.0100%. */
export const formatFundingRate = (rate: string): string => formatPercent(new Decimal(rate).times(100), 4);

/** Time left until `at` as HH:MM:SS (never negative): the funding countdown. */
export function countdownText(at: string, nowMs: number): string {
  const left = Math.max(0, Math.floor((Date.parse(at) - nowMs) / 1000));
  const hh = Math.floor(left / 3600);
  const mm = Math.floor((left % 3600) / 60);
  const ss = left % 60;
  return [hh, mm, ss].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * The rates a position of this margin and leverage opens with: the product's, with the maintenance rate
 * of its leverage tier (the engine's maintenanceRateFor), so that the preview's liquidation price is the
 * server's. Before the tiers have loaded, or without a margin, the product's own.
 */
export function tieredRates<R extends PerpetualRates>(
  rates: R,
  risk: PerpetualPairRiskData | undefined,
  marginText: string | undefined,
  leverage: number,
): R {
  const margin = parseMargin(marginText);
  if (!risk || !margin) return rates;
  return {
    ...rates,
    maintenance_margin_rate: maintenanceRateFor(risk.tiers, margin, leverage, rates.maintenance_margin_rate),
  };
}

/**
 * Why the server would refuse this opening under the pair's tiers (档位) or the caller's cap, in its own
 * words; null when neither refuses (or before they have loaded). The pair side's cap is the house's and
 * is checked by the server only.
 */
export function pairRiskProblem(
  risk: PerpetualPairRiskData | undefined,
  marginText: string | undefined,
  leverage: number,
): string | null {
  const margin = parseMargin(marginText);
  if (!risk || !margin) return null;
  const beyondTier = tierProblem(risk.tiers, margin, leverage);
  if (beyondTier) return beyondTier;
  const room = Decimal.max(new Decimal(risk.user_cap).minus(risk.user_open_notional), 0);
  return margin.times(leverage).gt(room)
    ? PERPETUAL_RISK_TEXTS.userCap(formatNormalised(new Decimal(risk.user_cap)), formatNormalised(room))
    : null;
}

/** The tier the form's leverage offers at most for this margin, as 档位 shows it: "≤ 50,000 USDT 最高 100x". */
export function tierSummary(risk: PerpetualPairRiskData, marginText: string | undefined, leverage: number) {
  const margin = parseMargin(marginText) ?? new Decimal(0);
  const notional = margin.times(leverage);
  const tier = risk.tiers.find((t) => notional.lte(t.max_notional)) ?? risk.tiers.at(-1);
  return tier
    ? i18n.t('user:perpetual.form.tierSummary', {
        max: formatNumber(tier.max_notional, 0),
        leverage: tier.max_leverage,
      })
    : '--';
}
