import type { RiskExposureData, RiskThreshold } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { type Call, mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { renderWithAntAt } from '../../test/render.tsx';
import RiskExposurePage from './RiskExposurePage.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const exposure = (overrides: Partial<RiskExposureData> = {}): RiskExposureData => ({
  pairs: [
    {
      symbol: 'BTCUSDT',
      perpetual_long_notional: '3000',
      perpetual_short_notional: '1500',
      perpetual_unrealised_pnl: '-12.5',
      timed_open_stake_up: '200',
      timed_open_stake_down: '80',
      timed_worst_case_payout: '220',
      funding_received: '1.2',
      funding_paid: '0.4',
    },
  ],
  totals: {
    perpetual_long_notional: '3000',
    perpetual_short_notional: '1500',
    perpetual_net_notional: '1500',
    perpetual_unrealised_pnl: '-12.5',
    timed_open_stake_up: '200',
    timed_open_stake_down: '80',
    timed_worst_case_payout: '220',
    funding_received: '1.2',
    funding_paid: '0.4',
    open_positions: 3,
    open_contracts: 2,
  },
  insurance_fund: null,
  stress: [
    { move: '-0.1', house_result: '340' },
    { move: '-0.05', house_result: '150' },
    { move: '0.05', house_result: '-90' },
    { move: '0.1', house_result: '-260' },
  ],
  largest_positions: [
    {
      id: 41,
      user: { id: 7, email: 'alice@example.com' },
      symbol: 'BTCUSDT',
      side: 'long',
      quantity: '0.02',
      margin: '40',
      leverage: 50,
      entry_price: '100000',
      notional: '2000',
      house_pnl: '-20',
    },
  ],
  largest_users: [
    {
      user: { id: 7, email: 'alice@example.com' },
      perpetual_notional: '2000',
      timed_payout: '220',
      exposure: '2220',
    },
  ],
  alerts: [],
  marks: [{ symbol: 'BTCUSDT', price: '101000', at: '2026-12-06T22:00:00.000Z' }],
  unpriced: [],
  computed_at: '2026-12-06T22:00:01.000Z',
  ...overrides,
});

let calls: Call[];
let current: RiskExposureData;
let thresholds: RiskThreshold[];

beforeEach(() => {
  current = exposure();
  thresholds = [];
  ({ calls } = mockApi({
    'GET /api/admin/risk/exposure': () => ok(current),
    'GET /api/admin/risk/thresholds': () => ok({ thresholds }),
    'PUT /api/admin/risk/thresholds': (call) => {
      const body = call.body as {
        symbol: string;
        net_notional: string | null;
        worst_case_loss: string | null;
      };
      thresholds =
        body.net_notional === null && body.worst_case_loss === null
          ? []
          : [{ ...body, updated_at: '2026-12-06T22:00:00.000Z', updated_by: 1 }];
      return ok({ thresholds }, '预警阈值已保存');
    },
  }));
});

const renderPage = () => renderWithAntAt(<RiskExposurePage />, '/admin/trading/risk');

describe('风险敞口', () => {
  it('shows the totals, the stress lines, the pairs and the largest positions and users with their links', async () => {
    const router = renderPage();
    await screen.findByTestId('risk-overview');
    expect(screen.getByTestId('risk-total-net').textContent).toContain('+1,500.00');
    expect(screen.getByTestId('risk-total-pnl').textContent).toContain('-12.50');
    // No insurance fund wired in: no card, rather than a zero.
    expect(screen.queryByTestId('risk-total-insurance')).toBeNull();
    const stress = screen.getByTestId('risk-stress').textContent ?? '';
    expect(stress).toContain('行情 -10%');
    expect(stress).toContain('+340.00 USDT');
    expect(stress).toContain('行情 +10%');
    expect(stress).toContain('-260.00 USDT');
    const pair = screen.getByTestId('risk-pairs').textContent ?? '';
    expect(pair).toContain('BTCUSDT');
    expect(pair).toContain('标记 101,000.0000');
    expect(pair).toContain('220.00');
    expect(pair).toContain('1.20 / 0.40');
    expect(screen.queryByTestId('risk-alerts')).toBeNull();

    fireEvent.click(screen.getByTestId('risk-position-41'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/trading/positions'));
    expect(router.state.location.search).toBe('?user=7&symbol=BTCUSDT');
  });

  it('links a user to the user list searched by e-mail, shows the insurance fund when there is one', async () => {
    current = exposure({ insurance_fund: '5000' });
    const router = renderPage();
    await screen.findByTestId('risk-overview');
    expect(screen.getByTestId('risk-total-insurance').textContent).toContain('5,000.00');
    fireEvent.click(screen.getByTestId('risk-user-7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(router.state.location.search).toBe('?search=alice%40example.com');
  });

  it('puts at most three total cards in a desktop row, so an English label such as Perpetual net exposure (long − short) holds one line', async () => {
    // Seven cards of span 3 were 130 px wide at 1280 px and wrapped every English label.
    current = exposure({ insurance_fund: '5000' });
    renderPage();
    await screen.findByTestId('risk-overview');
    for (const key of ['long', 'net', 'pnl', 'insurance']) {
      expect(screen.getByTestId(`risk-total-${key}`).closest('.ant-col')?.className).toContain(
        'ant-col-xl-8',
      );
    }
  });

  it('shows the alerts in force', async () => {
    current = exposure({
      alerts: [
        {
          symbol: 'BTCUSDT',
          kind: 'net_notional',
          threshold: '1000',
          value: '1500',
          since: '2026-12-06T21:59:00.000Z',
        },
      ],
    });
    renderPage();
    const alert = await screen.findByTestId('risk-alerts');
    expect(alert.textContent).toContain('BTCUSDT 永续净敞口 1,500.00 USDT ≥ 阈值 1,000.00 USDT');
  });

  it('saves a threshold (the server rule first: a bad amount is refused before any call), then removes it', async () => {
    renderPage();
    await screen.findByTestId('risk-thresholds');
    const select = within(screen.getByTestId('risk-threshold-symbol')).getByRole('combobox');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('BTCUSDT'));
    fireEvent.change(screen.getByTestId('risk-threshold-net'), { target: { value: '-5' } });
    fireEvent.click(screen.getByTestId('risk-threshold-save'));
    expect(await screen.findByText('净敞口阈值格式不正确，最多2位小数')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('risk-threshold-net'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('risk-threshold-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      symbol: 'BTCUSDT',
      net_notional: '1000',
      worst_case_loss: null,
    });
    const table = await screen.findByTestId('risk-thresholds-table');
    await waitFor(() => expect(table.textContent).toContain('1,000.00 USDT'));

    fireEvent.click(screen.getByTestId('risk-threshold-delete-BTCUSDT'));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      symbol: 'BTCUSDT',
      net_notional: null,
      worst_case_loss: null,
    });
  });
  it('in English: totals, stress lines, pairs, largest positions and users, alerts and thresholds, with no Chinese', async () => {
    applyLanguage('en');
    current = exposure({
      insurance_fund: '5000',
      unpriced: ['ETHUSDT'],
      alerts: [
        {
          symbol: 'BTCUSDT',
          kind: 'net_notional',
          threshold: '1000',
          value: '1500',
          since: '2026-12-06T21:59:00.000Z',
        },
      ],
    });
    thresholds = [
      {
        symbol: 'BTCUSDT',
        net_notional: '1000',
        worst_case_loss: null,
        updated_at: '2026-12-06T22:00:00.000Z',
        updated_by: 1,
      },
    ];
    renderPage();
    const overview = await screen.findByTestId('risk-overview');
    await screen.findByText('1,000.00 USDT');
    expect(screen.getByTestId('risk-total-insurance').textContent).toContain('Insurance fund');
    expect(screen.getByTestId('risk-stress').textContent).toContain('Market -10%');
    expect(screen.getByTestId('risk-pairs').textContent).toContain('Mark 101,000.0000');
    expect(screen.getByTestId('risk-largest-positions').textContent).toContain('Long 50x');
    expect(screen.getByTestId('risk-alerts').textContent).toContain(
      'BTCUSDT Perpetual net exposure 1,500.00 USDT ≥ threshold 1,000.00 USDT',
    );
    expect(screen.getByTestId('risk-go-positions').textContent).toBe('Positions');
    // The frame's 最后更新 and 刷新 are the shared OverviewFrame's, not this page's.
    const frame = [screen.getByTestId('risk-updated-at'), screen.getByTestId('risk-refresh')].map(
      (element) => element.textContent ?? '',
    );
    const pageText = frame.reduce((all, part) => all.replace(part, ''), overview.textContent ?? '');
    expect(chineseIn(pageText)).toEqual([]);

    fireEvent.click(screen.getByTestId('risk-threshold-delete-BTCUSDT'));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Remove the alert thresholds of BTCUSDT?')).toBeTruthy();
    expect(chineseIn(confirm)).toEqual([]);
  });
});
