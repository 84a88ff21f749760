import { PRICE_SOURCE_EVENT } from '@platform/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { disconnectSocket } from '../../../lib/socket.ts';
import { type Call, type MockApi, mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { fakeSockets } from '../../../test/fake-socket.ts';
import { jsonResponse, makeAdmin, storeSession } from '../../../test/fixtures.ts';
import { renderWithAntAt } from '../../../test/render.tsx';
import PriceSourcesPage from './PriceSourcesPage.tsx';
import { makeOverview, quietOverview } from './priceSourceFixtures.ts';
import { PRICE_SOURCES_REFRESH_MS } from './priceSourcesApi.ts';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);

const PATH = '/api/admin/market/price-sources';
let api: MockApi;
const overviewCalls = () => api.calls.filter((c: Call) => c.url.pathname === PATH).length;

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  storeSession(makeAdmin(), 'admin-token');
  api = mockApi({ [`GET ${PATH}`]: () => ok(makeOverview()) });
});

const renderPage = () => renderWithAntAt(<PriceSourcesPage />, '/admin/trading/price-sources');
const row = (symbol: string, source: string) => screen.getByTestId(`price-source-row-${symbol}-${source}`);
const cells = (symbol: string, source: string) =>
  [...row(symbol, source).querySelectorAll('td')].map((td) => td.textContent);

describe('PriceSourcesPage', () => {
  it('shows the rules, each pair’s index and each source’s standing in it', async () => {
    renderPage();
    await screen.findByTestId('price-sources-overview');
    expect(screen.getByTestId('price-rule-max-age').textContent).toBe('3 秒');
    expect(screen.getByTestId('price-rule-max-deviation').textContent).toBe('±2%');
    expect(screen.getByTestId('price-rule-min-sources').textContent).toBe('2 个');
    expect(screen.getByTestId('price-source-rules').textContent).toContain('指数价格 = 计入来源价格的中位数');

    expect(screen.getByTestId('price-index-BTCUSDT').textContent).toBe('95,010.0012:00:05');
    expect(screen.getByTestId('price-index-ETHUSDT').textContent).toBe('暂无指数价格');

    // The pair and its index span its sources; the sources in the configured order.
    const lines = [...document.querySelectorAll('tbody tr[data-testid]')].map((tr) =>
      tr.getAttribute('data-testid'),
    );
    expect(lines).toEqual([
      'price-source-row-BTCUSDT-sim-a',
      'price-source-row-BTCUSDT-sim-b',
      'price-source-row-BTCUSDT-sim-c',
      'price-source-row-ETHUSDT-sim-a',
      'price-source-row-ETHUSDT-sim-b',
      'price-source-row-ETHUSDT-sim-c',
    ]);
    expect(cells('BTCUSDT', 'sim-a')).toEqual([
      'BTCUSDT',
      '95,010.0012:00:05',
      '模拟交易所 A',
      '计入',
      '95,000.0012:00:04',
      '-0.011%',
      '120 ms',
      '无',
      '0 分钟',
      '2026-03-01 08:00:00',
    ]);
    expect(cells('BTCUSDT', 'sim-c')).toEqual([
      '模拟交易所 C',
      '剔除：偏离过大',
      '99,000.0012:00:04',
      '+4.200%',
      '1,500 ms',
      '无',
      '12.5 分钟',
      '2026-03-01 11:48:00',
    ]);
    expect(cells('ETHUSDT', 'sim-c')).toEqual([
      '模拟交易所 C',
      '剔除：获取失败',
      '-',
      '-',
      '-',
      'ETIMEDOUT2026-03-01 12:00:01',
      '1,440 分钟',
      '2026-02-28 12:00:00',
    ]);
    const tag = (source: string, symbol = 'BTCUSDT') =>
      screen.getByTestId(`price-source-status-${symbol}-${source}`);
    expect(tag('sim-a').className).toContain('success');
    expect(tag('sim-c').className).toContain('warning');
    expect(tag('sim-b', 'ETHUSDT').className).toContain('error');
    expect(tag('sim-c', 'ETHUSDT').className).toContain('error');

    // The simulator and the overview's alerts are said above the rules.
    expect(screen.getByTestId('price-simulated-warning').textContent).toContain('当前价格源为模拟行情');
    expect(screen.getByTestId('price-alert-ETHUSDT-sim-b').textContent).toContain(
      '价格源被剔除：ETHUSDT · 模拟交易所 B',
    );
    expect(screen.getByTestId('price-alert-ETHUSDT-index').textContent).toContain('暂无指数价格：ETHUSDT');
    // Here they do not link to the screen they are on.
    expect(screen.queryByTestId('price-alert-ETHUSDT-sim-b-go')).toBeNull();
  });

  it('需关注 lists only the pairs without an index or with a source left out', async () => {
    api.handlers[`GET ${PATH}`] = () =>
      ok({ ...quietOverview(), rows: [...quietOverview().rows, ...makeOverview().rows.slice(3)] });
    renderPage();
    await screen.findByTestId('price-source-row-BTCUSDT-htx');
    const filter = screen.getByTestId('price-source-filter');
    expect(filter.textContent).toBe('全部（2）需关注（1）');
    fireEvent.click(within(filter).getByText('需关注（1）'));
    await waitFor(() => expect(screen.queryByTestId('price-source-row-BTCUSDT-htx')).toBeNull());
    expect(row('ETHUSDT', 'sim-b')).toBeTruthy();
    expect(screen.queryByTestId('price-simulated-warning')).toBeNull();

    api.handlers[`GET ${PATH}`] = () => ok(quietOverview());
    fireEvent.click(screen.getByTestId('price-sources-refresh'));
    expect(await screen.findByText('所有交易对的价格源均正常')).toBeTruthy();
    expect(screen.queryByTestId('price-source-alerts')).toBeNull();
  });

  it('reloads every 5 s and at once when a source’s status changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderPage();
      await screen.findByTestId('price-sources-overview');
      expect(overviewCalls()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(PRICE_SOURCES_REFRESH_MS));
      await waitFor(() => expect(overviewCalls()).toBe(2));

      api.handlers[`GET ${PATH}`] = () => ok(quietOverview());
      act(() =>
        fakeSockets.at(-1)?.receive(PRICE_SOURCE_EVENT, {
          changes: [{ source: 'sim-b', symbol: 'ETHUSDT', status: 'included', price: '3401', at: null }],
        }),
      );
      await waitFor(() => expect(overviewCalls()).toBe(3));
      await waitFor(() => expect(screen.queryByTestId('price-source-row-ETHUSDT-sim-b')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the failure with 重试, and 暂无价格源数据 when the server lists nothing', async () => {
    api.handlers[`GET ${PATH}`] = () => jsonResponse({ success: false, message: '没有权限' }, 403);
    renderPage();
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('获取价格源状态失败');
    expect(error.textContent).toContain('没有权限');

    api.handlers[`GET ${PATH}`] = () =>
      ok(makeOverview({ simulated: false, indexes: [], rows: [], alerts: [] }));
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByText('暂无价格源数据')).toBeTruthy();
    expect(screen.getByTestId('price-source-filter').textContent).toBe('全部（0）需关注（0）');
  });
});

describe('PriceSourcesPage in English', () => {
  it('shows the rules, the table and the alerts in English', async () => {
    applyLanguage('en');
    renderPage();
    const page = await screen.findByTestId('price-sources-overview');
    expect(within(page).getByRole('heading', { name: 'Price sources' })).toBeTruthy();
    expect(screen.getByTestId('price-sources-go-market-data').textContent).toBe('Market data');
    expect(screen.getByTestId('price-rule-max-age').textContent).toBe('3 s');
    expect(screen.getByTestId('price-rule-min-sources').textContent).toBe('2');
    const rules = screen.getByTestId('price-source-rules');
    expect(rules.textContent).toContain('Index price = median of the included sources');
    expect(rules.textContent).toContain('Max deviation');
    expect(chineseIn(rules)).toEqual([]);

    expect(screen.getByTestId('price-index-ETHUSDT').textContent).toBe('No index price');
    expect(screen.getByRole('columnheader', { name: 'Deviation' })).toBeTruthy();
    expect(cells('BTCUSDT', 'sim-c')).toEqual([
      'Simulated exchange C',
      'Excluded: outlier',
      '99,000.0012:00:04',
      '+4.200%',
      '1,500 ms',
      'None',
      '12.5 min',
      '2026-03-01 11:48:00',
    ]);
    expect(cells('ETHUSDT', 'sim-b')[1]).toBe('Excluded: stale');
    expect(cells('ETHUSDT', 'sim-c')[1]).toBe('Excluded: fetch failed');
    const table = page.querySelector('.ant-table') as HTMLElement;
    expect(chineseIn(table)).toEqual([]);
    expect(screen.getByTestId('price-source-filter').textContent).toBe('All (2)Needs attention (2)');

    // The alerts' own words; their descriptions are the server's messages.
    expect(screen.getByTestId('price-simulated-warning').textContent).toContain(
      'The price sources are simulated',
    );
    const excluded = screen.getByTestId('price-alert-ETHUSDT-sim-b');
    const title = excluded.querySelector('.ant-alert-title') as HTMLElement;
    expect(title.textContent).toBe('Price source excluded: ETHUSDT · Simulated exchange B');
    expect(excluded.textContent).toContain('(since 2026-03-01 11:50:03)');
    const noIndex = screen.getByTestId('price-alert-ETHUSDT-index');
    expect(noIndex.querySelector('.ant-alert-title')?.textContent).toBe('No index price: ETHUSDT');
  });

  it('says an empty list and a failed load in English', async () => {
    applyLanguage('en');
    api.handlers[`GET ${PATH}`] = () => jsonResponse({ success: false, message: 'Forbidden' }, 403);
    renderPage();
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Could not load the price sources');
    api.handlers[`GET ${PATH}`] = () =>
      ok(makeOverview({ simulated: false, indexes: [], rows: [], alerts: [] }));
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByText('No price source data')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('price-source-filter')).getByText('Needs attention (0)'));
    expect(await screen.findByText('Every pair’s price sources are healthy')).toBeTruthy();
  });
});
