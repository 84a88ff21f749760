import {
  MAX_OPEN_TIMED_CONTRACTS,
  OPTION_DURATIONS,
  OPTION_MAX_STAKE,
  OPTION_MIN_STAKE,
  OPTION_TRADING_TEXTS,
  type OptionConfigData,
  type OptionConfigForUser,
  type OptionLevelView,
  type OptionOrderBody,
  TIMED_STAKE_CURRENCY,
  type TimedContract,
  type TimedHistoryQuery,
} from '@platform/contracts';
import {
  activeWindow,
  type LevelRefusal,
  levelAvailability,
  type OptionPeriod,
  ordersToOpenLevel,
  percentToRate,
  periodAt,
} from '@platform/domain';
import { businessRule } from '../../../core/errors.ts';
import { formatNormalised } from '../../../core/money.ts';
import { type Arrival, arrivedAt } from '../reference-prices.ts';
import { createTimedSettlement, type TimedSettlement } from '../timed/settlement.ts';
import { countValidOptionOrders, listOfferedPairs, listOpenContracts } from '../timed/timed.repository.ts';
import {
  assertPairOffered,
  assertStakeWithin,
  contractHistory,
  contractStats,
  createTimedPlacement,
  findRetriedOrder,
  toTimedContract,
} from '../timed/timed.service.ts';
import type { TradingDeps } from '../trading-deps.ts';

/**
 * Options: call or put at an investment level whose percentage is the payout on a win. The option
 * config (期权控制) decides only whether and at which levels a user may trade: the master switch,
 * maintenance, the level's period (window or non-window, Beijing time) and its opening condition
 * (valid orders: the user's settled options with a win or a loss, placed in the same period type).
 * Outcomes follow the reference price alone; settlement is shared with flash (timed/settlement.ts)
 * and scheduled by the flash engine, so it runs once.
 */
/** `settlement` is shared with the other timed product when both run in one app (trading.module.ts). */
export function createOptionEngine(
  deps: TradingDeps,
  settlement: TimedSettlement = createTimedSettlement(deps),
) {
  const placement = createTimedPlacement(deps);
  const minFor = (config: OptionConfigData, period: OptionPeriod) =>
    period === 'window' ? config.minTradeRequirements.windowTime : config.minTradeRequirements.nonWindowTime;

  function refusalText(reason: LevelRefusal, period: OptionPeriod, needed: number): string {
    switch (reason) {
      case 'unknown':
        return OPTION_TRADING_TEXTS.unknownLevel;
      case 'disabled':
        return OPTION_TRADING_TEXTS.levelDisabled;
      case 'not_in_period':
        return OPTION_TRADING_TEXTS.notInPeriod(period);
      case 'not_opened':
        return OPTION_TRADING_TEXTS.notOpened(needed);
    }
  }

  async function configFor(userId: number): Promise<OptionConfigForUser> {
    const config = await deps.options.get();
    const now = deps.now();
    const period = periodAt(config.timeWindows, now);
    const window = activeWindow(config.timeWindows, now);
    const valid = await countValidOptionOrders(deps.db, userId);
    const levels = [...config.investmentLevels]
      .sort((a, b) => a.level - b.level)
      .map((level): OptionLevelView => {
        const needed = ordersToOpenLevel(level.level, minFor(config, period));
        const availability = levelAvailability(config, level.level, period, valid[period]);
        return {
          ...level,
          payout_rate: formatNormalised(percentToRate(level.percentage)),
          available: availability.ok,
          reason: availability.ok ? null : availability.reason,
          reason_text: availability.ok ? null : refusalText(availability.reason, period, needed),
          orders_needed: needed,
        };
      });
    return {
      enabled: config.globalSettings.enabled,
      maintenanceMode: config.globalSettings.maintenanceMode,
      tradable: config.globalSettings.enabled && !config.globalSettings.maintenanceMode,
      period,
      inWindow: period === 'window',
      activeWindow: window,
      server_time: new Date(now).toISOString(),
      beijing_time: new Date(now + 8 * 3_600_000).toISOString().slice(11, 19),
      timeWindows: config.timeWindows,
      investmentLevels: config.investmentLevels,
      minTradeRequirements: config.minTradeRequirements,
      durations: [...OPTION_DURATIONS],
      currency: TIMED_STAKE_CURRENCY,
      min_stake: OPTION_MIN_STAKE,
      max_stake: OPTION_MAX_STAKE,
      pairs: await listOfferedPairs(deps.db, TIMED_STAKE_CURRENCY),
      valid_orders: valid,
      levels,
    };
  }

  async function placeOrder(userId: number, body: OptionOrderBody, arrival: Arrival = {}) {
    const receivedAt = arrivedAt(deps.now(), arrival);
    // A retry returns the first order even if the switches or the period changed since.
    const retried = await findRetriedOrder(deps.db, userId, 'option', body.client_order_id, {
      symbol: body.symbol,
      direction: body.direction,
      amount: body.amount,
      duration: body.duration,
      level: body.level,
    });
    if (retried) return retried;

    const config = await deps.options.get();
    if (!config.globalSettings.enabled) throw businessRule(OPTION_TRADING_TEXTS.disabled);
    if (config.globalSettings.maintenanceMode) throw businessRule(OPTION_TRADING_TEXTS.maintenance);
    if (!(OPTION_DURATIONS as readonly number[]).includes(body.duration)) {
      throw businessRule(OPTION_TRADING_TEXTS.unknownDuration(OPTION_DURATIONS));
    }
    assertStakeWithin(body.amount, OPTION_MIN_STAKE, OPTION_MAX_STAKE, TIMED_STAKE_CURRENCY);

    const period = periodAt(config.timeWindows, deps.now());
    const valid = await countValidOptionOrders(deps.db, userId);
    const availability = levelAvailability(config, body.level, period, valid[period]);
    if (!availability.ok) {
      const needed = availability.needed ?? 0;
      throw businessRule(refusalText(availability.reason, period, needed), {
        reason: availability.reason,
        period,
        needed,
        validOrders: valid[period],
      });
    }

    const pair = await deps.pairs.requireEnabled(body.symbol);
    assertPairOffered(pair, TIMED_STAKE_CURRENCY);
    return placement.open({
      userId,
      product: 'option',
      pair,
      direction: body.direction,
      stake: body.amount,
      payoutRate: formatNormalised(percentToRate(availability.level.percentage)),
      durationSeconds: body.duration,
      level: availability.level.level,
      period,
      clientOrderId: body.client_order_id,
      receivedAt,
    });
  }

  /** The caller's open options, soonest expiry first, with the seconds left. */
  async function active(userId: number): Promise<Array<TimedContract & { seconds_left: number }>> {
    const now = deps.now();
    const rows = await listOpenContracts(deps.db, userId, 'option', MAX_OPEN_TIMED_CONTRACTS);
    return rows.map((row) => ({
      ...toTimedContract(row),
      seconds_left: Math.max(0, Math.ceil((row.expiresAt.getTime() - now) / 1000)),
    }));
  }

  return {
    configFor,
    placeOrder,
    active,
    history: (userId: number, query: TimedHistoryQuery) => contractHistory(deps.db, userId, 'option', query),
    stats: (userId: number) => contractStats(deps.db, userId, 'option'),
    /** The shared settlement (flash and option), for tests and tools; the flash engine schedules it. */
    settleDueContracts: settlement.settleDueContracts,
  };
}

export type OptionEngine = ReturnType<typeof createOptionEngine>;
