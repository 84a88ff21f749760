import { okxSpotUrl, type TradingPair } from '@platform/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { type Call, type Handler, mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithAntAt } from '../../test/render.tsx';
import PairsPage from './PairsPage.tsx';
import { filterPairs } from './pairs/pairFilters.ts';

let calls: Call[];
let handlers: Record<string, Handler>;

function pair(overrides: Partial<TradingPair> = {}): TradingPair {
  return {
    id: 1,
    symbol: 'BTCUSDT',
    base_currency: 'BTC',
    quote_currency: 'USDT',
    logo_url: null,
    current_price: '67123.456',
    price_change_24h: '2.345',
    volume_24h: '12345.678',
    price_precision: 2,
    amount_precision: 6,
    min_amount: '0.0001',
    fee_rate: '0.001',
    enabled: true,
    source: 'okx',
    updated_at: '2024-05-01T16:30:05.000Z',
    ...overrides,
  };
}

const PAIRS = [
  pair(),
  pair({
    id: 2,
    symbol: 'ETHBTC',
    base_currency: 'ETH',
    quote_currency: 'BTC',
    current_price: '0.05123456',
    price_precision: 6,
    price_change_24h: '-1.2',
    volume_24h: '2500000',
    enabled: false,
  }),
  pair({
    id: 3,
    symbol: 'SOLUSDT',
    base_currency: 'SOL',
    logo_url: 'https://logos.example/sol.png',
    current_price: null,
    price_change_24h: null,
    volume_24h: null,
    enabled: false,
  }),
];

const listReply = (pairs: TradingPair[] = PAIRS, lastSyncTime: string | null = '2024-05-02T01:00:00.000Z') =>
  ok({ pairs, lastSyncTime });

beforeEach(() => {
  ({ calls, handlers } = mockApi({ 'GET /api/admin/trading/pairs': () => listReply() }));
});

const gets = () => calls.filter((c) => c.method === 'GET');
const writes = () => calls.filter((c) => c.method !== 'GET');
const shownIds = () =>
  Array.from(document.querySelectorAll('[data-testid^="pair-row-"]')).map((row) =>
    row.getAttribute('data-testid'),
  );

async function renderPage(path = '/admin/trading/pairs') {
  const router = renderWithAntAt(<PairsPage />, path);
  // Loaded: the count includes the three pairs (whatever the filters show).
  await waitFor(() => expect(screen.getByTestId('pairs-count').textContent).toMatch(/共 3 个/));
  return router;
}

function search(text: string) {
  fireEvent.change(screen.getByTestId('pairs-search'), { target: { value: text } });
}

describe('PairsPage', () => {
  it('shows each pair with logo, prices, signed coloured change, volume, Beijing time and the OKX link', async () => {
    await renderPage();
    expect(screen.getByTestId('pairs-last-sync').textContent).toBe('最后同步：2024-05-02 09:00:00');
    expect(screen.getByTestId('pairs-count').textContent).toBe('共 3 个交易对');

    const btc = screen.getByTestId('pair-row-1');
    expect(within(btc).getByText('BTCUSDT')).toBeTruthy();
    expect(within(btc).getByText('BTC/USDT')).toBeTruthy();
    expect(within(btc).getByText('67,123.46')).toBeTruthy();
    const rise = within(btc).getByText('+2.35%');
    expect(rise.style.color).toBe('rgb(56, 158, 13)');
    expect(within(btc).getByText('12.35K BTC')).toBeTruthy();
    // 16:30:05 UTC is 00:30:05 the next day in Beijing.
    expect(btc.textContent).toContain('2024-05-02');
    expect(btc.textContent).toContain('00:30:05');
    expect(within(btc).getByTestId('pair-logo-BTC').textContent).toBe('B');
    expect(screen.getByTestId('pair-toggle-1').getAttribute('aria-checked')).toBe('true');
    const link = screen.getByTestId('pair-link-1');
    expect(link.getAttribute('href')).toBe(okxSpotUrl('BTC', 'USDT'));
    expect(link.getAttribute('href')).toBe('https://www.okx.com/trade-spot/btc-usdt');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const eth = screen.getByTestId('pair-row-2');
    expect(within(eth).getByText('0.051235')).toBeTruthy();
    expect(within(eth).getByText('-1.20%').style.color).toBe('rgb(207, 19, 34)');
    expect(within(eth).getByText('2.5M ETH')).toBeTruthy();
    expect(screen.getByTestId('pair-toggle-2').getAttribute('aria-checked')).toBe('false');
  });

  it('shows the image logo and falls back to the coloured letter when it fails to load', async () => {
    await renderPage();
    const logo = screen.getByTestId('pair-logo-SOL');
    const image = logo.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://logos.example/sol.png');
    fireEvent.error(image as HTMLImageElement);
    await waitFor(() => expect(screen.getByTestId('pair-logo-SOL').querySelector('img')).toBeNull());
    expect(screen.getByTestId('pair-logo-SOL').textContent).toBe('S');
    expect(screen.getByTestId('pair-logo-SOL').getAttribute('data-fallback')).toBe('true');
    // Missing market values are a dash, not zero.
    expect(within(screen.getByTestId('pair-row-3')).getAllByText('-').length).toBeGreaterThanOrEqual(3);
  });

  it('searches symbol, base and quote currency without regard to case', async () => {
    await renderPage();
    search('eth');
    expect(shownIds()).toEqual(['pair-row-2']);
    expect(screen.getByTestId('pairs-count').textContent).toBe('显示 1 个交易对（共 3 个）');
    search('usdt');
    expect(shownIds()).toEqual(['pair-row-1', 'pair-row-3']);
    // BTC is the base of one pair and the quote of another.
    search('Btc');
    expect(shownIds()).toEqual(['pair-row-1', 'pair-row-2']);
    search('doge');
    expect(shownIds()).toEqual([]);
    expect(screen.getByTestId('pairs-empty').textContent).toBe('没有找到匹配的交易对');
    expect(gets()).toHaveLength(1);
  });

  it('filters by status, together with the search', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('pairs-filter-disabled'));
    await waitFor(() => expect(shownIds()).toEqual(['pair-row-2', 'pair-row-3']));
    search('sol');
    expect(shownIds()).toEqual(['pair-row-3']);
    fireEvent.click(screen.getByTestId('pairs-filter-enabled'));
    await waitFor(() => expect(shownIds()).toEqual([]));
    search('');
    expect(shownIds()).toEqual(['pair-row-1']);
    fireEvent.click(screen.getByTestId('pairs-filter-all'));
    await waitFor(() => expect(shownIds()).toHaveLength(3));
  });

  it('keeps search and filter in the address: the search replaces its entry, the filter adds one', async () => {
    const router = await renderPage('/admin/trading/pairs?search=sol&status=disabled');
    expect(shownIds()).toEqual(['pair-row-3']);
    expect((screen.getByTestId('pairs-search') as HTMLInputElement).value).toBe('sol');

    fireEvent.click(screen.getByTestId('pairs-filter-all'));
    await waitFor(() => expect(router.state.location.search).toBe('?search=sol'));
    expect(router.state.historyAction).toBe('PUSH');
    search('us');
    search('usdt ');
    expect(router.state.location.search).toBe('?search=usdt');
    expect(router.state.historyAction).toBe('REPLACE');
    // What was typed stays in the box, trailing space included.
    expect((screen.getByTestId('pairs-search') as HTMLInputElement).value).toBe('usdt ');
    expect(shownIds()).toEqual(['pair-row-1', 'pair-row-3']);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(shownIds()).toEqual(['pair-row-3']));
    expect((screen.getByTestId('pairs-search') as HTMLInputElement).value).toBe('sol');
  });

  it('shows every pair for address values it does not accept', async () => {
    await renderPage('/admin/trading/pairs?status=maybe&page=-2&size=7');
    expect(shownIds()).toHaveLength(3);
  });

  it('says 暂无交易对数据 when there are no pairs, and that it never synced', async () => {
    handlers['GET /api/admin/trading/pairs'] = () => listReply([], null);
    renderWithAntAt(<PairsPage />, '/admin/trading/pairs');
    await waitFor(() => expect(screen.getByTestId('pairs-empty').textContent).toBe('暂无交易对数据'));
    expect(screen.getByTestId('pairs-last-sync').textContent).toBe('最后同步：从未同步');
    expect(screen.getByTestId('pairs-count').textContent).toBe('共 0 个交易对');
  });

  it('syncs: 同步中... while it runs, then the counts and a reload', async () => {
    let finish: (response: Response) => void = () => {};
    handlers['POST /api/admin/trading/pairs/sync'] = () =>
      new Promise<Response>((resolve) => {
        finish = resolve;
      });
    await renderPage();
    const button = screen.getByTestId('pairs-sync');
    expect(button.textContent).toContain('同步OKX数据');
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toContain('同步中...'));
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(writes()).toHaveLength(1);
    expect(writes()[0]?.body).toBeUndefined();

    handlers['GET /api/admin/trading/pairs'] = () =>
      listReply([...PAIRS, pair({ id: 4, symbol: 'XRPUSDT' })]);
    finish(ok({ newPairs: 1, updatedPairs: 3, provider: 'okx' }));
    expect(await screen.findByText('同步完成！新增 1 个交易对，更新 3 个交易对。')).toBeTruthy();
    expect(await screen.findByTestId('pair-row-4')).toBeTruthy();
    expect(gets()).toHaveLength(2);
    await waitFor(() => expect(button.textContent).toContain('同步OKX数据'));
  });

  it('reports a failed sync with its reason and keeps the list', async () => {
    handlers['POST /api/admin/trading/pairs/sync'] = () =>
      jsonResponse({ success: false, message: 'OKX 接口超时' }, 502);
    await renderPage();
    fireEvent.click(screen.getByTestId('pairs-sync'));
    expect(await screen.findByText('同步OKX数据失败: OKX 接口超时')).toBeTruthy();
    expect(screen.getByTestId('pair-row-1')).toBeTruthy();
  });

  it('sends {enabled} when a switch is flipped, then reloads the list', async () => {
    handlers['PATCH /api/admin/trading/pairs/2'] = () => ok({ pair: pair({ id: 2, enabled: true }) });
    await renderPage();
    handlers['GET /api/admin/trading/pairs'] = () =>
      listReply(PAIRS.map((p) => (p.id === 2 ? { ...p, enabled: true } : p)));
    fireEvent.click(screen.getByTestId('pair-toggle-2'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PATCH', body: { enabled: true } });
    expect(writes()[0]?.url.pathname).toBe('/api/admin/trading/pairs/2');
    await waitFor(() => expect(gets()).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByTestId('pair-toggle-2').getAttribute('aria-checked')).toBe('true'),
    );
  });

  it('reports a failed switch with its reason', async () => {
    handlers['PATCH /api/admin/trading/pairs/1'] = () =>
      jsonResponse({ success: false, message: '交易对不存在' }, 404);
    await renderPage();
    fireEvent.click(screen.getByTestId('pair-toggle-1'));
    expect(await screen.findByText('更新交易对状态失败: 交易对不存在')).toBeTruthy();
    expect(writes()[0]?.body).toEqual({ enabled: false });
    await waitFor(() => expect(gets()).toHaveLength(2));
    expect(screen.getByTestId('pair-toggle-1').getAttribute('aria-checked')).toBe('true');
  });

  it('replaces the page with 获取交易对列表失败 and retries', async () => {
    handlers['GET /api/admin/trading/pairs'] = () =>
      jsonResponse({ success: false, message: '数据库不可用' }, 500);
    renderWithAntAt(<PairsPage />, '/admin/trading/pairs');
    const view = await screen.findByTestId('load-error');
    expect(within(view).getByText('获取交易对列表失败')).toBeTruthy();
    expect(within(view).getByText('数据库不可用')).toBeTruthy();
    handlers['GET /api/admin/trading/pairs'] = () => listReply();
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('pair-row-1')).toBeTruthy();
  });
  it('in English: last sync, count, filters, columns, sync and switch messages, with no Chinese', async () => {
    applyLanguage('en');
    handlers['POST /api/admin/trading/pairs/sync'] = () =>
      ok({ newPairs: 1, updatedPairs: 3, provider: 'okx' });
    handlers['PATCH /api/admin/trading/pairs/2'] = () => ok({ pair: pair({ id: 2, enabled: true }) });
    renderWithAntAt(<PairsPage />, '/admin/trading/pairs');
    await waitFor(() => expect(screen.getByTestId('pairs-count').textContent).toBe('3 trading pairs'));
    expect(screen.getByTestId('pairs-last-sync').textContent).toBe('Last sync: 2024-05-02 09:00:00');
    expect(screen.getByTestId('pairs-filter-enabled').textContent).toBe('Enabled');
    expect(screen.getByRole('columnheader', { name: 'Current price' })).toBeTruthy();
    expect(screen.getByTestId('pair-toggle-2').getAttribute('aria-label')).toBe('Enable ETHBTC');
    expect(screen.getByTestId('pairs-sync').textContent).toContain('Sync from OKX');
    const pageText = (screen.getByTestId('pairs-page').textContent ?? '').replace(
      screen.getByTestId('pairs-refresh').textContent ?? '',
      '',
    );
    expect(chineseIn(pageText)).toEqual([]);

    search('btc');
    await waitFor(() =>
      expect(screen.getByTestId('pairs-count').textContent).toBe('Showing 2 of 3 trading pairs'),
    );
    fireEvent.click(screen.getByTestId('pairs-sync'));
    expect(await screen.findByText('Sync complete: 1 new pair, 3 updated.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pair-toggle-2'));
    expect(await screen.findByText('ETHBTC enabled')).toBeTruthy();
    search('nothing');
    expect((await screen.findByTestId('pairs-empty')).textContent).toBe('No matching trading pairs');
  });
});

describe('filterPairs', () => {
  it('trims the search and matches any part of the three fields', () => {
    expect(filterPairs(PAIRS, '  tbt ', 'all').map((p) => p.id)).toEqual([]);
    expect(filterPairs(PAIRS, ' thb ', 'all').map((p) => p.id)).toEqual([2]);
    expect(filterPairs(PAIRS, '', 'enabled').map((p) => p.id)).toEqual([1]);
    expect(filterPairs(PAIRS, 'usdt', 'disabled').map((p) => p.id)).toEqual([3]);
  });
});
