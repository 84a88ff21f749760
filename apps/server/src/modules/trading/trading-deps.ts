import { REALTIME_EVENTS } from '@platform/contracts';
import type { Db } from '../../db/client.ts';
import type { FundingRateSource } from '../market-data/funding-rates.ts';
import type { MarketQuotes } from '../market-data/market-quotes.ts';
import type { PairsService } from '../market-data/pairs.service.ts';
import type { OptionConfigService } from '../option-config/option-config.service.ts';
import type { Realtime } from '../realtime/realtime.ts';
import type { ReferencePrices } from './reference-prices.ts';

/** What every trading engine may use. Tests build engines on their own database with a fixed clock. */
export interface TradingDeps {
  db: Db;
  /** Entry and settlement prices: recorded ticks (reference-prices.ts). */
  prices: ReferencePrices;
  /** Order books for spot fills. */
  quotes: Pick<MarketQuotes, 'orderBook' | 'tickers'>;
  /** The pair (enabled, currencies, precisions, fee rate). */
  pairs: Pick<PairsService, 'requireEnabled'>;
  options: Pick<OptionConfigService, 'get'>;
  /** The perpetuals' funding rate per pair: the venues' median, clamped (market-data/funding-rates.ts). */
  fundingRates: FundingRateSource;
  realtime: Pick<Realtime, 'toUser' | 'toAdmins'>;
  /** Milliseconds since the epoch; tests pass a fixed clock. */
  now: () => number;
}

/** Socket event carrying an order of the user's that changed (fill, settlement, liquidation, cancel). */
export const ORDER_UPDATED_EVENT = REALTIME_EVENTS.orderUpdated;
