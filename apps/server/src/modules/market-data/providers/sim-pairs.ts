/**
 * The simulator's pairs: majors against USDT at late-2026 ballpark levels, with the tick sizes,
 * lot sizes, volatilities and volumes of a large spot exchange. Ticks are small enough that two
 * ticks stay within about a basis point, so the quoted spread looks like a real one.
 */
export interface SimPair {
  base: string;
  /** Level the simulated price moves around (USDT). */
  basePrice: number;
  pricePrecision: number;
  amountPrecision: number;
  minAmount: string;
  /** Standard deviation of daily log returns. */
  dailyVol: number;
  /** Typical 24-hour quote volume (USDT). */
  dailyQuoteVolume: number;
  /** Weight of the market-wide component at hourly and longer scales (BTC is most of the market). */
  marketCorrelation: number;
}

export const SIM_QUOTE = 'USDT';

export const SIM_PAIRS: readonly SimPair[] = [
  pair('BTC', 95_000, 2, 5, '0.00001', 0.025, 1_900_000_000, 0.92),
  pair('ETH', 3_400, 2, 4, '0.0001', 0.035, 1_200_000_000, 0.85),
  pair('BNB', 650, 2, 3, '0.001', 0.03, 250_000_000, 0.75),
  pair('SOL', 190, 2, 3, '0.001', 0.05, 650_000_000, 0.8),
  pair('XRP', 2.3, 4, 1, '0.1', 0.05, 600_000_000, 0.72),
  pair('DOGE', 0.32, 5, 0, '1', 0.06, 450_000_000, 0.75),
  pair('ADA', 0.95, 4, 1, '0.1', 0.055, 220_000_000, 0.8),
  pair('TRX', 0.25, 5, 1, '0.1', 0.035, 100_000_000, 0.55),
  pair('LTC', 105, 2, 3, '0.001', 0.045, 110_000_000, 0.8),
  pair('DOT', 7, 3, 2, '0.01', 0.055, 100_000_000, 0.8),
  pair('LINK', 22, 3, 2, '0.01', 0.055, 120_000_000, 0.8),
  pair('AVAX', 38, 3, 2, '0.01', 0.06, 110_000_000, 0.8),
  pair('TON', 5.5, 4, 2, '0.01', 0.05, 70_000_000, 0.6),
  pair('SUI', 4.2, 4, 1, '0.1', 0.06, 140_000_000, 0.75),
  pair('BCH', 480, 2, 3, '0.001', 0.045, 70_000_000, 0.75),
  pair('ETC', 26, 3, 2, '0.01', 0.05, 50_000_000, 0.75),
  pair('FIL', 4.5, 4, 2, '0.01', 0.06, 45_000_000, 0.75),
  pair('APT', 9, 4, 2, '0.01', 0.06, 60_000_000, 0.75),
  pair('NEAR', 5.5, 4, 1, '0.1', 0.06, 70_000_000, 0.75),
  pair('UNI', 12, 3, 2, '0.01', 0.06, 50_000_000, 0.75),
];

function pair(
  base: string,
  basePrice: number,
  pricePrecision: number,
  amountPrecision: number,
  minAmount: string,
  dailyVol: number,
  dailyQuoteVolume: number,
  marketCorrelation: number,
): SimPair {
  return {
    base,
    basePrice,
    pricePrecision,
    amountPrecision,
    minAmount,
    dailyVol,
    dailyQuoteVolume,
    marketCorrelation,
  };
}
