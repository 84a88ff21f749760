import type { ReconciliationRun } from '@platform/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import { type Call, type Handler, mockApi, ok, pagination } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import { jsonResponse, makeAdmin } from '../../../test/fixtures.ts';
import { confirmDialog, renderWithAntAt, signIn } from '../../../test/render.tsx';
import ReconciliationRunsPage, { breachDifference, runDuration } from './ReconciliationRunsPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);

let calls: Call[];
let handlers: Record<string, Handler>;

function run(overrides: Partial<ReconciliationRun> = {}): ReconciliationRun {
  return {
    id: 1,
    started_at: '2026-03-01T04:00:00.000Z',
    finished_at: '2026-03-01T04:00:00.350Z',
    ok: true,
    breaches: [],
    checked: { accounts: 1204, transactions: 56789, entries: 123456 },
    triggered_by: null,
    triggered_by_email: null,
    acknowledged_by: null,
    acknowledged_by_email: null,
    acknowledged_at: null,
    ...overrides,
  };
}

const BREACH_RUN = run({
  id: 2,
  ok: false,
  started_at: '2026-03-01T04:10:00.000Z',
  finished_at: '2026-03-01T04:10:01.500Z',
  triggered_by: 9,
  triggered_by_email: 'ops@example.com',
  breaches: [
    {
      kind: 'journal',
      user_id: null,
      user_email: null,
      currency: null,
      actual: null,
      expected: null,
      message: 'account #5 (user 7 frozen USDT): balance 42.5 but its entries sum to 30',
    },
    {
      kind: 'frozen',
      user_id: 7,
      user_email: 'victim@example.com',
      currency: 'USDT',
      actual: '42.5',
      expected: '30',
      message: 'user 7 USDT: frozen 42.5 but open obligations 30',
    },
  ],
});

let runs: ReconciliationRun[];
let acknowledged: boolean;

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  acknowledged = false;
  runs = [BREACH_RUN, run()];
  ({ calls, handlers } = mockApi({
    'GET /api/admin/reconciliation': () =>
      ok({
        runs: runs.map((r) =>
          r.id === 2 && acknowledged
            ? {
                ...r,
                acknowledged_by: 1,
                acknowledged_by_email: 'root@example.com',
                acknowledged_at: '2026-03-01T05:00:00.000Z',
              }
            : r,
        ),
        pagination: pagination(runs.length),
        unacknowledged: acknowledged ? 0 : 1,
      }),
    'POST /api/admin/reconciliation/2/acknowledge': () => {
      acknowledged = true;
      return ok({ run: BREACH_RUN }, '已确认对账异常');
    },
  }));
  signIn(makeAdmin({ id: 1 }));
});

const listCalls = () =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/reconciliation');

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 8_000 });

describe('ReconciliationRunsPage', () => {
  it('lists runs with time, duration, trigger, result and counts; a breach opens to its details', async () => {
    renderWithAntAt(<ReconciliationRunsPage />, '/admin/wallet/reconciliation');
    const clean = await screen.findByTestId('reconciliation-run-1');
    expect(clean.textContent).toContain('定时任务');
    expect(clean.textContent).toContain('正常');
    expect(clean.textContent).toContain('350 毫秒');
    expect(clean.textContent).toContain('分录 123,456');
    expect(clean.textContent).toContain('无需确认');

    const breach = screen.getByTestId('reconciliation-run-2');
    expect(breach.textContent).toContain('异常 2 项');
    expect(breach.textContent).toContain('ops@example.com');
    expect(breach.textContent).toContain('1.50 秒');
    expect(screen.getByTestId('reconciliation-unacknowledged').textContent).toContain(
      '有 1 次对账异常待确认',
    );

    // Unacknowledged, so already open: each breach with its kind, user, currency and amounts.
    const rows = await screen.findAllByTestId('reconciliation-breach');
    expect(rows).toHaveLength(2);
    const frozen = rows[1] as HTMLElement;
    expect(frozen.textContent).toContain('冻结余额与未完成业务不符');
    expect(frozen.textContent).toContain('victim@example.com');
    expect(frozen.textContent).toContain('42.50 USDT');
    expect(frozen.textContent).toContain('30.00 USDT');
    expect(frozen.textContent).toContain('+12.50 USDT');
    expect(within(frozen).getByRole('link').getAttribute('href')).toBe(
      '/admin/users?search=victim%40example.com',
    );
    expect(rows[0]?.textContent).toContain('账本不平');
    expect(listCalls()[0]?.url.searchParams.has('result')).toBe(false);
  });

  it('filters by result through the address', async () => {
    renderWithAntAt(<ReconciliationRunsPage />, '/admin/wallet/reconciliation?result=unacknowledged');
    await screen.findByTestId('reconciliation-run-2');
    expect(listCalls()[0]?.url.searchParams.get('result')).toBe('unacknowledged');
    fireEvent.click(within(screen.getByTestId('reconciliation-result-filter')).getByText('正常'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('result')).toBe('ok'));
  });

  it('acknowledges a breach after a confirmation and shows who did it', async () => {
    renderWithAntAt(<ReconciliationRunsPage />, '/admin/wallet/reconciliation');
    fireEvent.click(await screen.findByTestId('reconciliation-ack-2'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('2 项不一致');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认已知悉' }));
    expect(await screen.findByText('已确认对账异常')).toBeTruthy();
    const who = await screen.findByTestId('reconciliation-acknowledged-2');
    expect(who.textContent).toContain('root@example.com');
    expect(screen.queryByTestId('reconciliation-unacknowledged')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/admin/reconciliation/2/acknowledge',
    ]);
  });

  it('runs now: shows the result, and says so when another run is under way', async () => {
    handlers['POST /api/admin/reconciliation/run'] = () => ok({ run: run({ id: 3 }) }, '对账完成，账实相符');
    renderWithAntAt(<ReconciliationRunsPage />, '/admin/wallet/reconciliation');
    await screen.findByTestId('reconciliation-run-1');
    const loads = listCalls().length;
    fireEvent.click(screen.getByTestId('reconciliation-run-now'));
    expect(await screen.findByText('对账完成，账实相符')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(loads));

    handlers['POST /api/admin/reconciliation/run'] = () =>
      jsonResponse({ success: false, message: '对账正在进行中，请稍后再试' }, 409);
    fireEvent.click(screen.getByTestId('reconciliation-run-now'));
    expect(await screen.findByText('对账正在进行中，请稍后再试')).toBeTruthy();
  });

  it("reloads when a run's breach notification arrives", async () => {
    renderWithAntAt(<ReconciliationRunsPage />, '/admin/wallet/reconciliation');
    await screen.findByTestId('reconciliation-run-1');
    const socket = fakeSockets.at(-1);
    const loads = listCalls().length;
    act(() => socket?.receive('admin_notification', { type: 'withdrawal', id: 1 }));
    act(() => socket?.receive('admin_notification', { type: 'reconciliation', id: 4 }));
    await waitFor(() => expect(listCalls().length).toBe(loads + 1));
  });
});

describe('run helpers', () => {
  it('formats durations and signed differences', () => {
    expect(
      runDuration({ started_at: '2026-01-01T00:00:00.000Z', finished_at: '2026-01-01T00:00:00.085Z' }),
    ).toBe('85 毫秒');
    expect(
      runDuration({ started_at: '2026-01-01T00:00:00.000Z', finished_at: '2026-01-01T00:00:12.340Z' }),
    ).toBe('12.3 秒');
    expect(breachDifference({ actual: '30', expected: '42.5', currency: 'USDT' })).toEqual({
      text: '-12.50 USDT',
      negative: true,
    });
    expect(breachDifference({ actual: null, expected: null, currency: null })).toBeNull();
  });
});

describe('ReconciliationRunsPage in English', () => {
  it('shows the runs, the breach details and the acknowledgement question in English', async () => {
    applyLanguage('en');
    renderWithAntAt(<ReconciliationRunsPage />, '/admin/wallet/reconciliation');
    // The breach run opens by itself; its messages are the verifier's own (English here).
    await screen.findByTestId('reconciliation-breaches-2');
    expect(screen.getByTestId('reconciliation-run-now').textContent).toBe('Reconcile now');
    expect(screen.getByText('Ledger out of balance')).toBeTruthy();
    const refresh = screen.getByTestId('reconciliation-runs-refresh').textContent ?? '';
    const pageText = (screen.getByTestId('reconciliation-runs-page').textContent ?? '').replace(refresh, '');
    expect(chineseIn(pageText)).toEqual([]);
    fireEvent.click(screen.getByTestId('reconciliation-ack-2'));
    const dialog = await confirmDialog();
    expect(chineseIn(dialog)).toEqual([]);
  });
});
