import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { type MockApi, mockApi, ok, pagination } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, sleep } from '../../test/fixtures.ts';
import { renderWithAnt } from '../../test/render.tsx';
import { InviteCard } from './InviteCard.tsx';
import { MembersCard } from './MembersCard.tsx';
import { RewardTierCard } from './RewardTierCard.tsx';
import TeamPage from './TeamPage.tsx';
import { TeamStatsCard } from './TeamStatsCard.tsx';
import { fetchTeamStats, teamKeys } from './teamApi.ts';
import { emptyRanking, inviteLink, makeMember, makeStats, rankingEntry, teamConfig } from './teamFixtures.ts';

const stats = makeStats({
  directReferrals: 6,
  chargedDirectReferrals: 5,
  teamMembers: 11,
  chargedTeamMembers: 8,
  salaryLevel: 0,
  rewards: { pendingAmount: '0', distributedAmount: '0', items: [] },
});

let api: MockApi;
beforeEach(() => {
  api = mockApi({
    'GET /api/team/stats': () => ok(stats),
    'GET /api/team/config': () => ok(teamConfig),
    'GET /api/team/invite-link': () => ok(inviteLink),
    'GET /api/team/referrals': () =>
      ok({
        referrals: [makeMember(21, { is_deposited: true }), makeMember(22)],
        pagination: pagination(2),
      }),
    'GET /api/team/members': ({ url }) =>
      ok(
        url.searchParams.get('level') === '3'
          ? { members: [], pagination: pagination(0) }
          : { members: [makeMember(31, { level: 2, is_deposited: true })], pagination: pagination(1) },
      ),
    'GET /api/team/ranking': () =>
      ok({
        ranking: [
          rankingEntry(1, 'to***@example.com', { chargedDirectReferrals: 9, teamMembers: 20 }),
          rankingEntry(2, 'al***@example.com', { directReferrals: 6, teamMembers: 11, isMe: true }),
        ],
        myRank: 2,
      }),
  });
});

/** The first answer of a test: antd screens mount slowly in jsdom on a busy machine. */
const FIRST = { timeout: 20_000 };
/** A test rendering the whole page. */
const PAGE_TEST = 90_000;

/** The cards that show the stats, fed by the stats query as on the page (the others left out: jsdom is slow). */
function StatsCards() {
  const query = useQuery({ queryKey: teamKeys.stats, queryFn: () => fetchTeamStats() });
  if (!query.data) return null;
  return (
    <>
      <TeamStatsCard stats={query.data} />
      <RewardTierCard stats={query.data} />
    </>
  );
}

const renderPage = () =>
  renderWithAnt(
    <MemoryRouter>
      <TeamPage />
    </MemoryRouter>,
  );

describe('TeamPage', () => {
  it(
    'is in English under en: every card, the members emails and dates aside',
    async () => {
      applyLanguage('en');
      const { container } = renderPage();
      expect((await screen.findByTestId('stat-direct', {}, FIRST)).textContent).toBe('6');
      expect(screen.getByRole('heading', { name: 'Team' })).toBeTruthy();
      expect(screen.getByText('Direct referrals')).toBeTruthy();
      expect(screen.getByText('Team size')).toBeTruthy();
      expect(screen.getByTestId('team-stats').textContent).toContain('Deposited: 5');
      expect(screen.getByTestId('tier-current').textContent).toBe('Not reached');
      expect(screen.getByTestId('tier-progress-missing').textContent).toBe(
        'Still needed: team 2 (members who have deposited)',
      );
      expect(await screen.findByTestId('invite-code')).toBeTruthy();
      expect(screen.getByText('Referral code')).toBeTruthy();
      expect(screen.getByText('Invite link')).toBeTruthy();
      const referrals = await screen.findByTestId('referrals-list');
      expect(within(referrals).getByTestId('member-charged').textContent).toBe('Deposited');
      expect(screen.getByRole('tab', { name: 'Direct referrals (6)' })).toBeTruthy();
      expect(await screen.findByTestId('salary-progress-missing')).toBeTruthy();
      expect(screen.getByTestId('salary-days').textContent).toContain('1, 11, 21');
      expect((await screen.findByTestId('ranking-me')).textContent).toBe('My rank: #2');
      expect(await screen.findByTestId('invite-qr')).toBeTruthy();
      expect(chineseIn(container)).toEqual([]);
    },
    PAGE_TEST,
  );

  it('filters the team by level in English under en', async () => {
    applyLanguage('en');
    renderWithAnt(<MembersCard stats={stats} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Team (11)' }, FIRST));
    expect((await screen.findByTestId('member-31')).textContent).toContain('Level 2 · ');
    fireEvent.mouseDown(within(screen.getByTestId('members-level')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Level 3'));
    expect(await screen.findByText('No members at level 3')).toBeTruthy();
  });

  it('copies the invite link and says so in English under en', async () => {
    applyLanguage('en');
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async () => {} },
    });
    renderWithAnt(<InviteCard />);
    fireEvent.click(await screen.findByTestId('invite-copy-link', {}, FIRST));
    expect(await screen.findByText('Invite link copied')).toBeTruthy();
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(window, 'isSecureContext');
  });

  it(
    'shows the counts, what the next tier still needs and the members',
    async () => {
      renderPage();
      expect((await screen.findByTestId('stat-direct', {}, FIRST)).textContent).toBe('6');
      expect(screen.getByTestId('stat-team').textContent).toBe('11');
      expect(screen.getByTestId('team-stats').textContent).toContain('已充值 5 人');
      expect(screen.getByTestId('stat-inviter').textContent).toBe('bo***@example.com');
      // L1 needs 5 charged direct and 10 charged team: only the team is short (8 of 10).
      expect(screen.getByTestId('tier-current').textContent).toBe('未达成');
      expect(screen.getByTestId('tier-progress-missing').textContent).toBe('还差 团队 2 人（已充值成员）');
      expect(screen.getByTestId('tier-progress-direct-count').textContent).toBe('5 / 5');
      expect(screen.getByTestId('tier-progress-team-count').textContent).toBe('8 / 10');
      expect(screen.getByTestId('tier-row-1').getAttribute('data-state')).toBe('next');
      expect(screen.getByTestId('charged-note').textContent).toContain('只按已充值成员计算');

      const referrals = await screen.findByTestId('referrals-list');
      expect(within(referrals).getByText('m21***@example.com')).toBeTruthy();
      expect(within(screen.getByTestId('member-21')).getByTestId('member-charged').textContent).toBe(
        '已充值',
      );
      expect(within(screen.getByTestId('member-22')).getByTestId('member-uncharged')).toBeTruthy();
      expect(screen.getByTestId('referrals-page-text').textContent).toBe('显示第 1 到 2 条，共 2 人');

      // Salary: L1 needs 3 / 10 by default, shown from the config.
      expect(await screen.findByTestId('salary-progress-missing')).toBeTruthy();
      expect(screen.getByTestId('salary-days').textContent).toContain('1、11、21');
      expect(screen.getByText('暂无工资发放记录')).toBeTruthy();

      const me = await screen.findByTestId('ranking-row-2');
      expect(me.getAttribute('data-me')).toBe('true');
      expect(screen.getByTestId('ranking-row-1').getAttribute('data-me')).toBeNull();
      expect(screen.getByTestId('ranking-me').textContent).toBe('我的排名：第 2 名');
    },
    PAGE_TEST,
  );

  it('filters the team by level and says when a level is empty', async () => {
    renderWithAnt(<MembersCard stats={stats} />);
    fireEvent.click(await screen.findByRole('tab', { name: '团队（11）' }, FIRST));
    expect(await screen.findByTestId('member-31')).toBeTruthy();
    expect(screen.getByTestId('member-31').textContent).toContain('第 2 层');
    fireEvent.mouseDown(within(screen.getByTestId('members-level')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('第 3 层'));
    expect(await screen.findByText('第 3 层暂无成员')).toBeTruthy();
    const calls = api.calls.filter((c) => c.url.pathname === '/api/team/members');
    expect(calls.at(-1)?.url.searchParams.get('level')).toBe('3');
    expect(calls[0]?.url.searchParams.has('level')).toBe(false);
  });

  it('shows the newest level when the answers come back out of order', async () => {
    // Each level's answer waits until the test releases it: 全部 (11), 第 2 层 (5), 第 3 层 (none).
    const held = new Map<string, () => void>();
    const replies: Record<string, () => Response> = {
      all: () => ok({ members: [makeMember(31, { level: 2 })], pagination: pagination(11) }),
      '2': () => ok({ members: [makeMember(32, { level: 2 })], pagination: pagination(5) }),
      '3': () => ok({ members: [], pagination: pagination(0) }),
    };
    api.handlers['GET /api/team/members'] = ({ url }) => {
      const level = url.searchParams.get('level') ?? 'all';
      return new Promise((resolve) => held.set(level, () => resolve((replies[level] as () => Response)())));
    };
    const release = async (level: string) => {
      await waitFor(() => expect(held.has(level)).toBe(true));
      held.get(level)?.();
    };
    const choose = async (label: string) => {
      fireEvent.mouseDown(within(screen.getByTestId('members-level')).getByRole('combobox'));
      const dropdown = (await screen.findAllByRole('listbox')).at(-1)?.closest('.ant-select-dropdown');
      fireEvent.click(within(dropdown as HTMLElement).getByTitle(label));
    };
    renderWithAnt(<MembersCard stats={stats} />);
    fireEvent.click(await screen.findByRole('tab', { name: '团队（11）' }, FIRST));

    // 第 2 层 chosen while the whole team is still loading, then 第 3 层 while 第 2 层 is.
    await waitFor(() => expect(held.has('all')).toBe(true));
    await choose('第 2 层');
    await waitFor(() => expect(held.has('2')).toBe(true));
    await choose('第 3 层');
    await release('3');
    expect(await screen.findByText('第 3 层暂无成员')).toBeTruthy();
    // The older answers land late: neither replaces the level shown.
    await release('2');
    await release('all');
    await sleep(50);
    expect(screen.getByTestId('members-empty').textContent).toContain('第 3 层暂无成员');
    expect(screen.queryByTestId('members-page-text')).toBeNull();
    expect(screen.getByTestId('members-level').textContent).toBe('第 3 层');
  });

  it('copies the invite link and says so, or says that copying failed', async () => {
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderWithAnt(<InviteCard />);
    expect((await screen.findByTestId('invite-link', {}, FIRST)).textContent).toBe(inviteLink.inviteLink);
    expect(screen.getByTestId('invite-code').textContent).toBe('ABC123');
    fireEvent.click(screen.getByTestId('invite-copy-link'));
    expect(await screen.findByText('邀请链接已复制')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(inviteLink.inviteLink);

    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByTestId('invite-copy-code'));
    // jsdom has no copy command either: the fallback fails too.
    expect(await screen.findByText('复制失败，请长按手动复制')).toBeTruthy();
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(window, 'isSecureContext');
  });

  it('draws the invite link as a QR image', async () => {
    renderWithAnt(<InviteCard />);
    const image = (await screen.findByTestId('invite-qr', {}, FIRST)) as HTMLImageElement;
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(image.getAttribute('alt')).toBe('邀请链接二维码');
  });

  it(
    'creates the rewards of newly reached tiers with 刷新 and shows the new stats',
    async () => {
      api.handlers['POST /api/team/update-stats'] = () =>
        ok({
          ...stats,
          chargedTeamMembers: 10,
          currentTier: 1,
          rewards: {
            pendingAmount: '18',
            distributedAmount: '0',
            items: [
              {
                tier: 1,
                amount: '18',
                status: 'pending',
                created_at: '2026-11-21T00:00:00Z',
                distributed_at: null,
              },
            ],
          },
          newRewards: 1,
        });
      renderWithAnt(<StatsCards />);
      fireEvent.click(await screen.findByTestId('team-update-stats', {}, FIRST));
      expect(
        await screen.findByText('团队数据已更新，新增 1 笔奖励', { selector: '.ant-message *' }),
      ).toBeTruthy();
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
        '/api/team/update-stats',
      ]);
      // The result stays in the card after the message has gone.
      expect(screen.getByTestId('tier-update-result').textContent).toBe('团队数据已更新，新增 1 笔奖励');
      expect(screen.getByTestId('tier-current').textContent).toBe('L1');
      expect(screen.getByTestId('tier-row-1').textContent).toContain('待发放');
      expect(screen.getByTestId('tier-row-2').getAttribute('data-state')).toBe('next');
      expect(screen.getByTestId('team-stats').textContent).toContain('待发放 18.00 USDT');
    },
    PAGE_TEST,
  );

  it(
    'replaces the page with the error view when the stats fail, and retries',
    async () => {
      let fail = true;
      api.handlers['GET /api/team/stats'] = () =>
        fail ? jsonResponse({ success: false, message: '服务器错误' }, 500) : ok(stats);
      renderPage();
      const error = await screen.findByTestId('load-error', {}, FIRST);
      expect(error.textContent).toContain('获取团队统计失败');
      expect(error.textContent).toContain('服务器错误');
      fail = false;
      fireEvent.click(screen.getByTestId('load-error-retry'));
      expect((await screen.findByTestId('stat-direct', {}, FIRST)).textContent).toBe('6');
    },
    PAGE_TEST,
  );

  it(
    'keeps the page when one section fails, with empty states elsewhere',
    async () => {
      api.handlers['GET /api/team/ranking'] = () => ok(emptyRanking);
      api.handlers['GET /api/team/referrals'] = () => ok({ referrals: [], pagination: pagination(0) });
      api.handlers['GET /api/team/invite-link'] = () =>
        jsonResponse({ success: false, message: '邀请链接暂不可用' }, 422);
      renderPage();
      const invite = await screen.findByTestId('team-invite', {}, FIRST);
      await waitFor(() =>
        expect(within(invite).getByTestId('load-error').textContent).toContain('获取邀请链接失败'),
      );
      expect(await screen.findByText('暂无直推成员，复制邀请链接邀请好友注册吧')).toBeTruthy();
      expect(await screen.findByText('暂无排行数据')).toBeTruthy();
      expect(screen.getByTestId('ranking-me').textContent).toContain('未上榜');
      expect(screen.getByTestId('stat-direct').textContent).toBe('6');
    },
    PAGE_TEST,
  );
});
