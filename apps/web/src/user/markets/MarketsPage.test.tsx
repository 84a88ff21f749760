import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeUser, sleep, storeSession } from '../../test/fixtures.ts';
import { pair, renderAppAt, ticker } from './testing.tsx';

const PAIRS = [
  pair('BTC', 'USDT', { price_precision: 2 }),
  pair('ETH'),
  pair('DOGE', 'USDT', { price_precision: 5 }),
];
const MARKETS = [
  ticker('BTCUSDT', '2.5', '1900000000', '95000.12'),
  ticker('ETHUSDT', '-1.25', '1200000000', '3400.5'),
  ticker('DOGEUSDT', '10.01', '450000000', '0.32123'),
];

function serve() {
  return mockApi({
    'GET /api/trading/pairs': () => ok({ pairs: PAIRS }),
    'GET /api/trading/markets': () => ok({ markets: MARKETS }),
  });
}

const listed = () =>
  within(screen.getByTestId('markets-list'))
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-testid')?.replace('market-row-', ''));

describe('MarketsPage', () => {
  it('is in English under en: tabs, headings, turnover, count and the empty favourites', async () => {
    applyLanguage('en');
    serve();
    renderAppAt('/markets');
    await screen.findByTestId('markets-list', {}, { timeout: 20_000 });
    await waitFor(() => expect(screen.getByTestId('price-BTCUSDT').textContent).toBe('95,000.12'));
    const page = screen.getByTestId('markets-page');
    expect(within(page).getByRole('heading', { name: 'Markets' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All' })).toBeTruthy();
    expect(screen.getByTestId('sort-volume').textContent).toBe('Pair / 24h volume');
    expect(screen.getByTestId('sort-change').textContent).toBe('24h change');
    expect(within(page).getByText('Last price')).toBeTruthy();
    expect(screen.getByTestId('market-row-BTCUSDT').textContent).toContain('Vol 1.9B');
    expect(screen.getByText('Pairs: 3')).toBeTruthy();
    expect(screen.getByTestId('live-badge').textContent).toMatch(/^(Live|Polling)$/);
    expect(screen.getByLabelText('Search pairs').getAttribute('placeholder')).toBe('Search coin, e.g. BTC');
    expect(screen.getByTestId('favorite-ETHUSDT').getAttribute('aria-label')).toBe(
      'Add ETHUSDT to favorites',
    );
    expect(chineseIn(page)).toEqual([]);

    fireEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
    expect(await screen.findByText('No favorites yet: tap ☆ before a pair to add it')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    fireEvent.change(screen.getByTestId('markets-search'), { target: { value: 'nothing' } });
    expect(screen.getByText('No matching pairs')).toBeTruthy();
  });

  it('lists every enabled pair with price, coloured 24h change and turnover; a row opens spot trading', async () => {
    serve();
    renderAppAt('/markets');
    // The first test of the file also downloads the lazy screen: give it longer.
    await screen.findByTestId('markets-list', {}, { timeout: 20_000 });
    await waitFor(() => expect(screen.getByTestId('price-BTCUSDT').textContent).toBe('95,000.12'));
    expect(listed()).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT']);
    expect(screen.getByTestId('price-DOGEUSDT').textContent).toBe('0.32123');
    expect(screen.getByTestId('change-BTCUSDT').textContent).toBe('+2.50%');
    expect(screen.getByTestId('change-BTCUSDT').style.background).toBe('var(--app-up)');
    expect(screen.getByTestId('change-ETHUSDT').textContent).toBe('-1.25%');
    expect(screen.getByTestId('change-ETHUSDT').style.background).toBe('var(--app-down)');
    expect(screen.getByTestId('market-row-BTCUSDT').textContent).toContain('成交额 1.9B');
    expect(screen.getByTestId('market-row-ETHUSDT').getAttribute('href')).toBe('/trade/spot/ETHUSDT');
    expect(screen.getByText('共 3 个交易对')).toBeTruthy();
    // Each pair with its coin's icon (bundled), DOGE too.
    expect(screen.getByTestId('coin-icon-DOGE').tagName).toBe('IMG');
  });

  it('filters by search and says so when nothing matches', async () => {
    serve();
    renderAppAt('/markets');
    await screen.findByTestId('market-row-DOGEUSDT');
    fireEvent.change(screen.getByTestId('markets-search'), { target: { value: 'doge' } });
    expect(listed()).toEqual(['DOGEUSDT']);
    fireEvent.change(screen.getByTestId('markets-search'), { target: { value: 'eth/usdt' } });
    expect(listed()).toEqual(['ETHUSDT']);
    fireEvent.change(screen.getByTestId('markets-search'), { target: { value: 'nothing' } });
    expect(screen.getByText('没有找到匹配的交易对')).toBeTruthy();
  });

  it('sorts by 24h change and by turnover from the headers', async () => {
    serve();
    renderAppAt('/markets');
    await screen.findByTestId('market-row-DOGEUSDT');
    // Rows redraw at most every few hundred ms (the live-list throttle): wait for each order.
    fireEvent.click(screen.getByTestId('sort-change'));
    await waitFor(() => expect(listed()).toEqual(['DOGEUSDT', 'BTCUSDT', 'ETHUSDT']));
    fireEvent.click(screen.getByTestId('sort-change'));
    await waitFor(() => expect(listed()).toEqual(['ETHUSDT', 'BTCUSDT', 'DOGEUSDT']));
    fireEvent.click(screen.getByTestId('sort-volume'));
    await waitFor(() => expect(listed()).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT']));
    fireEvent.click(screen.getByTestId('sort-volume'));
    await waitFor(() => expect(listed()).toEqual(['DOGEUSDT', 'ETHUSDT', 'BTCUSDT']));
  });

  it('keeps favourites in market_favorites, shows them under 自选 and still has them after a reload', async () => {
    serve();
    const first = renderAppAt('/markets');
    await screen.findByTestId('market-row-ETHUSDT');
    fireEvent.click(screen.getByTestId('favorite-ETHUSDT'));
    expect(window.localStorage.getItem('market_favorites')).toBe('["ETHUSDT"]');
    expect(screen.getByTestId('favorite-ETHUSDT').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: /自选/ }));
    expect(listed()).toEqual(['ETHUSDT']);
    first.unmount();

    renderAppAt('/markets?tab=favorites');
    await screen.findByTestId('market-row-ETHUSDT');
    expect(listed()).toEqual(['ETHUSDT']);
    fireEvent.click(screen.getByTestId('favorite-ETHUSDT'));
    expect(screen.getByText('暂无自选，点击交易对前的 ☆ 加入自选')).toBeTruthy();
    expect(window.localStorage.getItem('market_favorites')).toBe('[]');
  });

  it('signed in, keeps favourites on the server: a star saves the whole list, a refusal puts it back', async () => {
    storeSession(makeUser());
    // Starred on this device before signing in: sent once, since the server's list is empty.
    window.localStorage.setItem('market_favorites', '["DOGEUSDT"]');
    let saved: string[] = [];
    const api = serve();
    api.handlers['GET /api/auth/me'] = () => ok({ user: makeUser() });
    api.handlers['GET /api/user/favorites'] = () => ok({ symbols: saved });
    api.handlers['PUT /api/user/favorites'] = (c) => {
      saved = (c.body as { symbols: string[] }).symbols;
      return ok({ symbols: saved }, '自选已更新');
    };
    const puts = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    renderAppAt('/markets?tab=favorites');
    await waitFor(() => expect(puts()).toEqual([{ symbols: ['DOGEUSDT'] }]));
    await screen.findByTestId('market-row-DOGEUSDT');

    fireEvent.click(screen.getByRole('tab', { name: /全部/ }));
    fireEvent.click(screen.getByTestId('favorite-BTCUSDT'));
    await waitFor(() =>
      expect(screen.getByTestId('favorite-BTCUSDT').getAttribute('aria-pressed')).toBe('true'),
    );
    await waitFor(() => expect(puts().at(-1)).toEqual({ symbols: ['DOGEUSDT', 'BTCUSDT'] }));

    api.handlers['PUT /api/user/favorites'] = () =>
      jsonResponse({ success: false, message: '交易对不存在或未上架：ETHUSDT' }, 400);
    fireEvent.click(screen.getByTestId('favorite-ETHUSDT'));
    expect(await screen.findByText('交易对不存在或未上架：ETHUSDT')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('favorite-ETHUSDT').getAttribute('aria-pressed')).toBe('false'),
    );
    expect(screen.getByRole('tab', { name: /自选/ }).textContent).toBe('自选 2');
  });

  it('signed in, sends no star before the server list has come (it would replace that list)', async () => {
    storeSession(makeUser());
    const api = serve();
    api.handlers['GET /api/auth/me'] = () => ok({ user: makeUser() });
    api.handlers['GET /api/user/favorites'] = () => new Promise<Response>(() => {});
    renderAppAt('/markets');
    await screen.findByTestId('market-row-ETHUSDT');
    fireEvent.click(screen.getByTestId('favorite-ETHUSDT'));
    await sleep(300);
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(screen.getByTestId('favorite-ETHUSDT').getAttribute('aria-pressed')).toBe('false');
  });

  it('replaces the page with 获取交易对列表失败 and a retry when the pairs cannot load', async () => {
    const api = serve();
    api.handlers['GET /api/trading/pairs'] = () =>
      jsonResponse({ success: false, message: '服务器错误' }, 400);
    renderAppAt('/markets');
    expect(await screen.findByText('获取交易对列表失败')).toBeTruthy();
    expect(screen.getByText('服务器错误')).toBeTruthy();
    api.handlers['GET /api/trading/pairs'] = () => ok({ pairs: PAIRS });
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('market-row-BTCUSDT')).toBeTruthy();
  });

  it('shows 暂无交易对数据 when no pair is enabled', async () => {
    mockApi({
      'GET /api/trading/pairs': () => ok({ pairs: [] }),
      'GET /api/trading/markets': () => ok({ markets: [] }),
    });
    renderAppAt('/markets');
    expect(await screen.findByText('暂无交易对数据')).toBeTruthy();
  });
});
