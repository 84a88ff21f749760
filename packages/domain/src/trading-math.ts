import { Decimal } from './money.ts';

/**
 * The money arithmetic of the trading products (ARCHITECTURE.md, "Trading engines"), kept pure so
 * that the engines and the screens compute the same numbers and property tests can hold them to
 * their invariants. Outcomes depend on prices only: there is no input through which anything else
 * could decide them.
 */

/** Places of every amount the platform pays or charges on a trade. */
export const TRADE_AMOUNT_DECIMALS = 8;

// ---- fixed-payout contracts (flash, option) --------------------------------------------------

/** up and call win when the price rises; down and put when it falls. */
export type ContractDirection = 'up' | 'down' | 'call' | 'put';
export type ContractOutcome = 'win' | 'loss' | 'draw';

/** Win, loss or draw of a contract opened at `open` and settled at `settle`; equal prices are a draw. */
export function contractOutcome(
  direction: ContractDirection,
  open: Decimal,
  settle: Decimal,
): ContractOutcome {
  const move = settle.comparedTo(open);
  if (move === 0) return 'draw';
  const bullish = direction === 'up' || direction === 'call';
  return move > 0 === bullish ? 'win' : 'loss';
}

/**
 * What settling a contract moves. `returned` goes back to the user (stake included), `houseResult`
 * is the house's gain (negative when it pays out). The two always add up to the stake: the stake is
 * either returned or kept, and a win's profit is paid by the house. The profit is rounded down to
 * 8 places, so the house never pays a fraction more than the rate promises.
 */
export function contractSettlement(
  stake: Decimal,
  payoutRate: Decimal,
  outcome: ContractOutcome,
): { returned: Decimal; houseResult: Decimal; profit: Decimal } {
  if (!stake.gt(0)) throw new Error('trading: a stake must be positive');
  if (payoutRate.isNegative()) throw new Error('trading: a payout rate cannot be negative');
  if (outcome === 'draw') return { returned: stake, houseResult: new Decimal(0), profit: new Decimal(0) };
  if (outcome === 'loss') return { returned: new Decimal(0), houseResult: stake, profit: stake.negated() };
  const profit = stake.times(payoutRate).toDecimalPlaces(TRADE_AMOUNT_DECIMALS, Decimal.ROUND_DOWN);
  return { returned: stake.plus(profit), houseResult: profit.negated(), profit };
}

/** A percentage (the option level's 85) as a rate (0.85). */
export const percentToRate = (percent: number | string) => new Decimal(percent).div(100);

// ---- fees ----------------------------------------------------------------------------------------

/** `notional × rate`, rounded up to 8 places: a fee is never charged short. */
export function tradeFee(notional: Decimal, rate: Decimal): Decimal {
  if (notional.isNegative() || rate.isNegative()) throw new Error('trading: fee inputs cannot be negative');
  return notional.times(rate).toDecimalPlaces(TRADE_AMOUNT_DECIMALS, Decimal.ROUND_UP);
}

// ---- perpetual (isolated margin, linear in USDT) ---------------------------------------------------

export type PositionSide = 'long' | 'short';

/** Base quantity a margin buys at a leverage: margin × leverage / entry. */
export function positionQuantity(margin: Decimal, leverage: Decimal, entry: Decimal): Decimal {
  if (!margin.gt(0) || !leverage.gt(0) || !entry.gt(0)) {
    throw new Error('trading: margin, leverage and entry price must be positive');
  }
  return margin.times(leverage).div(entry);
}

/** Profit (negative: loss) of a position marked at `mark`. */
export function unrealisedPnl(side: PositionSide, quantity: Decimal, entry: Decimal, mark: Decimal): Decimal {
  const perUnit = side === 'long' ? mark.minus(entry) : entry.minus(mark);
  return perUnit.times(quantity);
}

/** What the position must keep at `mark`: its notional × the maintenance margin rate. */
export function maintenanceMargin(quantity: Decimal, mark: Decimal, maintenanceRate: Decimal): Decimal {
  return quantity.times(mark).times(maintenanceRate);
}

/** Liquidation is due once equity (margin + unrealised P&L) is at or below the maintenance margin. */
export function isLiquidatable(
  side: PositionSide,
  position: { margin: Decimal; quantity: Decimal; entry: Decimal },
  mark: Decimal,
  maintenanceRate: Decimal,
): boolean {
  const equity = position.margin.plus(unrealisedPnl(side, position.quantity, position.entry, mark));
  return equity.lte(maintenanceMargin(position.quantity, mark, maintenanceRate));
}

/**
 * The mark at which equity meets the maintenance margin, for a position opened with margin =
 * entry × quantity / leverage. Long: entry × (1 − 1/L) / (1 − mmr); short: entry × (1 + 1/L) / (1 + mmr).
 */
export function liquidationPrice(
  side: PositionSide,
  entry: Decimal,
  leverage: Decimal,
  maintenanceRate: Decimal,
): Decimal {
  const inverse = new Decimal(1).div(leverage);
  return side === 'long'
    ? entry.times(new Decimal(1).minus(inverse)).div(new Decimal(1).minus(maintenanceRate))
    : entry.times(new Decimal(1).plus(inverse)).div(new Decimal(1).plus(maintenanceRate));
}
