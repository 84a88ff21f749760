import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { createJobLoop, type JobStep } from '../jobs/job-loop.ts';
import { createLease, LEASED_JOBS } from '../jobs/lease.ts';
import type { FundingRateSource } from '../market-data/funding-rates.ts';
import type { MarketQuotes } from '../market-data/market-quotes.ts';
import type { PairsService } from '../market-data/pairs.service.ts';
import type { OptionConfigService } from '../option-config/option-config.service.ts';
import { registerTradingAdminRoutes } from './admin/trading-admin.routes.ts';
import { createFlashEngine } from './flash/flash.engine.ts';
import { registerFlashRoutes } from './flash/flash.routes.ts';
import { registerFlashConfigChanges } from './flash/flash-config.routes.ts';
import { createOptionEngine } from './option/option.engine.ts';
import { registerOptionRoutes } from './option/option.routes.ts';
import { registerOwnOrdersRoutes } from './orders.routes.ts';
import { registerFundingRoutes } from './perpetual/funding.routes.ts';
import { createPerpetualFunding } from './perpetual/funding.service.ts';
import { createPerpetualEngine } from './perpetual/perpetual.engine.ts';
import { registerPerpetualRoutes } from './perpetual/perpetual.routes.ts';
import { registerPerpetualRiskRoutes } from './perpetual/perpetual-risk.routes.ts';
import { createReferencePrices, type IndexReader } from './reference-prices.ts';
import { createSpotEngine } from './spot/spot.engine.ts';
import { registerSpotRoutes } from './spot/spot.routes.ts';
import { createTimedSettlement } from './timed/settlement.ts';
import type { TradingDeps } from './trading-deps.ts';

/** The trading jobs' lease: one instance triggers, expires and liquidates at a time. */
const RECORD_PRICES_EVERY_MS = 1000;
const PRUNE_TICKS_EVERY_MS = 60_000;

/**
 * Wires the four engines (ARCHITECTURE.md, "Trading engines") to the market data and registers
 * their calls. Their background steps are idempotent, so a second runner or a crash never applies
 * anything twice. Recording reference prices and settling timed contracts run on every instance: a
 * contract must settle on time, on a recorded price, whichever instance dies (ticks are an
 * idempotent upsert, settlement claims rows with SKIP LOCKED). Limit triggers, expiry and
 * liquidation run under one lease, their transactions fenced by its token.
 */
export function registerTrading(
  app: Router,
  ctx: AppContext,
  guards: Guards,
  market: {
    quotes: MarketQuotes;
    pairs: PairsService;
    index: IndexReader;
    fundingRates: FundingRateSource;
    options: OptionConfigService;
    changes: ChangesService;
  },
) {
  const db = ctx.database.db;
  const prices = createReferencePrices({ db, index: market.index, now: ctx.clock.now });
  const deps: TradingDeps = {
    db,
    prices,
    quotes: market.quotes,
    pairs: market.pairs,
    options: market.options,
    fundingRates: market.fundingRates,
    realtime: ctx.realtime,
    // The database's clock decides (issue 31): an instance's own clock never stamps or cuts off.
    now: ctx.clock.now,
  };
  const spot = createSpotEngine(deps);
  // One settlement for both timed products: the flash engine schedules it.
  const settlement = createTimedSettlement(deps, { observeSettled: ctx.metrics.observeSettled });
  const flash = createFlashEngine(deps, settlement);
  const option = createOptionEngine(deps, settlement);
  const perpetual = createPerpetualEngine(deps);
  const funding = createPerpetualFunding(deps, {
    perpetual,
    rates: deps.fundingRates,
    intervalMinutes: ctx.config.FUNDING_INTERVAL_MINUTES,
  });

  registerOwnOrdersRoutes(app, { db, guards });
  registerSpotRoutes(app, { spot, guards });
  registerFlashRoutes(app, { flash, guards });
  registerFlashConfigChanges(app, {
    changes: market.changes,
    guards,
    maxPayoutRate: ctx.config.MAX_PAYOUT_RATE,
  });
  registerOptionRoutes(app, { option, guards });
  registerPerpetualRoutes(app, { perpetual, guards });
  registerPerpetualRiskRoutes(app, { db, changes: market.changes, guards });
  registerFundingRoutes(app, { funding, guards });
  registerTradingAdminRoutes(app, { db, guards });

  let recordedSymbols: string[] = [];
  const recordPrices: JobStep = {
    name: 'record-prices',
    everyMs: RECORD_PRICES_EVERY_MS,
    run: async () => {
      // A round of its own each turn unless the feed just made one: ticks a second apart at most.
      // Without waiting for the database: a hanging one must not stop the observations (they queue).
      // The pair list as last read: while the database is away the ticks still go on (they queue).
      recordedSymbols = await market.pairs.symbols({ enabledOnly: true }).catch(() => recordedSymbols);
      await prices.observe(recordedSymbols, RECORD_PRICES_EVERY_MS / 2, { background: true });
    },
  };
  const pruneTicks: JobStep = {
    name: 'prune-ticks',
    everyMs: PRUNE_TICKS_EVERY_MS,
    run: () => prices.prune(),
  };
  const everyInstance = createJobLoop({
    log: ctx.log,
    activity: ctx.activity,
    now: ctx.clock.now,
    // A wrong clock would stamp ticks and cut off settlements at the wrong instant: it does neither.
    paused: ctx.clock.problem,
    steps: [recordPrices, settlement.jobStep],
  });
  const leased = createJobLoop({
    lease: createLease(db, LEASED_JOBS.trading.name, LEASED_JOBS.trading.ttlMs),
    log: ctx.log,
    activity: ctx.activity,
    now: ctx.clock.now,
    paused: ctx.clock.problem,
    steps: [pruneTicks, ...spot.jobSteps, ...perpetual.jobSteps, funding.jobStep],
  });
  if (ctx.config.TRADING_JOBS_AUTOSTART) {
    app.addHook('onReady', async () => {
      await everyInstance.start();
      await leased.start();
    });
  }
  app.addHook('onClose', async () => {
    await Promise.all([everyInstance.stop(), leased.stop()]);
  });
}
