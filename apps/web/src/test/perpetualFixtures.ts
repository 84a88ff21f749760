import type { PerpetualPosition } from '@platform/contracts';

/** Test data of the perpetual screen (imported by its tests only). */

export const FIXTURE_AT = '2026-01-01T00:00:00.000Z';

/** An open long: 100 USDT at 10x from 50,000 (0.02 BTC), marked at its entry, as the server lists it. */
export function makePosition(overrides: Partial<PerpetualPosition> = {}): PerpetualPosition {
  return {
    id: 41,
    symbol: 'BTCUSDT',
    side: 'long',
    status: 'open',
    currency: 'USDT',
    margin: '100',
    leverage: 10,
    quantity: '0.02',
    notional: '1000',
    entry_price: '50000',
    entry_source: 'sim',
    entry_at: FIXTURE_AT,
    entry_components: null,
    open_fee: '0.5',
    maintenance_rate: '0.005',
    // entry × (1 − 1/10) / (1 − 0.005), floored to 18 places.
    liquidation_price: '45226.130653266331658291',
    margin_added: '0',
    funding: '0',
    take_profit_price: null,
    stop_loss_price: null,
    mark_price: '50000',
    mark_at: FIXTURE_AT,
    unrealised_pnl: '0',
    roe_percent: '0',
    close_price: null,
    close_source: null,
    close_price_at: null,
    close_components: null,
    close_fee: null,
    realised_pnl: null,
    payout: null,
    close_reason: null,
    opened_at: FIXTURE_AT,
    closed_at: null,
    ...overrides,
  };
}
