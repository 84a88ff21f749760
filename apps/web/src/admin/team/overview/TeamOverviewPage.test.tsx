import { type AdminTeamStats, adminTeamStats } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/request.ts';
import { mockOnePath, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderAtRoute } from '../../../test/render.tsx';
import TeamOverviewPage from '../TeamOverviewPage.tsx';
import { contractData } from './contractData.ts';
import { barPercent, levelEntries } from './OverviewLists.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const GREEN = 'rgb(56, 158, 13)';
const RED = 'rgb(207, 19, 34)';

const EMPTY: AdminTeamStats = {
  totalMembers: 0,
  directReferrals: 0,
  teamMembers: 0,
  totalRewards: 0,
  pendingRewards: 0,
  rewardAmounts: { total: '0', pending: '0', distributed: '0' },
  todayInvites: 0,
  activeInviters: 0,
  maxLevel: 0,
  rewardLevels: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  levelDistribution: {},
  topInviters: [],
  teamGrowth: [],
  recentInvites: [],
};

const FULL: AdminTeamStats = {
  totalMembers: 12345,
  directReferrals: 9000,
  teamMembers: 9100,
  totalRewards: 14,
  pendingRewards: 3,
  rewardAmounts: { total: '1234.5', pending: '174', distributed: '1060.5' },
  todayInvites: 27,
  activeInviters: 812,
  maxLevel: 11,
  rewardLevels: [9, 4, 1, 0, 0, 0, 0, 0, 0, 0],
  // Keys arrive unordered; L10 must come after L3, not after L1.
  levelDistribution: { '10': 45, '1': 3345, '2': 6000, '3': 2955 },
  topInviters: [
    { email: 'top@example.com', user_id: 42, inviteCount: 1500, totalReward: '8888' },
    { email: 'second@example.com', user_id: 7, inviteCount: 12, totalReward: '0' },
  ],
  teamGrowth: [
    { date: '2024-04-25', newMembers: 0, growth: null },
    { date: '2024-04-26', newMembers: 4, growth: null },
    { date: '2024-04-27', newMembers: 6, growth: 50 },
    { date: '2024-04-28', newMembers: 4, growth: -33.33 },
    { date: '2024-04-29', newMembers: 4, growth: 0 },
    { date: '2024-04-30', newMembers: 5, growth: 25 },
    { date: '2024-05-01', newMembers: 2, growth: -60 },
  ],
  recentInvites: [
    {
      inviter_email: 'top@example.com',
      invitee_email: 'newbie@example.com',
      created_at: '2024-05-01T16:30:05.000Z',
      invite_code: 'TOP123',
    },
  ],
};

let fetchMock: Mock;
let replies: Response[];

beforeEach(() => {
  ({ replies, fetchMock } = mockOnePath('/api/admin/team/stats', () => ok(FULL)));
});

function renderPage(first?: AdminTeamStats) {
  if (first) replies.push(ok(first));
  return renderAtRoute('/admin/team', <TeamOverviewPage />);
}

const text = (id: string) => screen.getByTestId(id).textContent ?? '';
const statistic = (id: string) =>
  screen.getByTestId(id).querySelector('.ant-statistic-content-value')?.textContent ?? '';

describe('TeamOverviewPage', () => {
  it('shows the eight cards with their definitions, the reward amounts and the last-update time', async () => {
    renderPage();
    await screen.findByTestId('team-overview');
    expect(text('team-updated-at')).toMatch(/^最后更新：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(text('team-card-totalMembers')).toContain('总用户数');
    expect(statistic('team-card-totalMembers')).toBe('12,345');
    expect(statistic('team-card-directReferrals')).toBe('9,000');
    expect(statistic('team-card-teamMembers')).toBe('9,100');
    expect(statistic('team-card-totalRewards')).toBe('14');
    expect(text('team-card-extra-totalRewards')).toBe('合计 1,234.50 USDT');
    expect(statistic('team-card-pendingRewards')).toBe('3');
    expect(text('team-card-extra-pendingRewards')).toBe('待发放 174.00 USDT');
    expect(statistic('team-card-todayInvites')).toBe('27');
    expect(statistic('team-card-activeInviters')).toBe('812');
    expect(statistic('team-card-maxLevel')).toBe('L11');
    // Every card explains its figure (the contract's definition).
    expect(screen.getByTestId('team-card-help-teamMembers').getAttribute('aria-label')).toContain(
      '被邀请的用户',
    );
    expect(screen.getByTestId('team-card-help-todayInvites').getAttribute('aria-label')).toContain(
      '北京时间',
    );
    for (const key of [
      'totalMembers',
      'directReferrals',
      'totalRewards',
      'pendingRewards',
      'activeInviters',
    ]) {
      expect(screen.getByTestId(`team-card-help-${key}`).getAttribute('aria-label')).toBeTruthy();
    }
  });

  it('shows what the link cards lead to and opens the rewards, with the pending badge', async () => {
    const router = renderPage();
    await screen.findByTestId('team-overview');
    expect(text('team-link-text-hierarchy')).toContain('最大层级 L11');
    expect(text('team-link-badge-rewards')).toBe('3 待发放');
    expect(text('team-link-text-rewards')).toBe('共 14 条奖励，合计 1,234.50 USDT');
    expect(text('team-link-text-salary')).toBe('团队用户 9,100 人');
    fireEvent.click(screen.getByTestId('team-link-rewards'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/team/rewards'));
  });

  it('opens the salary screen and the hierarchy from the link cards and the button', async () => {
    const router = renderPage();
    fireEvent.click(await screen.findByTestId('team-link-salary'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/team/salary'));
    await router.navigate('/admin/team');
    fireEvent.click(await screen.findByTestId('team-link-hierarchy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/team/hierarchy'));
    await router.navigate('/admin/team');
    fireEvent.click(await screen.findByTestId('team-go-hierarchy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/team/hierarchy'));
  });

  it('shows the ten reward tiers with how many reached each, and says counts are charged members', async () => {
    renderPage();
    await screen.findByTestId('team-overview');
    const l1 = screen.getByTestId('team-tier-1');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(l1)).toEqual(['L1', '5', '10', '18.00', '9']);
    expect(screen.getByTestId('team-reward-tiers').textContent).toContain('奖励（USDT）');
    expect(within(l1).getAllByRole('cell').at(-1)?.textContent).toBe('9');
    expect(within(screen.getByTestId('team-tier-3')).getAllByRole('cell').at(-1)?.textContent).toBe('1');
    const l10 = screen.getByTestId('team-tier-10');
    expect(cells(l10)).toEqual(['L10', '25', '30,000', '8,888.00', '0']);
    expect(text('team-tier-note')).toContain('已充值成员');
  });

  it('lists the levels in order with bars of count / total members', async () => {
    renderPage();
    await screen.findByTestId('team-overview');
    const levels = within(screen.getByTestId('team-level-distribution'))
      .getAllByText(/^L\d+$/)
      .map((node) => node.textContent);
    expect(levels).toEqual(['L1', 'L2', 'L3', 'L10']);
    expect(text('team-level-2')).toContain('6,000 人');
    expect(text('team-level-2')).toContain('48.6%');
    // 6000 / 12345 = 48.6%
    expect(screen.getByTestId('team-level-bar-2').style.width).toBe('48.6%');
    expect(screen.getByTestId('team-level-bar-10').style.width).toBe('0.4%');
  });

  it('caps a bar at 100% and ignores keys that are not levels', () => {
    expect(barPercent(15, 10)).toBe(100);
    expect(barPercent(1, 3)).toBe(33.3);
    expect(barPercent(3, 0)).toBe(0);
    expect(levelEntries({ '2': 1, x: 5, '1': 2, '0': 9 })).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('shows the growth with one decimal, green from zero up, red below, a dash when unknown', async () => {
    renderPage();
    await screen.findByTestId('team-overview');
    const growth = (date: string) =>
      within(screen.getByTestId(`team-growth-${date}`)).getByTestId('team-growth-value');
    expect(screen.getByTestId('team-growth-2024-04-27').textContent).toContain('新增 6 人');
    expect(growth('2024-04-27').textContent).toBe('+50.0%');
    expect(growth('2024-04-27').style.color).toBe(GREEN);
    expect(growth('2024-04-28').textContent).toBe('-33.3%');
    expect(growth('2024-04-28').style.color).toBe(RED);
    expect(growth('2024-04-29').textContent).toBe('0.0%');
    expect(growth('2024-04-29').style.color).toBe(GREEN);
    expect(growth('2024-04-25').textContent).toBe('-');
    expect(growth('2024-04-25').style.color).toBe('');
    expect(growth('2024-05-01').textContent).toBe('-60.0%');
  });

  it('lists the top inviters and the newest invites in Beijing time', async () => {
    renderPage();
    await screen.findByTestId('team-overview');
    const [top, second] = screen.getAllByTestId('team-top-inviter') as [HTMLElement, HTMLElement];
    expect(top.textContent).toContain('top@example.com');
    expect(top.textContent).toContain('ID: 42');
    expect(top.textContent).toContain('邀请 1,500 人');
    expect(top.textContent).toContain('奖励 8,888.00 USDT');
    expect(second.textContent).toContain('奖励 0.00 USDT');
    const [invite] = screen.getAllByTestId('team-recent-invite') as [HTMLElement];
    expect(invite.textContent).toContain('top@example.com');
    expect(invite.textContent).toContain('newbie@example.com');
    expect(invite.textContent).toContain('TOP123');
    expect(invite.textContent).toContain('2024-05-02 00:30:05');
  });

  it('shows empty states, no pending badge and a dash for the level on an empty platform', async () => {
    renderPage(EMPTY);
    await screen.findByTestId('team-overview');
    expect(screen.getByText('暂无层级数据')).toBeTruthy();
    expect(screen.getByText('暂无邀请数据')).toBeTruthy();
    expect(screen.getByText('暂无增长数据')).toBeTruthy();
    expect(screen.getByText('暂无邀请记录')).toBeTruthy();
    expect(screen.queryByTestId('team-link-badge-rewards')).toBeNull();
    expect(statistic('team-card-maxLevel')).toBe('-');
    expect(text('team-card-extra-totalRewards')).toBe('合计 0.00 USDT');
    expect(screen.getAllByTestId(/^team-tier-\d+$/)).toHaveLength(10);
  });

  it('refreshes on demand with a refreshing state and silently every 120 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderPage(EMPTY);
      await screen.findByTestId('team-overview');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // The next reply waits until the test releases it, so the refreshing state can be seen.
      let release: (value: Response) => void = () => {};
      fetchMock.mockImplementationOnce(
        () =>
          new Promise<Response>((resolve) => {
            release = resolve;
          }),
      );
      fireEvent.click(screen.getByTestId('team-refresh'));
      await waitFor(() => expect(text('team-refresh')).toBe('刷新中'));
      release(ok(FULL));
      await waitFor(() => expect(statistic('team-card-totalMembers')).toBe('12,345'));
      await waitFor(() => expect(text('team-refresh')).toBe('刷新'));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(119_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
      // The periodic reload does not spin the button.
      expect(text('team-refresh')).toBe('刷新');
    } finally {
      vi.useRealTimers();
    }
  });

  it('replaces the page with 获取团队概览失败 and retries', async () => {
    replies.push(jsonResponse({ success: false, message: '服务器内部错误' }, 400));
    renderPage();
    const view = await screen.findByTestId('load-error');
    expect(within(view).getByText('获取团队概览失败')).toBeTruthy();
    expect(within(view).getByText('服务器内部错误')).toBeTruthy();
    expect(screen.queryByTestId('team-overview')).toBeNull();
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('team-overview')).toBeTruthy();
  });

  it('refuses a reply that does not match the contract rather than showing wrong figures', () => {
    // The mocked API only answers with replies true to the contract, so the guard is checked on its own.
    const drifted = { ...FULL, rewardAmounts: { total: 12.5, pending: '0', distributed: '0' } };
    expect(() => contractData(adminTeamStats, drifted)).toThrow(ApiError);
    expect(() => contractData(adminTeamStats, drifted)).toThrow('服务器返回的数据格式不正确');
    expect(contractData(adminTeamStats, FULL)).toEqual(FULL);
  });

  it('keeps the figures and warns when a refresh fails', async () => {
    renderPage();
    await screen.findByTestId('team-overview');
    replies.push(jsonResponse({ success: false, message: '数据库繁忙' }, 400));
    fireEvent.click(screen.getByTestId('team-refresh'));
    expect(await screen.findByText('获取团队概览失败: 数据库繁忙')).toBeTruthy();
    expect(statistic('team-card-totalMembers')).toBe('12,345');
  });

  it('in English: the cards, links, tiers, levels, inviters, growth and invites, with no Chinese', async () => {
    applyLanguage('en');
    renderPage();
    await screen.findByTestId('team-overview');
    expect(text('team-card-directReferrals')).toContain('Direct referrals');
    expect(text('team-card-extra-totalRewards')).toBe('Total 1,234.50 USDT');
    expect(screen.getByTestId('team-card-help-todayInvites').getAttribute('aria-label')).toContain(
      'Beijing time',
    );
    expect(text('team-link-badge-rewards')).toBe('3 pending');
    expect(text('team-link-text-salary')).toBe('9,100 team members');
    expect(screen.getByTestId('team-reward-tiers').textContent).toContain('Reward (USDT)');
    // The two-word titles keep the space between their words (Direct required, not Directrequired).
    for (const title of ['Direct required', 'Team required', 'Users reached']) {
      expect(screen.getByTestId('team-reward-tiers').textContent).toContain(title);
    }
    expect(text('team-level-2')).toContain('6,000 users');
    expect(screen.getByTestId('team-growth-2024-04-27').textContent).toContain('6 new');
    expect(screen.getAllByTestId('team-top-inviter')[0]!.textContent).toContain('1,500 invited');
    expect(screen.getByTestId('team-recent-invites').textContent).toContain('Inviter');
    expect(screen.getByText('Team overview')).toBeTruthy();
    // 最后更新 and 刷新 are the shared OverviewFrame's (components/), not this page's.
    const frame = [text('team-updated-at'), text('team-refresh')];
    const own = frame.reduce((all, part) => all.replace(part, ''), text('team-overview'));
    expect(chineseIn(own)).toEqual([]);
    expect(() => contractData(adminTeamStats, { ...FULL, maxLevel: 'x' })).toThrow(
      'The server’s reply is not in the expected format',
    );
  });
});
