import { DEFAULT_PERPETUAL_RISK } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { adminChangeFixture, changeReplyFixture } from '../../test/adminChange.ts';
import { mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { renderWithAnt } from '../../test/render.tsx';
import PerpetualRiskPage from './PerpetualRiskPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const URL = '/api/admin/trading/perpetual-risk';
const FUND = '/api/admin/risk/insurance-fund';

const ETH_TIERS = [{ max_notional: '100000', max_leverage: 20, maintenance_margin_rate: '0.01' }];

const riskReply = () =>
  ok({
    config: {
      ...DEFAULT_PERPETUAL_RISK,
      pairs: [{ symbol: 'ETHUSDT', tiers: ETH_TIERS, user_cap: '1000', side_cap: '1500' }],
    },
    usage: [
      {
        symbol: 'BTCUSDT',
        tiers: DEFAULT_PERPETUAL_RISK.tiers,
        own: false,
        user_cap: DEFAULT_PERPETUAL_RISK.user_cap,
        side_cap: DEFAULT_PERPETUAL_RISK.side_cap,
        long_notional: '150000',
        short_notional: '0',
      },
      {
        symbol: 'ETHUSDT',
        tiers: ETH_TIERS,
        own: true,
        user_cap: '1000',
        side_cap: '1500',
        long_notional: '1450',
        short_notional: '300',
      },
    ],
    pending: [
      adminChangeFixture({
        id: 77,
        kind: 'perpetual.risk',
        target_type: 'setting',
        target_id: 'perpetual.risk',
        before: DEFAULT_PERPETUAL_RISK,
        after: { ...DEFAULT_PERPETUAL_RISK, user_cap: '300' },
      }),
    ],
  });

const fundReply = () =>
  ok({
    currency: 'USDT',
    balance: '1234.5',
    history: [
      {
        position_id: 9,
        user_id: 3,
        user_email: 'a@example.com',
        symbol: 'BTCUSDT',
        side: 'long',
        amount: '-2',
        close_price: '45000',
        at: '2026-12-06T10:00:00.000Z',
      },
      {
        position_id: 8,
        user_id: 4,
        user_email: 'b@example.com',
        symbol: 'BTCUSDT',
        side: 'short',
        amount: '4',
        close_price: '54800',
        at: '2026-12-06T09:00:00.000Z',
      },
    ],
    pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
  });

const renderPage = (path = '/admin/trading/perpetual-risk') =>
  renderWithAnt(
    <MemoryRouter initialEntries={[path]}>
      <PerpetualRiskPage />
    </MemoryRouter>,
  );

describe('PerpetualRiskPage (issue 34)', () => {
  it('shows each pair’s tiers, caps and usage, and the open proposal', async () => {
    mockApi({ [`GET ${URL}`]: riskReply });
    renderPage();
    expect((await screen.findByTestId('risk-long-ETHUSDT')).textContent).toContain('1,450.00 / 1,500');
    expect(screen.getByTestId('risk-short-ETHUSDT').textContent).toContain('300.00 / 1,500');
    expect(screen.getAllByText('单独配置').length).toBeGreaterThan(0);
    expect(screen.getByText('≤ 100,000：20× / 1.00%')).toBeTruthy();
    expect(screen.getByText('默认档位')).toBeTruthy();
    const pending = screen.getByTestId('risk-pending-77');
    expect(pending.textContent).toContain('永续合约风控参数');
    expect(pending.querySelector('a')?.getAttribute('href')).toBe('/admin/changes');
  });

  it('submits the edited parameters as a proposal, and refuses a bad cap before sending', async () => {
    const { calls, handlers } = mockApi({ [`GET ${URL}`]: riskReply });
    handlers[`PUT ${URL}`] = () => changeReplyFixture({ kind: 'perpetual.risk' });
    renderPage();
    const cap = (await screen.findByTestId('risk-user-cap')) as HTMLInputElement;
    await waitFor(() => expect(cap.value).toBe(DEFAULT_PERPETUAL_RISK.user_cap));
    fireEvent.change(cap, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('risk-submit'));
    expect(await screen.findByText('单用户持仓上限必须大于0')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(cap, { target: { value: '500000' } });
    fireEvent.click(screen.getByTestId('risk-submit'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...DEFAULT_PERPETUAL_RISK,
      user_cap: '500000',
      pairs: [{ symbol: 'ETHUSDT', tiers: ETH_TIERS, user_cap: '1000', side_cap: '1500' }],
    });
  });

  it('the 保险基金 tab shows the balance and the liquidations that fed or drew on it', async () => {
    mockApi({ [`GET ${FUND}`]: fundReply });
    renderPage('/admin/trading/perpetual-risk?tab=insurance');
    expect((await screen.findByTestId('insurance-fund-balance')).textContent).toContain('1,234.50');
    expect(screen.getByText('穿仓补足')).toBeTruthy();
    expect(screen.getByText('强平剩余存入')).toBeTruthy();
    expect(screen.getByText('-2.00')).toBeTruthy();
    expect(screen.getByText('+4.00')).toBeTruthy();
  });

  it('in English: the tiers, caps, usage and editor, and the insurance fund tab, with no Chinese', async () => {
    applyLanguage('en');
    mockApi({ [`GET ${URL}`]: riskReply, [`GET ${FUND}`]: fundReply });
    renderPage();
    await screen.findByTestId('risk-long-ETHUSDT');
    expect(screen.getByText('Leverage tiers and position caps')).toBeTruthy();
    expect(screen.getAllByText('Own settings').length).toBeGreaterThan(0);
    expect(screen.getByText('≤ 100,000: 20× / 1.00%')).toBeTruthy();
    expect(screen.getByText('Default tiers')).toBeTruthy();
    expect(screen.getByTestId('risk-submit').textContent).toBe('Submit change');
    expect(chineseIn(screen.getByTestId('perpetual-risk-page').textContent)).toEqual([]);

    fireEvent.click(screen.getByText('Insurance fund'));
    expect((await screen.findByTestId('insurance-fund-balance')).textContent).toContain('1,234.50');
    expect(screen.getByText('Shortfall covered')).toBeTruthy();
    expect(screen.getByText('Liquidation surplus')).toBeTruthy();
    expect(chineseIn(screen.getByTestId('insurance-fund-tab').textContent)).toEqual([]);
  });
});
