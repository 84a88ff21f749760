import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { type Handler, mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeAdmin, makeUser, storeSession } from '../../test/fixtures.ts';
import { pair, renderAppAt, ticker } from '../markets/testing.tsx';

const SLIDES = [
  {
    id: 1,
    title: '秒合约上线',
    image_url: '/api/home/images/a.png?expires=1&signature=x',
    link_url: '/trade/flash',
  },
  {
    id: 2,
    title: '外部活动',
    image_url: 'https://cdn.example.com/b.png',
    link_url: 'https://example.com/event',
  },
  { id: 3, title: '危险链接', image_url: null, link_url: 'javascript:alert(1)' },
];
const NOTICES = [1, 2, 3, 4].map((id) => ({
  id,
  title: `公告${id}`,
  content: `第${id}条公告的内容\n第二行`,
  published_at: '2026-03-01T02:00:00.000Z',
}));

function serve(overrides: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/home/carousel': () => ok({ items: SLIDES }),
    'GET /api/home/announcements': () => ok({ announcements: NOTICES }),
    'GET /api/trading/pairs': () => ok({ pairs: [pair('BTC'), pair('ETH'), pair('SOL'), pair('XRP')] }),
    'GET /api/trading/markets': () =>
      ok({
        markets: [
          ticker('BTCUSDT', '1.5', '100', '95000'),
          ticker('ETHUSDT', '-2', '100', '3400'),
          ticker('SOLUSDT', '5', '100', '190'),
          ticker('XRPUSDT', '-7', '100', '2.3'),
        ],
      }),
    ...overrides,
  });
}

describe('HomePage', () => {
  it('shows guests the public content and the way to log in or register, calling without a token', async () => {
    const api = serve();
    renderAppAt('/');
    expect(await screen.findByTestId('home-carousel', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即登录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即注册' })).toBeTruthy();
    expect(screen.queryByTestId('user-email')).toBeNull();
    expect(await screen.findByTestId('announcement-1')).toBeTruthy();
    const home = api.calls.filter((c) => c.url.pathname.startsWith('/api/home/'));
    expect(home.length).toBeGreaterThanOrEqual(2);
    expect(home.every((c) => !c.headers.has('Authorization'))).toBe(true);
  });

  it('links a slide only when its link is safe: site paths in the app, http(s) in a new tab', async () => {
    serve();
    renderAppAt('/');
    await screen.findByTestId('home-carousel', {}, { timeout: 20_000 });
    // antd's Carousel clones slides for its loop: look at the first copy of each.
    const inner = screen.getAllByTestId('carousel-title-1')[0]?.closest('a');
    expect(inner?.getAttribute('href')).toBe('/trade/flash');
    expect(inner?.getAttribute('target')).toBeNull();
    const outer = screen.getAllByTestId('carousel-title-2')[0]?.closest('a');
    expect(outer?.getAttribute('href')).toBe('https://example.com/event');
    expect(outer?.getAttribute('target')).toBe('_blank');
    expect(outer?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByTestId('carousel-title-3')[0]?.closest('a')).toBeNull();
    expect(screen.getAllByAltText('秒合约上线')[0]?.getAttribute('src')).toBe(SLIDES[0]?.image_url);
  });

  it('lists three announcements, all on 查看全部, and opens one in full', async () => {
    serve();
    renderAppAt('/');
    await screen.findByTestId('announcement-3', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('announcement-4')).toBeNull();
    fireEvent.click(screen.getByTestId('announcements-more'));
    expect(screen.getByTestId('announcement-4')).toBeTruthy();
    fireEvent.click(screen.getByTestId('announcement-2'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('公告2')).toBeTruthy();
    expect(within(dialog).getByText(/第2条公告的内容/)).toBeTruthy();
    expect(within(dialog).getByText('2026-03-01 10:00:00')).toBeTruthy();
  });

  it('shows the live market tiles and board; a pair opens spot trading', async () => {
    serve();
    renderAppAt('/');
    const tile = await screen.findByTestId('spotlight-BTCUSDT', {}, { timeout: 20_000 });
    expect(tile.getAttribute('href')).toBe('/trade/spot/BTCUSDT');
    await waitFor(() => expect(tile.textContent).toContain('95,000.00'));
    expect(tile.textContent).toContain('+1.50%');
    fireEvent.click(screen.getByText('跌幅榜'));
    const board = screen.getByTestId('hot-markets-list');
    const first = within(board).getAllByRole('link')[0];
    expect(first?.getAttribute('href')).toBe('/trade/spot/XRPUSDT');
  });

  it('shows errors with a retry per section and the banner when nothing is published', async () => {
    const api = serve({
      'GET /api/home/carousel': () => jsonResponse({ success: false, message: '服务器错误' }, 400),
      'GET /api/home/announcements': () => ok({ announcements: [] }),
    });
    renderAppAt('/');
    expect(await screen.findByText('获取轮播图失败', {}, { timeout: 20_000 })).toBeTruthy();
    expect(await screen.findByText('暂无公告')).toBeTruthy();
    api.handlers['GET /api/home/carousel'] = () => ok({ items: [] });
    fireEvent.click(screen.getByTestId('carousel-error-retry'));
    expect(await screen.findByTestId('carousel-empty')).toBeTruthy();
  });

  it('says a failed or empty pair list in English under en', async () => {
    applyLanguage('en');
    const api = serve({
      'GET /api/trading/pairs': () => jsonResponse({ success: false, message: 'Server error' }, 400),
    });
    renderAppAt('/');
    const failed = await screen.findByTestId('hot-markets-error', {}, { timeout: 20_000 });
    expect(failed.textContent).toContain('Could not load');
    expect(chineseIn(failed)).toEqual([]);
    api.handlers['GET /api/trading/pairs'] = () => ok({ pairs: [] });
    fireEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByText('No trading pairs')).toBeTruthy();
  });

  it('shows the signed-in account with its KYC label instead of the invitation', async () => {
    serve();
    storeSession(makeUser({ kyc_status: 'approved' }));
    renderAppAt('/');
    expect((await screen.findByTestId('user-email', {}, { timeout: 20_000 })).textContent).toBe(
      'alice@example.com',
    );
    expect(within(screen.getByTestId('home-account')).getByText('已认证')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即登录' })).toBeNull();
    expect(screen.queryByRole('button', { name: '进入管理后台' })).toBeNull();
  });

  it('links admins to the back office', async () => {
    serve();
    storeSession(makeAdmin());
    renderAppAt('/');
    expect(await screen.findByRole('button', { name: '进入管理后台' }, { timeout: 20_000 })).toBeTruthy();
  });
});
