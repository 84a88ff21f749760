import type {
  IndexComponent,
  MarketFeedStatus,
  PublicUser,
  TradeOrder,
  TradingPair,
  WalletReply,
  WithdrawRequirement,
} from '@platform/contracts';

/** When the trading fixtures were placed. */
export const FIXTURE_TIME = '2026-01-01T00:00:00.000Z';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    email: 'alice@example.com',
    phone: null,
    nickname: null,
    role: 'user',
    admin_level: null,
    is_active: true,
    kyc_status: 'none',
    invite_code: 'ABC123',
    created_at: '2024-01-01T00:00:00.000Z',
    last_login: null,
    permissions: [],
    email_verified: true,
    twofa_enabled: false,
    twofa_setup_required: false,
    withdrawals_held_until: null,
    withdrawRequirement: { canWithdraw: false, reasons: [] },
    wallets: [{ currency: 'USDT', balance: '1234.5', frozen_balance: '10', salary_balance: '0' }],
    language: null,
    ...overrides,
  };
}

export const makeAdmin = (overrides: Partial<PublicUser> = {}): PublicUser =>
  makeUser({ id: 1, email: 'root@example.com', role: 'admin', admin_level: 'admin', ...overrides });

/** Stores a session the way login does. */
export function storeSession(user: PublicUser, token = 'test-token', checkedAt = Date.now()): void {
  window.localStorage.setItem('token', token);
  window.localStorage.setItem('user', JSON.stringify(user));
  window.localStorage.setItem('user_profile_checked_at', String(checkedAt));
}

/** A fetch Response carrying a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** GET /api/wallet's data for a user holding `balance` USDT only: priced at 1, its value is the balance. */
export function usdtWallet(
  balance: string,
  withdrawRequirement: WithdrawRequirement = { canWithdraw: true, reasons: [] },
): WalletReply['data'] {
  return {
    wallets: [
      {
        currency: 'USDT',
        balance,
        frozen_balance: '0',
        salary_balance: '0',
        price_usdt: '1',
        value_usdt: balance,
      },
    ],
    total_value_usdt: balance,
    unpriced_currencies: [],
    withdrawRequirement,
  };
}

/** A pair as GET /api/trading/pairs lists it: enabled, on the simulated feed. */
export function makePair(
  symbol: string,
  base: string,
  quote: string,
  overrides: Partial<TradingPair> = {},
): TradingPair {
  return {
    id: 1,
    symbol,
    base_currency: base,
    quote_currency: quote,
    logo_url: null,
    current_price: '50000',
    price_change_24h: '0.5',
    volume_24h: '1200',
    price_precision: 2,
    amount_precision: 6,
    min_amount: '0.0001',
    fee_rate: '0.001',
    enabled: true,
    source: 'sim',
    updated_at: FIXTURE_TIME,
    ...overrides,
  };
}

/**
 * An order as every trading call returns it (data.order): by default a spot market buy of 0.01 BTC
 * filled at 50,000, its 0.1% fee in USDT.
 */
export function makeOrder(overrides: Partial<TradeOrder> = {}): TradeOrder {
  return {
    id: 1,
    product: 'spot',
    symbol: 'BTCUSDT',
    base_currency: 'BTC',
    quote_currency: 'USDT',
    side: 'buy',
    type: 'market',
    time_in_force: null,
    amount: '0.01',
    amount_currency: 'BTC',
    price: null,
    filled_amount: '0.01',
    avg_price: '50000',
    quote_amount: '500',
    fee: '0.5',
    status: 'filled',
    client_order_id: null,
    expires_at: null,
    created_at: FIXTURE_TIME,
    updated_at: FIXTURE_TIME,
    closed_at: FIXTURE_TIME,
    ...overrides,
  };
}

/** The market feed as GET /api/huobi/status replies it: three real venues, running (the simulator: `SIMULATED_FEED`). */
export function makeFeedStatus(overrides: Partial<MarketFeedStatus> = {}): MarketFeedStatus {
  return {
    sources: ['htx', 'okx', 'binance'],
    simulated: false,
    pairSyncProvider: 'okx',
    state: 'running',
    leader: true,
    startedAt: '2024-05-01T00:00:00.000Z',
    lastTickAt: '2024-05-01T01:02:03.000Z',
    ticks: 12345,
    symbols: 8,
    lastError: { message: 'HTX 超时', at: '2024-05-01T00:30:00.000Z' },
    ...overrides,
  };
}

/** What the server's default (no PRICE_SOURCES) is: three simulated venues. */
export const SIMULATED_FEED: Partial<MarketFeedStatus> = {
  sources: ['sim-a', 'sim-b', 'sim-c'],
  simulated: true,
};

/** An index's components as a reference price carries them: two venues included, one an outlier. */
export const INDEX_COMPONENTS: IndexComponent[] = [
  { source: 'sim-a', price: '95000.5', at: '2026-01-01T00:00:00.120Z', status: 'included', deviation: '0' },
  {
    source: 'sim-b',
    price: '95001',
    at: '2026-01-01T00:00:00.250Z',
    status: 'included',
    deviation: '0.00000526',
  },
  {
    source: 'sim-c',
    price: '99000',
    at: '2026-01-01T00:00:00.310Z',
    status: 'outlier',
    deviation: '0.04209988',
  },
];

/** Waits in real time: for a debounce to pass, or long enough to show that nothing more happens. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
