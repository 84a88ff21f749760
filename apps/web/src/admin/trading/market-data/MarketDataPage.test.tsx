import type { DataIntegrityData, MarketAdminStatus, MarketDataJob, MarketLog } from '@platform/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import { type Call, type Handler, mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import {
  jsonResponse,
  makeAdmin,
  makeFeedStatus,
  makePair,
  SIMULATED_FEED,
  storeSession,
} from '../../../test/fixtures.ts';
import { confirmDialog, renderWithAnt } from '../../../test/render.tsx';
import { jobPercent, newerJob } from './jobs.ts';
import MarketDataPage from './MarketDataPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);

let calls: Call[];
let handlers: Record<string, Handler>;

const feed = makeFeedStatus;

function job(overrides: Partial<MarketDataJob> = {}): MarketDataJob {
  return {
    id: 5,
    kind: 'historical',
    status: 'running',
    total: 4,
    done: 1,
    written: 500,
    params: { symbols: ['BTCUSDT'], intervals: ['1m', '1h'] },
    error: null,
    requested_by: 1,
    started_at: '2024-05-01T02:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

function status(overrides: Partial<MarketAdminStatus> = {}): MarketAdminStatus {
  return { feed: feed(), job: null, klines: { series: 16, rows: 8000 }, ...overrides };
}

const LOGS: MarketLog[] = [
  {
    id: 1,
    level: 'error',
    event: 'feed.error',
    message: '行情连接断开',
    details: { attempt: 3 },
    created_at: '2024-05-01T00:30:00.000Z',
  },
  {
    id: 2,
    level: 'info',
    event: 'feed.start',
    message: '行情服务启动',
    details: null,
    created_at: '2024-05-01T00:00:00.000Z',
  },
];

/** The pairs as the admin list replies them: synced from OKX, enabled. */
const SYNCED_AT = '2024-05-01T00:00:00.000Z';
const pairsReply = () =>
  ok({
    pairs: [
      makePair('BTCUSDT', 'BTC', 'USDT', { source: 'okx', updated_at: SYNCED_AT }),
      makePair('ETHUSDT', 'ETH', 'USDT', {
        id: 2,
        current_price: '3000',
        volume_24h: '18000',
        min_amount: '0.001',
        source: 'okx',
        updated_at: SYNCED_AT,
      }),
    ],
    lastSyncTime: SYNCED_AT,
  });

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  storeSession(makeAdmin(), 'admin-token');
  ({ calls, handlers } = mockApi({
    'GET /api/huobi/admin/status': () => ok(status()),
    'GET /api/admin/trading/pairs': pairsReply,
    'GET /api/huobi/logs': () => ok({ logs: LOGS }),
  }));
});

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);
const statusCalls = () => calls.filter((c) => c.url.pathname === '/api/huobi/admin/status');

async function renderPage() {
  renderWithAnt(<MarketDataPage />);
  await screen.findByTestId('market-feed-status');
}

describe('MarketDataPage: the feed', () => {
  it('shows the provider status and allows only the buttons that apply', async () => {
    await renderPage();
    const card = screen.getByTestId('market-feed-status');
    expect(
      [...within(card).getByTestId('market-feed-sources').querySelectorAll('.ant-tag')].map(
        (t) => t.textContent,
      ),
    ).toEqual(['HTX', 'OKX', 'Binance']);
    expect(screen.queryByTestId('market-feed-sources-simulated')).toBeNull();
    expect(within(card).getByText('OKX (okx)')).toBeTruthy();
    expect(screen.getByTestId('market-feed-state').textContent).toBe('运行中');
    expect(within(card).getByText('是（本实例写入K线）')).toBeTruthy();
    expect(within(card).getByText('2024-05-01 08:00:00')).toBeTruthy();
    expect(within(card).getByText('2024-05-01 09:02:03')).toBeTruthy();
    expect(within(card).getByText('12,345')).toBeTruthy();
    expect(within(card).getByText('8,000 根（16 个序列）')).toBeTruthy();
    expect(screen.getByTestId('market-feed-last-error').textContent).toBe('HTX 超时（2024-05-01 08:30:00）');

    expect(screen.getByTestId('market-feed-start').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('market-feed-stop').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('market-feed-restart').hasAttribute('disabled')).toBe(false);
  });

  it('names the simulated venues with 模拟, also when the feed event brings them', async () => {
    await renderPage();
    expect(screen.queryByTestId('market-feed-sources-simulated')).toBeNull();
    const simulated = feed(SIMULATED_FEED);
    act(() => fakeSockets.at(-1)?.receive('market_data_feed', simulated));
    expect((await screen.findByTestId('market-feed-sources-simulated')).textContent).toBe('模拟');
    expect(screen.getByTestId('market-feed-sources').textContent).toBe(
      '模拟交易所 A模拟交易所 B模拟交易所 C模拟',
    );
  });

  it('starts a stopped feed with POST /api/huobi/start and shows the new state', async () => {
    handlers['GET /api/huobi/admin/status'] = () =>
      ok(status({ feed: feed({ state: 'stopped', lastError: null }) }));
    handlers['POST /api/huobi/start'] = () => ok({ feed: feed({ state: 'starting' }) });
    await renderPage();
    expect(screen.getByTestId('market-feed-state').textContent).toBe('已停止');
    expect(screen.getByTestId('market-feed-stop').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('market-feed-restart').hasAttribute('disabled')).toBe(true);
    handlers['GET /api/huobi/admin/status'] = () => ok(status({ feed: feed({ state: 'starting' }) }));
    fireEvent.click(screen.getByTestId('market-feed-start'));
    await waitFor(() => expect(posts('/api/huobi/start')).toHaveLength(1));
    expect(await screen.findByText('行情服务已启动')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('market-feed-state').textContent).toBe('启动中'));
    expect(screen.getByTestId('market-feed-start').hasAttribute('disabled')).toBe(true);
    // The service logs its actions: the log section is reloaded.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/huobi/logs')).toHaveLength(2));
  });

  it('asks before stopping, then calls POST /api/huobi/stop', async () => {
    handlers['POST /api/huobi/stop'] = () => ok({ feed: feed({ state: 'stopped' }) });
    await renderPage();
    fireEvent.click(screen.getByTestId('market-feed-stop'));
    const dialog = await confirmDialog();
    expect(posts('/api/huobi/stop')).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('停止'));
    await waitFor(() => expect(posts('/api/huobi/stop')).toHaveLength(1));
    expect(await screen.findByText('行情服务已停止')).toBeTruthy();
  });

  it('restarts with POST /api/huobi/restart and reports a failure with its reason', async () => {
    handlers['POST /api/huobi/restart'] = () =>
      jsonResponse({ success: false, message: '没有行情租约' }, 409);
    await renderPage();
    fireEvent.click(screen.getByTestId('market-feed-restart'));
    expect(await screen.findByText('重启行情服务失败: 没有行情租约')).toBeTruthy();
    expect(posts('/api/huobi/restart')).toHaveLength(1);
  });

  it('tests the connection: latency and server time, or the error', async () => {
    handlers['POST /api/huobi/test-connection'] = () =>
      ok({ provider: 'htx', ok: true, latencyMs: 42, serverTime: '2024-05-01T04:00:00.000Z', error: null });
    await renderPage();
    fireEvent.click(screen.getByTestId('market-test-connection'));
    const result = await screen.findByTestId('market-connection-result');
    expect(result.textContent).toContain('连接正常：火币 HTX (htx)');
    expect(result.textContent).toContain('延迟 42 ms，服务器时间 2024-05-01 12:00:00');

    handlers['POST /api/huobi/test-connection'] = () =>
      ok({ provider: 'htx', ok: false, latencyMs: 10000, serverTime: null, error: 'ETIMEDOUT' });
    fireEvent.click(screen.getByTestId('market-test-connection'));
    await waitFor(() =>
      expect(screen.getByTestId('market-connection-result').textContent).toContain('连接失败'),
    );
    expect(screen.getByTestId('market-connection-result').textContent).toContain('ETIMEDOUT');
    expect(posts('/api/huobi/test-connection')).toHaveLength(2);
  });

  it('shows 获取行情服务状态失败 with a retry while the other sections still work', async () => {
    handlers['GET /api/huobi/admin/status'] = () =>
      jsonResponse({ success: false, message: '服务不可用' }, 503);
    renderWithAnt(<MarketDataPage />);
    const error = await screen.findByTestId('market-status-error');
    expect(error.textContent).toContain('获取行情服务状态失败');
    expect(error.textContent).toContain('服务不可用');
    expect(await screen.findByTestId('market-log-1')).toBeTruthy();
    handlers['GET /api/huobi/admin/status'] = () => ok(status());
    fireEvent.click(screen.getByTestId('market-status-error-retry'));
    expect(await screen.findByTestId('market-feed-status')).toBeTruthy();
  });
});

describe('MarketDataPage: historical initialisation', () => {
  it('sends every interval and 500 candles by default, then follows the job by socket to 已完成', async () => {
    handlers['POST /api/huobi/init-historical-data'] = () => ok({ job: job({ done: 0, written: 0 }) });
    await renderPage();
    expect(screen.getByTestId('market-job-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('market-init-submit'));
    await waitFor(() => expect(posts('/api/huobi/init-historical-data')).toHaveLength(1));
    expect(posts('/api/huobi/init-historical-data')[0]?.body).toEqual({
      intervals: ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'],
      limit: 500,
    });
    expect(await screen.findByText('历史数据初始化已开始')).toBeTruthy();
    expect((await screen.findByTestId('market-job-status')).textContent).toBe('进行中');
    expect(screen.getByTestId('market-init-submit').hasAttribute('disabled')).toBe(true);

    const socket = fakeSockets.at(-1);
    act(() => socket?.receive('market_data_job', job({ done: 3, written: 1500 })));
    await waitFor(() =>
      expect(screen.getByTestId('market-job-counts').textContent).toBe(
        '已完成 3 / 4 个序列，已写入 1,500 根K线',
      ),
    );
    expect(screen.getByTestId('market-job-progress').textContent).toContain('75%');
    // A late poll with older progress does not move the bar back.
    handlers['GET /api/huobi/admin/status'] = () => ok(status({ job: job({ done: 2, written: 1000 }) }));
    fireEvent.click(screen.getByTestId('market-status-refresh'));
    await waitFor(() => expect(statusCalls().length).toBeGreaterThanOrEqual(3));
    expect(screen.getByTestId('market-job-counts').textContent).toContain('已完成 3 / 4');

    const finished = job({
      done: 4,
      written: 2000,
      status: 'completed',
      finished_at: '2024-05-01T02:05:00.000Z',
    });
    handlers['GET /api/huobi/admin/status'] = () => ok(status({ job: finished }));
    act(() => socket?.receive('market_data_job', finished));
    await waitFor(() => expect(screen.getByTestId('market-job-status').textContent).toBe('已完成'));
    expect(screen.getByTestId('market-job-progress').textContent).toContain('100%');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('market-job').textContent).toContain('结束于 2024-05-01 10:05:00');
    expect(screen.getByTestId('market-init-submit').hasAttribute('disabled')).toBe(false);
  });

  it('polls the status every 2 s while a job runs, and shows a failed job with its error', async () => {
    handlers['GET /api/huobi/admin/status'] = () => ok(status({ job: job({ done: 1 }) }));
    await renderPage();
    expect((await screen.findByTestId('market-job-status')).textContent).toBe('进行中');
    expect(screen.getByTestId('market-job').textContent).toContain('交易对：BTCUSDT；周期：1m、1h');
    handlers['GET /api/huobi/admin/status'] = () =>
      ok(status({ job: job({ done: 2, status: 'failed', error: 'HTX 限流' }) }));
    await waitFor(() => expect(screen.getByTestId('market-job-status').textContent).toBe('失败'), {
      timeout: 6000,
    });
    expect(screen.getByTestId('market-job-error').textContent).toContain('HTX 限流');
    expect(screen.getByTestId('market-job-counts').textContent).toContain('已完成 2 / 4');
  });

  it('sends the chosen pair and candle count; one pair can be fetched on its own', async () => {
    handlers['POST /api/huobi/fetch-pair-data'] = () => ok({ job: job({ kind: 'pair_data', id: 6 }) });
    await renderPage();
    expect(screen.getByTestId('market-fetch-pair').hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(within(screen.getByTestId('market-init-symbols')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('ETHUSDT'));
    fireEvent.change(screen.getByTestId('market-init-limit'), { target: { value: '120' } });
    await waitFor(() => expect(screen.getByTestId('market-fetch-pair').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('market-fetch-pair'));
    await waitFor(() => expect(posts('/api/huobi/fetch-pair-data')).toHaveLength(1));
    expect(posts('/api/huobi/fetch-pair-data')[0]?.body).toEqual({
      symbol: 'ETHUSDT',
      intervals: ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'],
      limit: 120,
    });
    expect(await screen.findByText('单个交易对数据 #6')).toBeTruthy();
  });

  it('reports a refused initialisation with its reason', async () => {
    handlers['POST /api/huobi/init-historical-data'] = () =>
      jsonResponse({ success: false, message: '已有任务在运行' }, 409);
    await renderPage();
    fireEvent.click(screen.getByTestId('market-init-submit'));
    expect(await screen.findByText('初始化历史数据失败: 已有任务在运行')).toBeTruthy();
  });
});

describe('MarketDataPage: integrity and logs', () => {
  const integrity: DataIntegrityData = {
    checkedAt: '2024-05-01T04:00:00.000Z',
    from: '2024-04-30T04:00:00.000Z',
    to: '2024-05-01T04:00:00.000Z',
    totalMissing: 7,
    series: [
      {
        symbol: 'BTCUSDT',
        interval: '1h',
        expected: 24,
        present: 17,
        missing: 7,
        gaps: [
          { from: '2024-04-30T10:00:00.000Z', to: '2024-04-30T14:00:00.000Z', missing: 5 },
          { from: '2024-04-30T20:00:00.000Z', to: '2024-04-30T21:00:00.000Z', missing: 2 },
        ],
      },
      { symbol: 'ETHUSDT', interval: '1h', expected: 24, present: 24, missing: 0, gaps: [] },
    ],
  };

  it('checks on 检查 and lists the series with their missing counts and gap ranges', async () => {
    handlers['GET /api/huobi/data-integrity'] = () => ok(integrity);
    await renderPage();
    expect(calls.some((c) => c.url.pathname === '/api/huobi/data-integrity')).toBe(false);
    fireEvent.click(screen.getByTestId('integrity-check'));
    const summary = await screen.findByTestId('integrity-summary');
    expect(summary.textContent).toContain('共缺失 7 根K线，1 / 2 个序列有缺口');
    expect(summary.textContent).toContain('2024-04-30 12:00:00 ~ 2024-05-01 12:00:00');
    const request = calls.find((c) => c.url.pathname === '/api/huobi/data-integrity');
    expect(request?.url.searchParams.get('hours')).toBe('24');
    expect(request?.url.searchParams.has('symbol')).toBe(false);

    const btc = screen.getByTestId('integrity-row-BTCUSDT-1h');
    expect(within(btc).getByText('1小时')).toBeTruthy();
    expect(within(btc).getByText('7').style.color).toBe('rgb(207, 19, 34)');
    const gaps = screen.getByTestId('integrity-gaps-BTCUSDT-1h');
    expect(gaps.textContent).toContain('2024-04-30 18:00:00 ~ 2024-04-30 22:00:00（缺 5 根）');
    expect(gaps.textContent).toContain('2024-05-01 04:00:00 ~ 2024-05-01 05:00:00（缺 2 根）');
    expect(within(screen.getByTestId('integrity-row-ETHUSDT-1h')).getByText('无')).toBeTruthy();
  });

  it('补齐 fetches the series back to its oldest gap; complete series have no button', async () => {
    handlers['GET /api/huobi/data-integrity'] = () => ok(integrity);
    handlers['POST /api/huobi/fetch-pair-data'] = () => ok({ job: job({ kind: 'pair_data', total: 1 }) });
    await renderPage();
    fireEvent.click(screen.getByTestId('integrity-check'));
    await screen.findByTestId('integrity-summary');
    expect(screen.queryByTestId('integrity-fill-ETHUSDT-1h')).toBeNull();
    fireEvent.click(screen.getByTestId('integrity-fill-BTCUSDT-1h'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/huobi/fetch-pair-data')).toBe(true),
    );
    const body = calls.find((c) => c.url.pathname === '/api/huobi/fetch-pair-data')?.body as {
      symbol: string;
      intervals: string[];
      limit: number;
    };
    expect(body.symbol).toBe('BTCUSDT');
    expect(body.intervals).toEqual(['1h']);
    // From 2024-04-30 10:00 to now is far more than 2000 hours: one backfill's most.
    expect(body.limit).toBe(2000);
    expect(await screen.findByText(/补齐任务已开始：BTCUSDT 最近 2000 根/)).toBeTruthy();
  });

  it('sends the window, pair and interval filters', async () => {
    handlers['GET /api/huobi/data-integrity'] = () => ok({ ...integrity, series: [], totalMissing: 0 });
    await renderPage();
    fireEvent.mouseDown(within(screen.getByTestId('integrity-hours')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('最近7天'));
    fireEvent.mouseDown(within(screen.getByTestId('integrity-symbol')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('BTCUSDT'));
    fireEvent.mouseDown(within(screen.getByTestId('integrity-interval')).getByRole('combobox'));
    const intervalList = await waitFor(() => {
      const list = document.querySelectorAll<HTMLElement>('.ant-select-dropdown');
      const last = list[list.length - 1];
      if (!last) throw new Error('no dropdown');
      return last;
    });
    fireEvent.click(within(intervalList).getByTitle('4小时'));
    fireEvent.click(screen.getByTestId('integrity-check'));
    expect((await screen.findByTestId('integrity-summary')).textContent).toContain('该范围内没有K线序列');
    const params = calls.find((c) => c.url.pathname === '/api/huobi/data-integrity')?.url.searchParams;
    expect(params?.get('hours')).toBe('168');
    expect(params?.get('symbol')).toBe('BTCUSDT');
    expect(params?.get('interval')).toBe('4h');
    expect(screen.getByText('暂无K线数据')).toBeTruthy();
  });

  it('shows a failed check with a retry', async () => {
    handlers['GET /api/huobi/data-integrity'] = () =>
      jsonResponse({ success: false, message: '参数错误' }, 400);
    await renderPage();
    fireEvent.click(screen.getByTestId('integrity-check'));
    expect((await screen.findByTestId('integrity-error')).textContent).toContain('数据完整性检查失败');
    handlers['GET /api/huobi/data-integrity'] = () => ok(integrity);
    fireEvent.click(screen.getByTestId('integrity-error-retry'));
    expect(await screen.findByTestId('integrity-summary')).toBeTruthy();
  });

  it('lists the log, filters by level and handles empty and failed loads', async () => {
    await renderPage();
    const row = await screen.findByTestId('market-log-1');
    expect(within(row).getByText('错误')).toBeTruthy();
    expect(within(row).getByText('feed.error')).toBeTruthy();
    expect(within(row).getByText('行情连接断开')).toBeTruthy();
    expect(within(row).getByText('2024-05-01 08:30:00')).toBeTruthy();
    const first = calls.find((c) => c.url.pathname === '/api/huobi/logs');
    expect(first?.url.searchParams.get('limit')).toBe('100');
    expect(first?.url.searchParams.has('level')).toBe(false);

    handlers['GET /api/huobi/logs'] = () => ok({ logs: [] });
    fireEvent.mouseDown(within(screen.getByTestId('market-logs-level')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('警告'));
    expect(await screen.findByText('暂无日志')).toBeTruthy();
    expect(
      calls
        .filter((c) => c.url.pathname === '/api/huobi/logs')
        .at(-1)
        ?.url.searchParams.get('level'),
    ).toBe('warn');

    handlers['GET /api/huobi/logs'] = () => jsonResponse({ success: false, message: '日志表不可用' }, 500);
    fireEvent.mouseDown(within(screen.getByTestId('market-logs-level')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('错误'));
    expect((await screen.findByTestId('market-logs-error')).textContent).toContain('获取日志失败');
    handlers['GET /api/huobi/logs'] = () => ok({ logs: LOGS });
    fireEvent.click(screen.getByTestId('market-logs-error-retry'));
    expect(await screen.findByTestId('market-log-2')).toBeTruthy();
  });

  it('scrolls the log table sideways inside its card, so a phone page does not', async () => {
    // At 390 px the four columns (180 + 80 + 200 px and the message) pushed the page 7 px wide.
    await renderPage();
    const table = (await screen.findByTestId('market-log-1')).closest('table') as HTMLElement;
    expect(table.style.width).toBe('max-content');
  });
});

describe('MarketDataPage in English', () => {
  /** The card around an element: its title and body. */
  const cardOf = (element: Element) => element.closest('.ant-card') as HTMLElement;

  it('shows the service, its actions and the connection test in English', async () => {
    applyLanguage('en');
    handlers['POST /api/huobi/restart'] = () => jsonResponse({ success: false, message: 'no lease' }, 409);
    handlers['POST /api/huobi/test-connection'] = () =>
      ok({ provider: 'htx', ok: true, latencyMs: 42, serverTime: '2024-05-01T04:00:00.000Z', error: null });
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Market data' })).toBeTruthy();
    const card = screen.getByTestId('market-feed-status');
    expect(screen.getByTestId('market-feed-state').textContent).toBe('Running');
    expect(within(card).getByText('Yes (this instance writes the candles)')).toBeTruthy();
    expect(within(card).getByText('8,000 candles (16 series)')).toBeTruthy();
    expect(screen.getByTestId('market-feed-last-error').textContent).toBe('HTX 超时 (2024-05-01 08:30:00)');
    expect(screen.getByTestId('market-feed-restart').textContent).toBe('Restart');
    fireEvent.click(screen.getByTestId('market-test-connection'));
    const result = await screen.findByTestId('market-connection-result');
    expect(result.textContent).toContain('Connected: Huobi HTX (htx)');
    expect(result.textContent).toContain('Latency 42 ms, server time 2024-05-01 12:00:00');
    // The last error's message is the server's.
    expect(chineseIn(cardOf(card))).toEqual(['超时']);

    fireEvent.click(screen.getByTestId('market-feed-restart'));
    expect(await screen.findByText('Could not restart the market data service: no lease')).toBeTruthy();
    fireEvent.click(screen.getByTestId('market-feed-stop'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('Stop the market data service?');
    expect(chineseIn(dialog)).toEqual([]);
  });

  it('shows the backfill, its job, the integrity check and the log in English', async () => {
    applyLanguage('en');
    handlers['GET /api/huobi/admin/status'] = () =>
      ok(status({ job: job({ done: 2, status: 'failed', error: 'rate limited' }) }));
    handlers['GET /api/huobi/data-integrity'] = () =>
      ok({
        checkedAt: '2024-05-01T04:00:00.000Z',
        from: '2024-04-30T04:00:00.000Z',
        to: '2024-05-01T04:00:00.000Z',
        totalMissing: 5,
        series: [
          {
            symbol: 'BTCUSDT',
            interval: '1h',
            expected: 24,
            present: 19,
            missing: 5,
            gaps: [{ from: '2024-04-30T10:00:00.000Z', to: '2024-04-30T14:00:00.000Z', missing: 5 }],
          },
        ],
      });
    handlers['GET /api/huobi/logs'] = () => ok({ logs: [{ ...LOGS[0], message: 'feed lost' }] });
    await renderPage();
    const jobView = await screen.findByTestId('market-job');
    expect(screen.getByTestId('market-job-status').textContent).toBe('Failed');
    expect(screen.getByTestId('market-job-counts').textContent).toBe(
      '2 / 4 series done, 500 candles written',
    );
    expect(jobView.textContent).toContain('Historical data backfill #5');
    expect(jobView.textContent).toContain('Pairs: BTCUSDT; intervals: 1m, 1h');
    expect(jobView.textContent).toContain('Started 2024-05-01 10:00:00');
    const backfill = cardOf(jobView);
    expect(within(backfill).getByText('Candles per interval')).toBeTruthy();
    expect(screen.getByTestId('market-init-submit').textContent).toBe('Start backfill');
    expect(chineseIn(backfill)).toEqual([]);

    const integrity = cardOf(screen.getByTestId('integrity-check'));
    expect(integrity.textContent).toContain('Choose the filters, then click Check');
    fireEvent.click(screen.getByTestId('integrity-check'));
    const summary = await screen.findByTestId('integrity-summary');
    expect(summary.textContent).toContain('5 candles missing; series with gaps: 1 / 1');
    expect(summary.textContent).toContain('Checked window 2024-04-30 12:00:00 ~ 2024-05-01 12:00:00');
    const row = screen.getByTestId('integrity-row-BTCUSDT-1h');
    expect(within(row).getByText('1 hour')).toBeTruthy();
    expect(screen.getByTestId('integrity-gaps-BTCUSDT-1h').textContent).toBe(
      '2024-04-30 18:00:00 ~ 2024-04-30 22:00:00 (5 missing)',
    );
    expect(screen.getByTestId('integrity-fill-BTCUSDT-1h').textContent).toBe('Backfill');
    expect(within(integrity).getByRole('columnheader', { name: 'Expected' })).toBeTruthy();
    expect(chineseIn(integrity)).toEqual([]);

    const log = await screen.findByTestId('market-log-1');
    expect(within(log).getByText('Error')).toBeTruthy();
    const logs = cardOf(log);
    expect(within(logs).getByRole('columnheader', { name: 'Message' })).toBeTruthy();
    expect(chineseIn(logs)).toEqual([]);
  });
});

describe('job reports', () => {
  it('never lets an older report replace a newer one', () => {
    const running = job({ done: 2 });
    expect(newerJob(null, running)).toBe(running);
    expect(newerJob(running, null)).toBe(running);
    expect(newerJob(running, job({ done: 1 }))).toBe(running);
    const finished = job({ done: 3, status: 'completed' });
    expect(newerJob(finished, job({ done: 4 }))).toBe(finished);
    expect(newerJob(running, finished)).toBe(finished);
    const next = job({ id: 6, done: 0 });
    expect(newerJob(finished, next)).toBe(next);
    expect(newerJob(next, finished)).toBe(next);
  });

  it('rounds progress down and shows a completed empty job as 100', () => {
    expect(jobPercent(job({ done: 2, total: 3 }))).toBe(66);
    expect(jobPercent(job({ done: 0, total: 0 }))).toBe(0);
    expect(jobPercent(job({ done: 0, total: 0, status: 'completed' }))).toBe(100);
  });
});
