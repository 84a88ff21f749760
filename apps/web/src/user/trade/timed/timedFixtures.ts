import type { TimedContract, TradeOrder } from '@platform/contracts';
import { makeOrder } from '../../../test/fixtures.ts';

/** Test data of the flash and option screens (imported by tests only). */

/** An open 30 s flash contract: 100 USDT on BTCUSDT going up, opened now at 95,000.5. */
export function makeContract(overrides: Partial<TimedContract> = {}): TimedContract {
  const opened = new Date();
  return {
    order_id: 41,
    product: 'flash',
    symbol: 'BTCUSDT',
    direction: 'up',
    stake: '100',
    currency: 'USDT',
    payout_rate: '0.1',
    duration: 30,
    level: null,
    period: null,
    entry: { price: '95000.5', source: 'sim', at: opened.toISOString(), components: null },
    settlement: null,
    status: 'open',
    outcome: null,
    payout: null,
    profit: null,
    opened_at: opened.toISOString(),
    expires_at: new Date(opened.getTime() + 30_000).toISOString(),
    settled_at: null,
    ...overrides,
  };
}

/** The contract won at expiry: settled at 95,010.25, 110 paid back on the 100 stake. */
export const settledContract = (open: TimedContract): TimedContract => ({
  ...open,
  status: 'settled',
  outcome: 'win',
  settlement: { price: '95010.25', source: 'sim', at: open.expires_at, components: null },
  payout: '110',
  profit: '10',
  settled_at: open.expires_at,
});

/**
 * The contract's order (data.order beside it): pending at the entry price while open, filled at the
 * settlement price once settled.
 */
export function contractOrder(contract: TimedContract, clientOrderId: string | null = null): TradeOrder {
  const settled = contract.status === 'settled';
  return makeOrder({
    id: contract.order_id,
    product: contract.product,
    symbol: contract.symbol,
    base_currency: contract.symbol.slice(0, -contract.currency.length),
    quote_currency: contract.currency,
    side: contract.direction,
    type: null,
    amount: contract.stake,
    amount_currency: contract.currency,
    price: contract.entry.price,
    filled_amount: settled ? contract.stake : '0',
    avg_price: contract.settlement?.price ?? null,
    quote_amount: contract.stake,
    fee: '0',
    status: settled ? 'filled' : 'pending',
    client_order_id: clientOrderId,
    expires_at: contract.expires_at,
    created_at: contract.opened_at,
    updated_at: contract.settled_at ?? contract.opened_at,
    closed_at: contract.settled_at,
  });
}
