import type { RiskExposureData } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/api.ts';
import { sleep } from '../../test/fixtures.ts';
import { renderWithAntAt } from '../../test/render.tsx';
import { RiskAlertBanner } from './RiskAlertBanner.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const zeroTotals = {
  perpetual_long_notional: '0',
  perpetual_short_notional: '0',
  perpetual_net_notional: '0',
  perpetual_unrealised_pnl: '0',
  timed_open_stake_up: '0',
  timed_open_stake_down: '0',
  timed_worst_case_payout: '0',
  funding_received: '0',
  funding_paid: '0',
  open_positions: 0,
  open_contracts: 0,
};
const exposure = (alerts: RiskExposureData['alerts']): RiskExposureData => ({
  pairs: [],
  totals: zeroTotals,
  insurance_fund: null,
  stress: [],
  largest_positions: [],
  largest_users: [],
  alerts,
  marks: [],
  unpriced: [],
  computed_at: '2026-12-06T22:00:00.000Z',
});

let alerts: RiskExposureData['alerts'];
beforeEach(() => {
  alerts = [];
  mockApi({ 'GET /api/admin/risk/exposure': () => ok(exposure(alerts)) });
});

describe('dashboard 风险敞口预警', () => {
  it('shows nothing without alerts', async () => {
    renderWithAntAt(<RiskAlertBanner />, '/admin');
    await sleep(50);
    expect(screen.queryByTestId('risk-alerts')).toBeNull();
  });

  it('shows the alerts in force and opens 风险敞口', async () => {
    alerts = [
      {
        symbol: 'ETHUSDT',
        kind: 'worst_case_loss',
        threshold: '500',
        value: '812.5',
        since: '2026-12-06T21:00:00.000Z',
      },
    ];
    const router = renderWithAntAt(<RiskAlertBanner />, '/admin');
    const banner = await screen.findByTestId('risk-alerts');
    expect(banner.textContent).toContain('ETHUSDT 最坏情况亏损 812.50 USDT ≥ 阈值 500.00 USDT');
    fireEvent.click(screen.getByTestId('risk-alert-details'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/trading/risk'));
  });
});
