import type { OptionConfigForUser } from '@platform/contracts';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { queryClient } from '../../../lib/queryClient.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import { mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import { makeUser, usdtWallet } from '../../../test/fixtures.ts';
import { renderInApp, signIn } from '../../../test/render.tsx';
import OptionPage from './OptionPage.tsx';

/** A whole antd trade screen mounts slowly in jsdom on a busy machine: the first wait gets this long. */
const MOUNT = { timeout: 30_000 };
vi.setConfig({ testTimeout: 90_000 });

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);

const levelBase = { windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true };

function optionConfig(overrides: Partial<OptionConfigForUser> = {}): OptionConfigForUser {
  return {
    enabled: true,
    maintenanceMode: false,
    tradable: true,
    period: 'nonWindow',
    inWindow: false,
    activeWindow: null,
    server_time: new Date().toISOString(),
    beijing_time: '12:00:00',
    // Windows that never contain now: the page's own clock agrees with the server's period.
    timeWindows: [],
    investmentLevels: [],
    minTradeRequirements: { windowTime: 3, nonWindowTime: 5 },
    durations: [60, 180, 300, 600],
    currency: 'USDT',
    min_stake: '10',
    max_stake: '50000',
    pairs: [{ symbol: 'ETHUSDT', base_currency: 'ETH', quote_currency: 'USDT' }],
    valid_orders: { window: 0, nonWindow: 1 },
    levels: [
      {
        ...levelBase,
        level: 1,
        percentage: 80,
        payout_rate: '0.8',
        available: true,
        reason: null,
        reason_text: null,
        orders_needed: 0,
      },
      {
        ...levelBase,
        level: 2,
        percentage: 85,
        payout_rate: '0.85',
        available: false,
        reason: 'not_opened',
        reason_text: '需完成 5 笔有效订单后开放该等级',
        orders_needed: 5,
      },
    ],
    ...overrides,
  };
}

let config: OptionConfigForUser;

beforeEach(() => {
  // renderInApp uses the app's one query client: nothing cached may leak into the next test.
  queryClient.clear();
  disconnectSocket();
  fakeSockets.length = 0;
  config = optionConfig();
  mockApi({
    'GET /api/trading/option/config': () => ok(config),
    'GET /api/trading/option/active': () => ok({ contracts: [] }),
    'GET /api/trading/markets': () => ok({ markets: [] }),
    'GET /api/trading/pairs': () => ok({ pairs: [] }),
    'GET /api/wallet': () => ok(usdtWallet('500')),
  });
});

const renderOption = () =>
  renderInApp(
    <Routes>
      <Route path="/trade/option/:symbol?" element={<OptionPage />} />
    </Routes>,
    '/trade/option/ETHUSDT',
  );

describe('OptionPage', () => {
  it('offers only the open levels and says what the others need', async () => {
    signIn(makeUser());
    renderOption();
    const first = (await screen.findByTestId('option-level-1', {}, MOUNT)) as HTMLButtonElement;
    expect(first.disabled).toBe(false);
    const second = screen.getByTestId('option-level-2') as HTMLButtonElement;
    expect(second.disabled).toBe(true);
    expect(second.textContent).toContain('需 5 笔有效订单，您已有 1 笔');
    expect(screen.getByTestId('option-period-label').textContent).toBe('当前非窗口期');
    expect(screen.getByTestId('option-duration-60')).toBeTruthy();
    expect(await screen.findByText('暂无进行中的合约')).toBeTruthy();
  });

  it('shows a closed state in maintenance, without the order button', async () => {
    config = optionConfig({ maintenanceMode: true, tradable: false });
    signIn(makeUser());
    renderOption();
    expect((await screen.findByTestId('option-closed', {}, MOUNT)).textContent).toContain('期权交易维护中');
    expect(screen.queryByTestId('place-order')).toBeNull();
  });

  it('says so when the master switch is off', async () => {
    config = optionConfig({ enabled: false, tradable: false });
    signIn(makeUser());
    renderOption();
    expect((await screen.findByTestId('option-closed', {}, MOUNT)).textContent).toContain('期权交易已关闭');
  });

  it('shows the levels, the period, the form and the rules in English', async () => {
    applyLanguage('en');
    signIn(makeUser());
    renderOption();
    const second = await screen.findByTestId('option-level-2', {}, MOUNT);
    expect(second.textContent).toBe('Level 2Payout 85%Locked: needs 5 valid orders, you have 1');
    expect(screen.getByTestId('option-level-1').textContent).toBe('Level 1Payout 80%');
    expect(screen.getByTestId('option-period-label').textContent).toBe('Now: non-window period');
    expect(screen.getByTestId('option-period').textContent).toContain(
      'No window period set; the whole day is non-window',
    );
    expect(screen.getByTestId('valid-orders').textContent).toBe('Valid orders in this period type: 1');
    expect(screen.getByTestId('option-duration-60').textContent).toBe('1m');
    expect(screen.getByTestId('option-rules').textContent).toContain('Durations 1m, 3m, 5m, 10m');
    expect(await screen.findByText('No open contracts')).toBeTruthy();
    expect(chineseIn(screen.getByTestId('option-page'))).toEqual([]);
  });

  it('shows the closed state in English', async () => {
    applyLanguage('en');
    config = optionConfig({ maintenanceMode: true, tradable: false });
    signIn(makeUser());
    renderOption();
    const closed = await screen.findByTestId('option-closed', {}, MOUNT);
    expect(closed.textContent).toContain('Options under maintenance');
    expect(closed.textContent).toContain('Open options still settle at expiry as usual.');
    expect(chineseIn(screen.getByTestId('option-page'))).toEqual([]);
  });

  it('shows a guest the rules and a login prompt in English', async () => {
    applyLanguage('en');
    renderOption();
    expect((await screen.findByTestId('guest-prompt', {}, MOUNT)).textContent).toContain('Log in');
    expect(screen.getByTestId('option-rules').textContent).toContain('Options rules');
    expect(chineseIn(screen.getByTestId('option-page'))).toEqual([]);
  });
});
