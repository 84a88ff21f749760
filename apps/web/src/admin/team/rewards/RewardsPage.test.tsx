import type { AdminRewardStats, PayoutApproval, TeamReward } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { type Call, type Handler, keyOf, mockApi, ok, UUID } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { expectNoPager } from '../../../test/pager.ts';
import { confirmDialog, renderWithAntAt } from '../../../test/render.tsx';
import RewardsPage from '../RewardsPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let calls: Call[];
let handlers: Record<string, Handler>;

function reward(overrides: Partial<TeamReward> = {}): TeamReward {
  return {
    id: 1,
    user_id: 7,
    email: 'alice@example.com',
    tier: 1,
    amount: '18',
    currency: 'USDT',
    direct_count: 5,
    team_size: 10,
    status: 'pending',
    created_at: '2026-11-20T16:30:05.000Z',
    distributed_at: null,
    distributed_by: null,
    first_approval: null,
    ...overrides,
  };
}

const REWARDS: TeamReward[] = [
  reward(),
  reward({ id: 2, tier: 2, amount: '58', team_size: 30 }),
  reward({
    id: 3,
    user_id: 8,
    email: 'bob@example.com',
    tier: 1,
    status: 'distributed',
    distributed_at: '2026-11-21T02:00:00.000Z',
    distributed_by: 'root@example.com',
  }),
];

const STATS: AdminRewardStats = {
  totalRewards: 1234,
  pendingRewards: 2,
  distributedRewards: 1232,
  eligibleUsers: 57,
  amounts: { total: '22250.5', pending: '76', distributed: '22174.5' },
};

const listReply = (rewards: TeamReward[] = REWARDS, total = rewards.length, page = 1) =>
  ok({
    rewards,
    pagination: { page, limit: 20, total, totalPages: Math.ceil(total / 20) },
    stats: STATS,
  });

beforeEach(() => {
  ({ calls, handlers } = mockApi({ 'GET /api/admin/team/rewards': () => listReply() }));
});

const renderPage = (path = '/admin/team/rewards') => renderWithAntAt(<RewardsPage />, path);

const listCalls = () =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/team/rewards');
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);
const lastQuery = () => Object.fromEntries(listCalls().at(-1)?.url.searchParams ?? []);
const row = (id: number) => screen.getByTestId(`reward-row-${id}`);
const text = (id: string) => screen.getByTestId(id).textContent ?? '';
const checkbox = (id: number) => within(row(id)).getByRole('checkbox') as HTMLInputElement;
const DISTRIBUTE = '/api/admin/team/rewards/distribute';
/** The distribution's reply below the payout threshold: credited at once, nothing waits for a second admin. */
const distribution = (distributed: number, skipped: number[], amount: string) => ({
  distributed,
  skipped,
  amount,
  awaitingSecondApproval: null,
});
const CALCULATE = '/api/admin/team/rewards/calculate';

describe('RewardsPage', () => {
  it('shows 待复核发放 when a distribution waits; its 驳回 reloads the records', async () => {
    const approval: PayoutApproval = {
      id: 6,
      kind: 'reward',
      status: 'pending',
      payout_date: null,
      items: [{ user_id: 7, amount: '5000', reward_id: 1, level: null }],
      total: '5000.00000000',
      currency: 'USDT',
      first_approval: {
        admin_id: 42,
        admin_email: 'other@example.com',
        at: '2026-11-02T01:00:00.000Z',
      },
    };
    handlers['GET /api/admin/payout-approvals'] = () => ok({ approvals: [approval] });
    // The server replies with the approval as the rejection left it.
    handlers['POST /api/admin/payout-approvals/6/reject'] = () =>
      ok({ approval: { ...approval, status: 'rejected' } }, '已驳回待复核的发放');
    renderPage();
    const card = await screen.findByTestId('payout-approvals-reward');
    expect(
      calls.find((c) => c.url.pathname === '/api/admin/payout-approvals')?.url.searchParams.get('kind'),
    ).toBe('reward');
    expect(card.textContent).toContain('1 条');
    expect(card.textContent).toContain('5,000.00 USDT');
    await screen.findByTestId('reward-row-1');
    const before = calls.filter((c) => c.url.pathname === '/api/admin/team/rewards').length;
    fireEvent.click(screen.getByTestId('payout-approval-reject-6'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '确认驳回' }));
    expect(await screen.findByText('已驳回待复核的发放')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === '/api/admin/team/rewards').length).toBeGreaterThan(
        before,
      ),
    );
  });

  it('shows the four cards with counts and amounts, the records and the tier table', async () => {
    renderPage();
    await screen.findByTestId('reward-row-1');
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });

    expect(text('reward-stat-total')).toContain('奖励总数');
    expect(text('reward-stat-total')).toContain('1,234');
    expect(text('reward-stat-total-amount')).toBe('22,250.50 USDT');
    expect(text('reward-stat-pending')).toContain('待发放');
    expect(text('reward-stat-pending-amount')).toBe('76.00 USDT');
    expect(text('reward-stat-distributed')).toContain('1,232');
    expect(text('reward-stat-distributed-amount')).toBe('22,174.50 USDT');
    expect(text('reward-stat-eligible')).toContain('57');

    const first = row(1);
    expect(first.textContent).toContain('alice@example.com');
    expect(text('reward-tier-tag-1')).toBe('L1');
    expect(text('reward-amount-1')).toBe('18.00 USDT');
    expect(first.textContent).toContain('直推 5');
    expect(first.textContent).toContain('团队 10');
    expect(text('reward-status-1')).toBe('待发放');
    // 16:30:05 UTC is 00:30:05 the next day in Beijing.
    expect(first.textContent).toContain('2026-11-21');
    expect(first.textContent).toContain('00:30:05');
    expect(screen.getByTestId('reward-distribute-1')).toBeTruthy();

    expect(text('reward-status-3')).toBe('已发放');
    expect(row(3).textContent).toContain('root@example.com');
    expect(row(3).textContent).toContain('10:00:00');
    expect(screen.queryByTestId('reward-distribute-3')).toBeNull();
    // A distributed record cannot be selected.
    expect(checkbox(3).disabled).toBe(true);
    expect(checkbox(1).disabled).toBe(false);

    const tiers = screen.getByTestId('reward-tiers');
    expect(tiers.textContent).toContain('已充值');
    expect(text('reward-tier-1')).toContain('L1');
    expect(text('reward-tier-1')).toContain('≥ 5');
    expect(text('reward-tier-1')).toContain('≥ 10');
    expect(text('reward-tier-1')).toContain('18.00');
    expect(text('reward-tier-10')).toContain('≥ 30,000');
    expect(text('reward-tier-10')).toContain('8,888.00');
    expect(text('rewards-page-text')).toBe('显示第 1 到 3 条，共 3 条记录');
  });

  it('filters by status through the address; 全部 removes the filter; pages 20 at a time', async () => {
    const router = renderPage();
    await screen.findByTestId('reward-row-1');
    expect(screen.getByTestId('rewards-status-all').getAttribute('aria-pressed')).toBe('true');

    handlers['GET /api/admin/team/rewards'] = () => listReply([REWARDS[2] as TeamReward]);
    fireEvent.click(screen.getByTestId('rewards-status-distributed'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20', status: 'distributed' }));
    await waitFor(() => expect(screen.queryByTestId('reward-row-1')).toBeNull());
    expect(router.state.location.search).toBe('?status=distributed');

    handlers['GET /api/admin/team/rewards'] = (call) => {
      const page = Number(call.url.searchParams.get('page'));
      return listReply(
        REWARDS.map((r) => ({ ...r, id: r.id + (page - 1) * 100 })),
        45,
        page,
      );
    };
    fireEvent.click(screen.getByTestId('rewards-status-pending'));
    await screen.findByTestId('reward-row-1');
    expect(text('rewards-page-text')).toBe('显示第 1 到 20 条，共 45 条记录');
    fireEvent.click(within(screen.getByTestId('rewards-pagination')).getByText('2'));
    await screen.findByTestId('reward-row-101');
    expect(lastQuery()).toEqual({ page: '2', limit: '20', status: 'pending' });
    expect(router.state.location.search).toBe('?status=pending&page=2');

    fireEvent.click(screen.getByTestId('rewards-status-all'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20' }));
    expect(router.state.location.search).toBe('');
  });

  it('starts from the address and ignores unknown values', async () => {
    renderPage('/admin/team/rewards?status=pending&page=3');
    await screen.findByTestId('reward-row-1');
    expect(listCalls()[0]?.url.search).toBe('?page=3&limit=20&status=pending');
    calls.length = 0;
    renderPage('/admin/team/rewards?status=paid&page=x');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(listCalls()[0]?.url.search).toBe('?page=1&limit=20');
  });

  it('recalculates after the confirmation and reports calculatedUsers and newRewards', async () => {
    handlers[`POST ${CALCULATE}`] = () => ok({ calculatedUsers: 12, newRewards: 3 }, '奖励重新计算完成');
    renderPage();
    await screen.findByTestId('reward-row-1');

    fireEvent.click(screen.getByTestId('rewards-recalculate'));
    let dialog = await confirmDialog();
    expect(dialog.textContent).toContain('确定要重新计算所有用户的团队奖励吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(posts(CALCULATE)).toHaveLength(0);

    const before = listCalls().length;
    fireEvent.click(screen.getByTestId('rewards-recalculate'));
    // jsdom keeps the dismissed dialog (its leave animation never ends): take the new one.
    dialog = await waitFor(() => {
      const all = document.querySelectorAll<HTMLElement>('.ant-modal-confirm');
      if (all.length < 2) throw new Error('no second dialog');
      return all[all.length - 1] as HTMLElement;
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '重新计算' }));
    expect(await screen.findByText('奖励重新计算完成：达标用户 12 人，新增奖励 3 条')).toBeTruthy();
    expect(posts(CALCULATE)).toHaveLength(1);
    expect(posts(CALCULATE)[0]?.body).toBeUndefined();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('shows the server message in an alert when the recalculation fails', async () => {
    handlers[`POST ${CALCULATE}`] = () => jsonResponse({ success: false, message: '计算任务正在运行' }, 409);
    renderPage();
    await screen.findByTestId('reward-row-1');
    fireEvent.click(screen.getByTestId('rewards-recalculate'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '重新计算' }));
    const alert = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-modal-confirm-error');
      if (!found) throw new Error('no error dialog');
      return found;
    });
    expect(alert.textContent).toContain('奖励重新计算失败');
    expect(alert.textContent).toContain('计算任务正在运行');
  });

  it('distributes one record after the confirmation, then reloads', async () => {
    handlers[`POST ${DISTRIBUTE}`] = () => ok(distribution(1, [], '18'), '奖励发放成功');
    renderPage();
    await screen.findByTestId('reward-row-1');
    const before = listCalls().length;

    fireEvent.click(screen.getByTestId('reward-distribute-1'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('确定发放选中的奖励吗？发放后将计入用户可用余额。');
    expect(dialog.textContent).toContain('alice@example.com 的 L1 奖励，合计 18.00 USDT');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发放' }));
    expect(await screen.findByText('奖励发放成功：1 条，共 18.00 USDT')).toBeTruthy();
    expect(posts(DISTRIBUTE)[0]?.body).toEqual({ rewardIds: [1] });
    expect(keyOf(posts(DISTRIBUTE)[0])).toMatch(UUID);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('distributes the selected pending records and lists the skipped ones', async () => {
    handlers[`POST ${DISTRIBUTE}`] = () => ok(distribution(1, [2], '18'), '奖励发放成功');
    renderPage();
    await screen.findByTestId('reward-row-1');
    expect(screen.queryByTestId('rewards-distribute-selected')).toBeNull();

    fireEvent.click(checkbox(1));
    fireEvent.click(checkbox(2));
    await waitFor(() => expect(text('rewards-selection')).toContain('已选 2 条待发放奖励，合计 76.00 USDT'));
    fireEvent.click(screen.getByTestId('rewards-distribute-selected'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('选中的 2 条奖励，合计 76.00 USDT');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发放' }));
    expect(await screen.findByText('奖励发放成功：1 条，共 18.00 USDT')).toBeTruthy();
    expect(await screen.findByText('1 条奖励已发放或不存在，已跳过：alice@example.com L2')).toBeTruthy();
    expect(posts(DISTRIBUTE)[0]?.body).toEqual({ rewardIds: [1, 2] });
    await waitFor(() => expect(screen.queryByTestId('rewards-selection')).toBeNull());
  });

  it('select-all takes only the pending records', async () => {
    renderPage();
    await screen.findByTestId('reward-row-1');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页待发放奖励' }));
    await waitFor(() => expect(text('rewards-selection')).toContain('已选 2 条'));
    fireEvent.click(screen.getByTestId('rewards-selection-clear'));
    await waitFor(() => expect(screen.queryByTestId('rewards-selection')).toBeNull());
  });

  it('shows the server message when the distribution fails and reloads', async () => {
    handlers[`POST ${DISTRIBUTE}`] = () => jsonResponse({ success: false, message: '奖励状态已变化' }, 409);
    renderPage();
    await screen.findByTestId('reward-row-2');
    const before = listCalls().length;
    fireEvent.click(screen.getByTestId('reward-distribute-2'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '确认发放' }));
    expect(await screen.findByText('奖励发放失败: 奖励状态已变化')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('says 没有可发放的奖励 when the server finds nothing pending (its 409)', async () => {
    handlers[`POST ${DISTRIBUTE}`] = () =>
      jsonResponse({ success: false, message: '没有可发放的奖励', data: { skipped: [1] } }, 409);
    renderPage();
    await screen.findByTestId('reward-row-1');
    fireEvent.click(screen.getByTestId('reward-distribute-1'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '确认发放' }));
    expect(await screen.findByText('奖励发放失败: 没有可发放的奖励')).toBeTruthy();
  });

  it('replaces the page with 获取奖励记录失败 and retries', async () => {
    handlers['GET /api/admin/team/rewards'] = () =>
      jsonResponse({ success: false, message: '服务器错误' }, 400);
    renderPage();
    const view = await screen.findByTestId('load-error');
    expect(within(view).getByText('获取奖励记录失败')).toBeTruthy();
    expect(within(view).getByText('服务器错误')).toBeTruthy();
    expect(screen.queryByTestId('rewards-page')).toBeNull();
    handlers['GET /api/admin/team/rewards'] = () => listReply();
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('reward-row-1')).toBeTruthy();
  });

  it('shows an empty state', async () => {
    handlers['GET /api/admin/team/rewards'] = () => listReply([]);
    renderPage('/admin/team/rewards?status=pending');
    expect(await screen.findByText('暂无待发放的奖励记录')).toBeTruthy();
    expectNoPager('rewards');
  });

  it('in English: cards, filters, records, selection, tiers and the distribute dialog, with no Chinese', async () => {
    applyLanguage('en');
    renderPage();
    await screen.findByTestId('reward-row-1');
    expect(text('reward-stat-total')).toContain('Total rewards');
    expect(text('reward-stat-eligible-amount')).toBe('Users who reached L1');
    expect(text('reward-status-1')).toBe('Pending');
    expect(row(1).textContent).toContain('Direct 5');
    expect(screen.getByTestId('rewards-recalculate').textContent).toBe('Recalculate');
    expect(screen.getByRole('columnheader', { name: 'Counts when reached' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all pending rewards on this page' }));
    await waitFor(() =>
      expect(text('rewards-selection')).toContain('2 pending rewards selected, total 76.00 USDT'),
    );
    const page = screen.getByTestId('rewards-page');
    expect(chineseIn(page)).toEqual([]);

    fireEvent.click(screen.getByTestId('reward-distribute-1'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('the L1 reward of alice@example.com, 18.00 USDT in total');
    expect(chineseIn(dialog)).toEqual([]);
  });
});
