import { PERPETUAL_RISK_TEXTS, type PerpetualTier } from '@platform/contracts';
import { Decimal, formatNormalised } from './money.ts';

/**
 * Leverage tiers of the perpetuals (docs/perpetual-risk.md): the engine's checks and the order form's
 * preview are this one code, so the form refuses and prices exactly as the server will.
 */

/** The tier a notional (margin × leverage, USDT) falls in: the first whose max_notional is at least it; null beyond the last. */
export function tierOf(tiers: readonly PerpetualTier[], notional: Decimal): PerpetualTier | null {
  return tiers.find((t) => notional.lte(t.max_notional)) ?? null;
}

/** Why `leverage` cannot open `margin × leverage` under these tiers (null: it can). */
export function tierProblem(
  tiers: readonly PerpetualTier[],
  margin: Decimal,
  leverage: number,
): string | null {
  const notional = margin.times(leverage);
  const tier = tierOf(tiers, notional);
  const shown = formatNormalised(notional);
  if (!tier) return PERPETUAL_RISK_TEXTS.beyondTiers(shown, tiers.at(-1)?.max_notional ?? '0');
  if (leverage > tier.max_leverage) return PERPETUAL_RISK_TEXTS.beyondTier(shown, tier.max_leverage);
  return null;
}

/** The maintenance rate a position opens with: its tier's, at least the product's. */
export function maintenanceRateFor(
  tiers: readonly PerpetualTier[],
  margin: Decimal,
  leverage: number,
  productRate: string,
): string {
  const tier = tierOf(tiers, margin.times(leverage));
  const rate = tier ? Decimal.max(tier.maintenance_margin_rate, productRate) : new Decimal(productRate);
  return formatNormalised(rate);
}
