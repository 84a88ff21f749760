import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { type Call, type Handler, mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { jsonResponse, sleep } from '../../../test/fixtures.ts';
import HierarchyPage, { EXPAND_ALL_HINT, SEARCH_DEBOUNCE_MS } from '../HierarchyPage.tsx';
import { makeChildren, makeNode } from './fixtures.ts';
import type { HierarchyNode, HierarchyPage as HierarchyPageData, PathEntry } from './hierarchyApi.ts';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const LIST = 'GET /api/admin/team/hierarchy';
const childrenPath = (id: number) => `GET /api/admin/team/hierarchy/${id}/children`;

let calls: Call[];
let handlers: Record<string, Handler>;

const listReply = (
  hierarchy: HierarchyNode[],
  options: { total?: number; page?: number; paths?: Record<string, PathEntry[]> } = {},
) => {
  const total = options.total ?? hierarchy.length;
  const data: HierarchyPageData = {
    hierarchy,
    pagination: { page: options.page ?? 1, limit: 20, total, totalPages: Math.ceil(total / 20) },
    totalTopLevel: total,
    ...(options.paths ? { paths: options.paths } : {}),
  };
  return ok(data);
};

const childrenReply = (children: HierarchyNode[], page: number, total: number) =>
  ok({ children, pagination: { page, limit: 50, total, totalPages: Math.ceil(total / 50) } });

// alice (top level, KYC approved, deposited) has bob (nested) and carol (2 referrals, not nested);
// dave is a second top-level user without referrals.
const carol = makeNode(3, { email: 'carol@example.com', depth: 1, direct_referrals: 2, team_size: 2 });
const bob = makeNode(2, { email: 'bob@example.com', depth: 1, is_deposited: true, total_deposit: '100' });
const alice = makeNode(1, {
  email: 'alice@example.com',
  phone: '13800000000',
  kyc_status: 'approved',
  is_deposited: true,
  total_deposit: '1234.5',
  team_size: 4,
  invite_code: 'ALICE1',
  children: [bob, carol],
});
const dave = makeNode(4, { email: 'dave@example.com' });
const carolKids = [
  makeNode(5, { email: 'erin@example.com', depth: 2 }),
  makeNode(6, { email: 'frank@example.com', depth: 2 }),
];

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    [LIST]: () => listReply([alice, dave], { total: 2 }),
    [childrenPath(3)]: () => childrenReply(carolKids, 1, 2),
  }));
});

function renderPage(path = '/admin/team/hierarchy') {
  const router = createMemoryRouter([{ path: '/admin/team/hierarchy', element: <HierarchyPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const node = (id: number) => screen.getByTestId(`hierarchy-node-${id}`);
const queryNode = (id: number) => screen.queryByTestId(`hierarchy-node-${id}`);
/** jsdom has no layout: the box reports the scroll position the test gives it. */
function scrollTree(tree: HTMLElement, top: number) {
  Object.defineProperty(tree, 'scrollTop', { value: top, configurable: true, writable: true });
  fireEvent.scroll(tree);
}
const callsTo = (key: string) => calls.filter((call) => `${call.method} ${call.url.pathname}` === key);

describe('HierarchyPage', () => {
  it('shows the top-level users with their badges, counts, level and deposits', async () => {
    renderPage();
    await screen.findByTestId('hierarchy-page');
    expect(screen.getByTestId('hierarchy-count').textContent).toBe('顶级用户 2 人');
    const [list] = callsTo(LIST);
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ page: '1', limit: '20', depth: '1' });

    const row = node(1);
    expect(within(row).getByTestId('hierarchy-node-email').textContent).toBe('alice@example.com');
    expect(within(row).getByTestId('hierarchy-badge-kyc').textContent).toBe('已认证');
    expect(within(row).getByTestId('hierarchy-badge-deposited').textContent).toBe('已充值');
    const stats = within(row).getByTestId('hierarchy-node-stats').textContent;
    expect(stats).toContain('L1');
    expect(stats).toContain('直推 2');
    expect(stats).toContain('团队 4');
    expect(stats).toContain('充值 1,234.50 USDT');
    expect(row.getAttribute('aria-expanded')).toBe('false');
    // dave: no badges, no toggle (nobody to show under him).
    expect(within(node(4)).queryByTestId('hierarchy-badge-kyc')).toBeNull();
    expect(within(node(4)).queryByTestId('hierarchy-badge-deposited')).toBeNull();
    expect(screen.queryByTestId('hierarchy-toggle-4')).toBeNull();
    expect(screen.getByTestId('hierarchy-legend').textContent).toContain('L1');
  });

  it('expands and collapses a node, indenting 24 px per level and fetching children not loaded yet', async () => {
    renderPage();
    await screen.findByTestId('hierarchy-page');
    expect(queryNode(2)).toBeNull();
    fireEvent.click(screen.getByTestId('hierarchy-toggle-1'));
    // bob and carol came with the page: no call.
    expect(node(2).style.paddingLeft).toBe(`${8 + 24}px`);
    expect(node(1).style.paddingLeft).toBe('8px');
    expect(within(node(3)).getByTestId('hierarchy-node-stats').textContent).toContain('L2');
    expect(callsTo(childrenPath(3))).toHaveLength(0);

    fireEvent.click(screen.getByTestId('hierarchy-toggle-3'));
    await waitFor(() => expect(queryNode(5)).not.toBeNull());
    expect(node(5).style.paddingLeft).toBe(`${8 + 48}px`);
    const [fetch] = callsTo(childrenPath(3));
    expect(Object.fromEntries(fetch!.url.searchParams)).toEqual({ page: '1', limit: '50', depth: '0' });
    expect(within(node(6)).getByTestId('hierarchy-node-stats').textContent).toContain('L3');

    // Collapsing hides the subtree; opening again uses what was loaded.
    fireEvent.click(screen.getByTestId('hierarchy-toggle-1'));
    expect(queryNode(2)).toBeNull();
    expect(queryNode(5)).toBeNull();
    fireEvent.click(screen.getByTestId('hierarchy-toggle-1'));
    expect(queryNode(5)).not.toBeNull();
    expect(callsTo(childrenPath(3))).toHaveLength(1);
  });

  it('pages through more than 50 children with 加载更多', async () => {
    const first = makeChildren(100, 50, 1);
    const big = makeNode(9, {
      email: 'big@example.com',
      direct_referrals: 120,
      team_size: 120,
      children: first,
    });
    handlers[LIST] = () => listReply([big]);
    handlers[childrenPath(9)] = (call) => {
      const page = Number(call.url.searchParams.get('page'));
      return childrenReply(makeChildren(100 + (page - 1) * 50, page === 3 ? 20 : 50, 1), page, 120);
    };
    renderPage();
    await screen.findByTestId('hierarchy-page');
    fireEvent.click(screen.getByTestId('hierarchy-toggle-9'));
    const tree = screen.getByTestId('hierarchy-tree');
    expect(tree.getAttribute('data-rows')).toBe('52');
    // Only the rows in view are drawn.
    expect(tree.querySelectorAll('[role="treeitem"]').length).toBeLessThan(30);
    expect(callsTo(childrenPath(9))).toHaveLength(0);

    const scrollToEnd = () => scrollTree(tree, 1_000_000);
    scrollToEnd();
    const more = await screen.findByTestId('hierarchy-more-9');
    expect(more.textContent).toContain('已显示 50 / 120');
    fireEvent.click(more);
    await waitFor(() => expect(tree.getAttribute('data-rows')).toBe('102'));
    expect(callsTo(childrenPath(9)).map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
    scrollToEnd();
    fireEvent.click(await screen.findByTestId('hierarchy-more-9'));
    await waitFor(() => expect(tree.getAttribute('data-rows')).toBe('121'));
    scrollToEnd();
    await waitFor(() => expect(queryNode(219)).not.toBeNull());
    expect(screen.queryByTestId('hierarchy-more-9')).toBeNull();
  });

  it('expands every loaded node with 展开全部 without fetching, and collapses all', async () => {
    renderPage();
    await screen.findByTestId('hierarchy-page');
    expect(screen.getByTestId('hierarchy-expand-all').getAttribute('aria-description')).toBe(EXPAND_ALL_HINT);
    fireEvent.click(screen.getByTestId('hierarchy-expand-all'));
    expect(queryNode(2)).not.toBeNull();
    expect(queryNode(3)).not.toBeNull();
    // carol's children were never loaded: she stays closed and nothing is fetched.
    expect(node(3).getAttribute('aria-expanded')).toBe('false');
    expect(callsTo(childrenPath(3))).toHaveLength(0);
    fireEvent.click(screen.getByTestId('hierarchy-collapse-all'));
    expect(queryNode(2)).toBeNull();
  });

  it('draws only the rows in view of a page opened with 展开全部', async () => {
    const roots = Array.from({ length: 20 }, (_, i) =>
      makeNode(1000 + i, { children: makeChildren(2000 + i * 50, 50, 1) }),
    );
    handlers[LIST] = () => listReply(roots, { total: 1_000_000 });
    renderPage();
    await screen.findByTestId('hierarchy-page');
    expect(screen.getByTestId('hierarchy-count').textContent).toBe('顶级用户 1,000,000 人');
    fireEvent.click(screen.getByTestId('hierarchy-expand-all'));
    const tree = screen.getByTestId('hierarchy-tree');
    expect(tree.getAttribute('data-rows')).toBe('1020');
    expect(tree.querySelectorAll('[role="treeitem"]').length).toBeLessThan(30);
    expect(queryNode(1000)).not.toBeNull();
    // Each root is followed by its 50 children: row 520 is the 10th child (user 2509) of root 1010.
    scrollTree(tree, 520 * 60);
    await waitFor(() => expect(queryNode(2509)).not.toBeNull());
    expect(queryNode(1000)).toBeNull();
    expect(tree.querySelectorAll('[role="treeitem"]').length).toBeLessThan(40);
  });

  it('searches on the server after 2 characters and shows each match with its path', async () => {
    const deep = makeNode(77, { email: 'deep@example.com', depth: 3, phone: null });
    handlers[LIST] = (call) =>
      call.url.searchParams.get('search') === 'deep'
        ? listReply([deep], {
            paths: {
              '77': [
                { id: 1, email: 'alice@example.com', depth: 0 },
                { id: 3, email: 'carol@example.com', depth: 1 },
                { id: 5, email: 'erin@example.com', depth: 2 },
              ],
            },
          })
        : listReply([alice, dave], { total: 2 });
    const router = renderPage();
    await screen.findByTestId('hierarchy-page');
    const input = screen.getByTestId('hierarchy-search');
    fireEvent.change(input, { target: { value: 'd' } });
    expect((await screen.findByTestId('hierarchy-search-hint')).textContent).toBe('请至少输入 2 个字符');
    await act(() => sleep(SEARCH_DEBOUNCE_MS + 100));
    expect(callsTo(LIST)).toHaveLength(1);

    fireEvent.change(input, { target: { value: 'deep' } });
    await screen.findByTestId('hierarchy-node-77');
    expect(callsTo(LIST).at(-1)?.url.searchParams.get('search')).toBe('deep');
    expect(router.state.location.search).toBe('?search=deep');
    expect(screen.getByTestId('hierarchy-count').textContent).toBe('找到 1 个匹配用户');
    expect(screen.getByTestId('hierarchy-path-77').textContent).toBe(
      '路径：alice@example.com › carol@example.com › erin@example.com',
    );
    expect(within(node(77)).getByTestId('hierarchy-node-stats').textContent).toContain('L4');
    // The detail panel of a match names its inviter and the whole path.
    fireEvent.click(node(77));
    expect((await screen.findByTestId('detail-inviter')).textContent).toBe('erin@example.com');
    expect(screen.getByTestId('detail-path').textContent).toBe(
      'L1alice@example.comL2carol@example.comL3erin@example.com',
    );

    // Clearing the box goes back to the top-level users.
    fireEvent.change(input, { target: { value: '' } });
    await screen.findByTestId('hierarchy-node-1');
    expect(screen.queryByTestId('hierarchy-path-1')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('says when a search finds nobody', async () => {
    handlers[LIST] = (call) =>
      // A search's reply always carries paths (empty here), a plain page's never.
      call.url.searchParams.get('search')
        ? listReply([], { total: 0, paths: {} })
        : listReply([alice], { total: 1 });
    renderPage('/admin/team/hierarchy?search=nobody');
    expect((await screen.findByTestId('hierarchy-empty')).textContent).toContain('未找到匹配的用户');
    expect(screen.getByTestId('hierarchy-count').textContent).toBe('找到 0 个匹配用户');
    expect((screen.getByTestId('hierarchy-search') as HTMLInputElement).value).toBe('nobody');
  });

  it('opens the detail panel of a clicked node', async () => {
    renderPage();
    await screen.findByTestId('hierarchy-page');
    fireEvent.click(node(1));
    expect((await screen.findByTestId('detail-email')).textContent).toBe('alice@example.com');
    expect(screen.getByTestId('detail-phone').textContent).toBe('13800000000');
    expect(screen.getByTestId('detail-created').textContent).toBe('2024-05-02 00:30:05');
    expect(screen.getByTestId('detail-direct').textContent).toBe('2');
    expect(screen.getByTestId('detail-team').textContent).toBe('4');
    expect(screen.getByTestId('detail-code').textContent).toBe('ALICE1');
    expect(screen.getByTestId('detail-inviter').textContent).toBe('无');
    expect(screen.getByTestId('detail-path').textContent).toBe('顶级用户（未使用邀请码注册）');
    // Clicking the toggle does not open the panel; another node shows its own details.
    fireEvent.click(screen.getByTestId('hierarchy-toggle-1'));
    fireEvent.click(node(2));
    await waitFor(() => expect(screen.getByTestId('detail-email').textContent).toBe('bob@example.com'));
    expect(screen.getByTestId('detail-phone').textContent).toBe('未设置');
    expect(screen.getByTestId('detail-inviter').textContent).toBe('alice@example.com');
    expect(screen.getByTestId('detail-path').textContent).toBe('L1alice@example.com');
  });

  it('pages through the top-level users, 20 a page', async () => {
    handlers[LIST] = (call) => {
      const page = Number(call.url.searchParams.get('page'));
      return listReply([makeNode(500 + page, { email: `page${page}@example.com` })], { total: 45, page });
    };
    const router = renderPage();
    await screen.findByTestId('hierarchy-node-501');
    fireEvent.click(within(screen.getByTestId('hierarchy-pagination')).getByText('3'));
    await screen.findByTestId('hierarchy-node-503');
    expect(router.state.location.search).toBe('?page=3');
    expect(callsTo(LIST).at(-1)?.url.searchParams.get('page')).toBe('3');
    // A page is a history entry: back returns to the first page.
    expect(router.state.historyAction).toBe('PUSH');
    await act(() => router.navigate(-1));
    await screen.findByTestId('hierarchy-node-501');
    expect(callsTo(LIST).at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('refreshes the page and the children already fetched, with the buttons disabled meanwhile', async () => {
    renderPage();
    await screen.findByTestId('hierarchy-page');
    fireEvent.click(screen.getByTestId('hierarchy-toggle-1'));
    fireEvent.click(screen.getByTestId('hierarchy-toggle-3'));
    await waitFor(() => expect(queryNode(5)).not.toBeNull());
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    handlers[LIST] = async () => {
      await gate;
      return listReply([alice, dave], { total: 2 });
    };
    fireEvent.click(screen.getByTestId('hierarchy-refresh'));
    await waitFor(() => expect(screen.getByTestId('hierarchy-expand-all')).toHaveProperty('disabled', true));
    expect(screen.getByTestId('hierarchy-collapse-all')).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(screen.getByTestId('hierarchy-expand-all')).toHaveProperty('disabled', false));
    expect(callsTo(LIST)).toHaveLength(2);
    expect(callsTo(childrenPath(3))).toHaveLength(2);
    // What was open stays open.
    expect(queryNode(5)).not.toBeNull();
  });

  it('shows a failed children call under its node with a retry', async () => {
    handlers[childrenPath(3)] = () => jsonResponse({ success: false, message: '数据库繁忙' }, 400);
    renderPage();
    await screen.findByTestId('hierarchy-page');
    fireEvent.click(screen.getByTestId('hierarchy-toggle-1'));
    fireEvent.click(screen.getByTestId('hierarchy-toggle-3'));
    expect((await screen.findByTestId('hierarchy-error-3')).textContent).toContain('数据库繁忙');
    handlers[childrenPath(3)] = () => childrenReply(carolKids, 1, 2);
    fireEvent.click(screen.getByTestId('hierarchy-retry-3'));
    await waitFor(() => expect(queryNode(6)).not.toBeNull());
    expect(screen.queryByTestId('hierarchy-error-3')).toBeNull();
  });

  it('replaces the page with 获取团队层级数据失败 and retries', async () => {
    handlers[LIST] = () => jsonResponse({ success: false, message: '服务器内部错误' }, 400);
    renderPage();
    const view = await screen.findByTestId('load-error');
    expect(within(view).getByText('获取团队层级数据失败')).toBeTruthy();
    expect(within(view).getByText('服务器内部错误')).toBeTruthy();
    handlers[LIST] = () => listReply([alice]);
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('hierarchy-page')).toBeTruthy();
    expect(queryNode(1)).not.toBeNull();
  });

  it('in English: header, search, legend, tree rows and the detail panel, with no Chinese', async () => {
    applyLanguage('en');
    renderPage();
    await screen.findByTestId('hierarchy-node-1');
    expect(screen.getByText('Team hierarchy')).toBeTruthy();
    expect(screen.getByTestId('hierarchy-expand-all').textContent).toBe('Expand all');
    expect(screen.getByTestId('hierarchy-count').textContent).toBe('2 top-level users');
    expect(screen.getByTestId('hierarchy-search').getAttribute('placeholder')).toBe(
      'Search email or phone (any level)',
    );
    expect(node(1).textContent).toContain('Deposited');
    expect(node(1).textContent).toContain('Team 4');
    const page = screen.getByTestId('hierarchy-page');
    expect(chineseIn(page)).toEqual([]);

    fireEvent.click(node(1));
    const detail = await screen.findByTestId('hierarchy-detail-body');
    expect(within(detail).getByText('Referral code')).toBeTruthy();
    expect(within(detail).getByText('Top-level user (signed up without a referral code)')).toBeTruthy();
    expect(within(detail).getByText('Verified')).toBeTruthy();
    expect(chineseIn(detail)).toEqual([]);
  });
});
