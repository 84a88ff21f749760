import {
  DEFAULT_FLASH_CONFIG,
  FLASH_CONFIG_SETTING_KEY,
  FLASH_TEXTS,
  type FlashConfig,
  type FlashConfigData,
  type FlashOrderBody,
  flashConfig,
  MAX_OPEN_TIMED_CONTRACTS,
  TIMED_STAKE_CURRENCY,
  TIMED_VOID_AFTER_SECONDS,
  type TimedHistoryQuery,
} from '@platform/contracts';
import { AppError, businessRule } from '../../../core/errors.ts';
import { createKeptCopy } from '../../../core/kept-copy.ts';
import { Decimal, formatNormalised, normaliseDecimalString } from '../../../core/money.ts';
import { readSetting } from '../../jobs/settings.ts';
import { type Arrival, arrivedAt, SETTLEMENT_TICK_TOLERANCE_MS } from '../reference-prices.ts';
import { createTimedSettlement, type TimedSettlement } from '../timed/settlement.ts';
import { listOfferedPairs } from '../timed/timed.repository.ts';
import {
  assertPairOffered,
  assertStakeWithin,
  contractHistory,
  contractStats,
  createTimedPlacement,
} from '../timed/timed.service.ts';
import type { TradingDeps } from '../trading-deps.ts';

/**
 * Flash (seconds) contracts: up or down over one of the configured durations, paid at that
 * duration's rate on a win. Placement checks the duration, the stake limits and the pair, then
 * opens the contract at the reference price (timed.service.ts). Both timed products (flash and
 * option) settle through one `TimedSettlement`, scheduled on every instance by trading.module.ts.
 */
/** How long orders use an instance's copy of the flash config (see orderConfig). */
export const FLASH_CONFIG_CACHE_MS = 1000;

/** `settlement` is shared with the other timed product when both run in one app (trading.module.ts). */
export function createFlashEngine(
  deps: TradingDeps,
  settlement: TimedSettlement = createTimedSettlement(deps),
) {
  const placement = createTimedPlacement(deps);
  /** The defaults, or the app setting `flash.config` when one is stored (validated by the same schema). */
  async function config(): Promise<FlashConfig> {
    const stored = await readSetting<unknown>(deps.db, FLASH_CONFIG_SETTING_KEY, null);
    if (stored === null) return DEFAULT_FLASH_CONFIG;
    const parsed = flashConfig.safeParse(stored);
    if (!parsed.success) throw new AppError(500, FLASH_TEXTS.configBroken);
    return parsed.data;
  }

  /**
   * The config that orders read is kept for a second like the pair rows (PAIR_ROW_CACHE_MS): every
   * order needs it and it changes only when an operator stores a new one; the screens read it fresh.
   */
  const orderConfigCopy = createKeptCopy(config, FLASH_CONFIG_CACHE_MS);
  const orderConfig = () => orderConfigCopy.get(undefined);

  async function configView(): Promise<FlashConfigData> {
    const c = await config();
    return {
      currency: TIMED_STAKE_CURRENCY,
      durations: c.durations.map((d) => ({
        seconds: d.seconds,
        payout_rate: normaliseDecimalString(d.payout_rate),
        payout_percent: formatNormalised(new Decimal(d.payout_rate).times(100)),
      })),
      min_stake: normaliseDecimalString(c.min_stake),
      max_stake: normaliseDecimalString(c.max_stake),
      max_open_contracts: MAX_OPEN_TIMED_CONTRACTS,
      pairs: await listOfferedPairs(deps.db, TIMED_STAKE_CURRENCY),
      settlement: {
        tick_tolerance_seconds: SETTLEMENT_TICK_TOLERANCE_MS / 1000,
        void_after_seconds: TIMED_VOID_AFTER_SECONDS,
      },
    };
  }

  async function placeOrder(userId: number, body: FlashOrderBody, arrival: Arrival = {}) {
    const receivedAt = arrivedAt(deps.now(), arrival);
    const c = await orderConfig();
    const duration = c.durations.find((d) => d.seconds === body.duration);
    if (!duration) throw businessRule(FLASH_TEXTS.unknownDuration(c.durations.map((d) => d.seconds)));
    assertStakeWithin(body.amount, c.min_stake, c.max_stake, TIMED_STAKE_CURRENCY);
    const pair = await deps.pairs.requireEnabled(body.symbol);
    assertPairOffered(pair, TIMED_STAKE_CURRENCY);
    return placement.open({
      userId,
      product: 'flash',
      pair,
      direction: body.direction,
      stake: body.amount,
      payoutRate: normaliseDecimalString(duration.payout_rate),
      durationSeconds: duration.seconds,
      clientOrderId: body.client_order_id,
      receivedAt,
    });
  }

  return {
    config,
    configView,
    placeOrder,
    history: (userId: number, query: TimedHistoryQuery) => contractHistory(deps.db, userId, 'flash', query),
    stats: (userId: number) => contractStats(deps.db, userId, 'flash'),
    /** Settles every due flash contract and option (the job step's work; tests call it with a clock). */
    settleDueContracts: settlement.settleDueContracts,
    /** How placements were grouped into writes so far. */
    placementWrites: placement.writes,
  };
}

export type FlashEngine = ReturnType<typeof createFlashEngine>;
