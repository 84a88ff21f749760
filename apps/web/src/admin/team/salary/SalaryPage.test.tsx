import {
  CHANGE_TEXTS,
  type SalaryCandidate,
  type SalaryLevel,
  type SalaryStatistics,
} from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { changeReplyFixture } from '../../../test/adminChange.ts';
import { type Call, type Handler, keyOf, mockApi, ok, UUID } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { confirmDialog, renderWithAntAt } from '../../../test/render.tsx';
import SalaryPage from '../SalaryPage.tsx';
import { levelsFromDraft } from './SalaryLevelsCard.tsx';
import { previousMonth } from './SalaryStatisticsTab.tsx';
import {
  defaultPayoutDate,
  isFuturePayoutDate,
  offeredPayoutYears,
  payoutDateFromParams,
} from './salaryApi.ts';

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 10_000 });

const BASE = '/api/admin/team-salary-management';
let calls: Call[];
let handlers: Record<string, Handler>;

function candidate(overrides: Partial<SalaryCandidate> = {}): SalaryCandidate {
  return {
    userId: 7,
    email: 'alice@example.com',
    inviteCode: 'ALICE1',
    salaryLevel: 1,
    salaryAmount: '30',
    directReferrals: 4,
    chargedDirectReferrals: 3,
    teamMembers: 12,
    chargedTeamMembers: 10,
    conversionRate: 83.33,
    paid: null,
    firstApproval: null,
    ...overrides,
  };
}

const USERS: SalaryCandidate[] = [
  candidate({
    userId: 9,
    email: 'carol@example.com',
    inviteCode: 'CAROL1',
    salaryLevel: 2,
    salaryAmount: '100',
    directReferrals: 6,
    chargedDirectReferrals: 5,
    teamMembers: 40,
    chargedTeamMembers: 30,
    conversionRate: 75,
  }),
  candidate(),
  candidate({
    userId: 8,
    email: 'bob@example.com',
    inviteCode: 'BOB001',
    paid: { level: 1, amount: '30', paid_at: '2026-11-11T01:02:03.000Z' },
  }),
];

const LEVELS: SalaryLevel[] = [
  { level: 1, direct: 3, team: 10, amount: '30' },
  { level: 2, direct: 5, team: 30, amount: '100' },
];

const STATISTICS: SalaryStatistics = {
  month: '2026-11',
  currentMonth: { count: 3, totalAmount: '160', avgAmount: '53.33333333' },
  lastMonth: { count: 10, totalAmount: '1200.5', avgAmount: '120.05' },
  levelStats: [
    { level: 1, count: 2, totalAmount: '60' },
    { level: 2, count: 1, totalAmount: '100' },
  ],
  payoutYears: [2024, 2025, 2026],
};

const eligibleReply = (
  users: SalaryCandidate[] = USERS,
  total = users.length,
  page = 1,
  extra: { due?: boolean; payoutYears?: number[] } = {},
) =>
  ok({
    users,
    pagination: { page, limit: 20, total, totalPages: Math.ceil(total / 20) },
    summary: { eligible: 3, paid: 1, unpaidAmount: '130' },
    payoutDate: '2026-11-11',
    asOf: '2026-11-10T16:00:00.000Z',
    due: extra.due ?? true,
    payoutYears: extra.payoutYears ?? [2024, 2025, 2026],
  });

beforeEach(() => {
  // 2026-11-15 16:30 UTC is 2026-11-16 00:30 in Beijing: the latest payout date is 2026-11-11.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T16:30:00.000Z'));
  window.localStorage.setItem('token', 'admin-token');
  ({ calls, handlers } = mockApi({
    [`GET ${BASE}/eligible-users`]: () => eligibleReply(),
    [`GET ${BASE}/levels`]: () =>
      ok({ levels: LEVELS, updated_at: '2026-11-01T02:00:00.000Z', updated_by: 'root@example.com' }),
    [`GET ${BASE}/statistics`]: () => ok(STATISTICS),
  }));
});

const renderPage = (path = '/admin/team/salary') => renderWithAntAt(<SalaryPage />, path);

const callsTo = (method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname === `${BASE}${path}`);
const lastQuery = (path: string) => Object.fromEntries(callsTo('GET', path).at(-1)?.url.searchParams ?? []);
const row = (id: number) => screen.getByTestId(`salary-row-${id}`);
const text = (id: string) => screen.getByTestId(id).textContent ?? '';
const checkbox = (id: number) => within(row(id)).getByRole('checkbox') as HTMLInputElement;

/** Picks `label` in the antd Select with test id `testId`. */
async function choose(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  const options = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter(
      (o) => o.textContent === label && o.closest('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
    );
    if (found.length === 0) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(options.at(-1) as HTMLElement);
}

/** The labels of the options of the antd Select with test id `testId` (opens it, then closes it). */
async function yearOptionsShown(testId: string): Promise<string[]> {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  const labels = await waitFor(() => {
    const dropdown = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].find(
      (d) => !d.classList.contains('ant-select-dropdown-hidden') && d.textContent?.includes('年'),
    );
    if (!dropdown) throw new Error('no open dropdown');
    return [...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')].map(
      (o) => o.textContent ?? '',
    );
  });
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  return labels;
}

describe('salary helpers', () => {
  it('opens on the latest payout date on or before the Beijing day', () => {
    expect(defaultPayoutDate(new Date('2026-11-15T16:30:00Z'))).toEqual({ year: 2026, month: 11, day: 11 });
    expect(defaultPayoutDate(new Date('2026-11-20T16:00:00Z'))).toEqual({ year: 2026, month: 11, day: 21 });
    expect(defaultPayoutDate(new Date('2026-11-20T15:59:59Z'))).toEqual({ year: 2026, month: 11, day: 11 });
    expect(defaultPayoutDate(new Date('2026-02-28T17:00:00Z'))).toEqual({ year: 2026, month: 3, day: 1 });
    const now = new Date('2026-11-15T16:30:00Z');
    expect(isFuturePayoutDate({ year: 2026, month: 11, day: 11 }, now)).toBe(false);
    expect(isFuturePayoutDate({ year: 2026, month: 11, day: 21 }, now)).toBe(true);
  });

  it('offers the years from 2024 to the current Beijing year, and reads only those from the address', () => {
    expect(offeredPayoutYears(new Date('2026-11-15T16:30:00Z'))).toEqual([2024, 2025, 2026]);
    // 2027-01-01 00:00 in Beijing.
    expect(offeredPayoutYears(new Date('2026-12-31T16:00:00Z'))).toEqual([2024, 2025, 2026, 2027]);
    const in2027 = new Date('2027-03-05T02:00:00Z');
    const params = (year: number) => new URLSearchParams({ year: String(year), month: '3', day: '1' });
    expect(payoutDateFromParams(params(2027), in2027)).toEqual({ year: 2027, month: 3, day: 1 });
    expect(payoutDateFromParams(params(2028), in2027)).toBeNull();
    expect(payoutDateFromParams(params(2023), in2027)).toBeNull();
  });

  it('reads the edited rows, naming the first blank field', () => {
    expect(levelsFromDraft([{ key: 1, direct: 1, team: 2, amount: ' 5 ' }])).toEqual([
      { level: 1, direct: 1, team: 2, amount: '5' },
    ]);
    expect(levelsFromDraft([{ key: 1, direct: null, team: 2, amount: '5' }])).toBe('请填写等级 1 的直推人数');
    expect(levelsFromDraft([{ key: 1, direct: 1, team: null, amount: '5' }])).toBe('请填写等级 1 的团队人数');
    expect(levelsFromDraft([{ key: 1, direct: 1, team: 1, amount: '' }])).toBe('请填写等级 1 的工资金额');
    expect(previousMonth('2026-11')).toBe('2026-10');
    expect(previousMonth('2026-01')).toBe('2025-12');
  });
});

describe('SalaryPage payout tab', () => {
  it('shows 待复核发放 when a payout waits; its 复核通过 reloads the list', async () => {
    handlers['GET /api/admin/payout-approvals'] = () =>
      ok({
        approvals: [
          {
            id: 5,
            kind: 'salary',
            status: 'pending',
            payout_date: '2026-11-01',
            items: [{ user_id: 9, amount: '6000', reward_id: null, level: 2 }],
            total: '6000.00000000',
            currency: 'USDT',
            first_approval: {
              admin_id: 42,
              admin_email: 'other@example.com',
              at: '2026-11-02T01:00:00.000Z',
            },
          },
        ],
      });
    handlers[`POST ${BASE}/pay/9`] = () =>
      ok(
        { userId: 9, payoutDate: '2026-11-01', level: 2, amount: '6000', awaitingSecondApproval: null },
        '工资发放成功',
      );
    renderPage();
    const card = await screen.findByTestId('payout-approvals-salary');
    expect(card.textContent).toContain('2026-11-01');
    expect(card.textContent).toContain('6,000.00 USDT');
    await screen.findByTestId('salary-row-7');
    const before = callsTo('GET', '/eligible-users').length;
    fireEvent.click(screen.getByTestId('payout-approval-approve-5'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '确认复核通过' }));
    expect(await screen.findByText('工资发放成功')).toBeTruthy();
    expect(callsTo('POST', '/pay/9')[0]?.body).toEqual({ year: 2026, month: 11, day: 1 });
    await waitFor(() => expect(callsTo('GET', '/eligible-users').length).toBeGreaterThan(before));
  });

  it('lists the users eligible on the latest payout date with their figures; paid ones cannot be selected', async () => {
    renderPage();
    await screen.findByTestId('salary-row-7');
    expect(lastQuery('/eligible-users')).toEqual({
      year: '2026',
      month: '11',
      day: '11',
      page: '1',
      limit: '20',
    });
    expect(screen.getByTestId('salary-year').textContent).toContain('2026 年');
    expect(screen.getByTestId('salary-month').textContent).toContain('11 月');
    expect(screen.getByTestId('salary-day').textContent).toContain('11 号');
    expect(screen.getByText('发放名单（2026-11-11）')).toBeTruthy();
    expect(text('salary-summary')).toBe('达标 3 人 · 已发放 1 人 · 未发放金额 130.00 USDT');

    const alice = row(7);
    expect(alice.textContent).toContain('alice@example.com');
    expect(alice.textContent).toContain('ALICE1');
    expect(alice.textContent).toContain('L1');
    expect(text('salary-amount-7')).toBe('30.00 USDT');
    expect(alice.textContent).toContain('已充值 3');
    expect(alice.textContent).toContain('已充值 10');
    expect(alice.textContent).toContain('83.33%');
    expect(row(9).textContent).toContain('75.00%');
    expect(screen.getByTestId('salary-pay-7')).toBeTruthy();

    expect(screen.queryByTestId('salary-pay-8')).toBeNull();
    expect(text('salary-paid-8')).toContain('已发放');
    // 01:02:03 UTC is 09:02:03 in Beijing.
    expect(text('salary-paid-8')).toContain('09:02:03');
    expect(checkbox(8).disabled).toBe(true);
    expect(checkbox(7).disabled).toBe(false);
    expect(screen.queryByTestId('salary-batch-pay')).toBeNull();
    expect(screen.queryByTestId('salary-future')).toBeNull();

    const levels = screen.getByTestId('salary-levels');
    expect(levels.textContent).toContain('已充值');
    expect(text('salary-level-1')).toContain('≥ 3');
    expect(text('salary-level-1')).toContain('≥ 10');
    expect(text('salary-level-2')).toContain('100.00');
    expect(text('salary-levels-updated')).toBe('最后更新：root@example.com · 2026-11-01 10:00:00');
  });

  it('queries another date with 查询 and keeps it in the address', async () => {
    const router = renderPage();
    await screen.findByTestId('salary-row-7');
    await choose('salary-month', '10 月');
    await choose('salary-day', '21 号');
    expect(text('salary-draft-hint')).toBe('已选择 2026-10-21，点击查询后生效');
    // Nothing is asked before 查询.
    expect(callsTo('GET', '/eligible-users')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('salary-query'));
    await waitFor(() =>
      expect(lastQuery('/eligible-users')).toEqual({
        year: '2026',
        month: '10',
        day: '21',
        page: '1',
        limit: '20',
      }),
    );
    expect(router.state.location.search).toBe('?year=2026&month=10&day=21');
    expect(await screen.findByText('发放名单（2026-10-21）')).toBeTruthy();
    expect(screen.queryByTestId('salary-draft-hint')).toBeNull();
  });

  it('starts from the date and page in the address; a bad date falls back to the latest payout date', async () => {
    handlers[`GET ${BASE}/eligible-users`] = (call) =>
      eligibleReply(USERS, 45, Number(call.url.searchParams.get('page')));
    const router = renderPage('/admin/team/salary?year=2025&month=3&day=1&page=2');
    await screen.findByTestId('salary-row-7');
    expect(lastQuery('/eligible-users')).toEqual({
      year: '2025',
      month: '3',
      day: '1',
      page: '2',
      limit: '20',
    });
    fireEvent.click(within(screen.getByTestId('salary-pagination')).getByText('3'));
    await waitFor(() => expect(lastQuery('/eligible-users').page).toBe('3'));
    expect(router.state.location.search).toBe('?year=2025&month=3&day=1&page=3');

    calls.length = 0;
    renderPage('/admin/team/salary?year=2026&month=11&day=5');
    await waitFor(() => expect(callsTo('GET', '/eligible-users')).toHaveLength(1));
    expect(lastQuery('/eligible-users')).toMatchObject({ year: '2026', month: '11', day: '11' });
  });

  it('pays one user after a confirmation naming the date and the amount, then reloads', async () => {
    handlers[`POST ${BASE}/pay/7`] = () =>
      ok(
        { userId: 7, payoutDate: '2026-11-11', level: 1, amount: '30', awaitingSecondApproval: null },
        '工资发放成功',
      );
    renderPage();
    await screen.findByTestId('salary-row-7');
    const before = callsTo('GET', '/eligible-users').length;

    fireEvent.click(screen.getByTestId('salary-pay-7'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('确定为 alice@example.com 发放 2026-11-11 的工资吗？');
    expect(dialog.textContent).toContain('等级 L1，金额 30.00 USDT，将计入用户工资余额。');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发放' }));
    expect(await screen.findByText('工资发放成功：2026-11-11 L1，30.00 USDT')).toBeTruthy();
    expect(callsTo('POST', '/pay/7')[0]?.body).toEqual({ year: 2026, month: 11, day: 11 });
    expect(keyOf(callsTo('POST', '/pay/7')[0])).toMatch(UUID);
    await waitFor(() => expect(callsTo('GET', '/eligible-users').length).toBeGreaterThan(before));
  });

  it('shows 工资发放失败 with the server message', async () => {
    handlers[`POST ${BASE}/pay/7`] = () =>
      jsonResponse({ success: false, message: '该用户本期工资已发放' }, 409);
    renderPage();
    await screen.findByTestId('salary-row-7');
    fireEvent.click(screen.getByTestId('salary-pay-7'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '确认发放' }));
    expect(await screen.findByText('工资发放失败: 该用户本期工资已发放')).toBeTruthy();
  });

  it('batch-pays the selected users and lists the skipped ones', async () => {
    handlers[`POST ${BASE}/batch-pay`] = () =>
      ok({
        payoutDate: '2026-11-11',
        paidCount: 1,
        totalAmount: '100',
        skipped: [{ userId: 7, reason: 'already_paid' }],
        awaitingSecondApproval: null,
      });
    renderPage();
    await screen.findByTestId('salary-row-7');
    fireEvent.click(checkbox(9));
    fireEvent.click(checkbox(7));
    await waitFor(() => expect(text('salary-selection')).toContain('已选 2 人，合计 130.00 USDT'));
    expect(text('salary-batch-pay')).toBe('批量发放（2 人）');
    fireEvent.click(screen.getByTestId('salary-batch-pay'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('确定为选中的 2 位用户发放 2026-11-11 的工资吗？');
    expect(dialog.textContent).toContain('合计 130.00 USDT');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发放' }));
    expect(await screen.findByText('批量发放成功，共 1 人，合计 100.00 USDT')).toBeTruthy();
    expect(await screen.findByText('已跳过 1 人：alice@example.com（本期已发放）')).toBeTruthy();
    expect(callsTo('POST', '/batch-pay')[0]?.body).toEqual({
      year: 2026,
      month: 11,
      day: 11,
      userIds: [9, 7],
    });
    expect(keyOf(callsTo('POST', '/batch-pay')[0])).toMatch(UUID);
    await waitFor(() => expect(screen.queryByTestId('salary-selection')).toBeNull());
  });

  it('select-all takes the unpaid users only; 批量发放失败 shows the server message', async () => {
    handlers[`POST ${BASE}/batch-pay`] = () =>
      jsonResponse({ success: false, message: '未到发放日期，不能提前发放' }, 400);
    renderPage();
    await screen.findByTestId('salary-row-7');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页未发放用户' }));
    await waitFor(() => expect(text('salary-batch-pay')).toBe('批量发放（2 人）'));
    fireEvent.click(screen.getByTestId('salary-batch-pay'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '确认发放' }));
    expect(await screen.findByText('批量发放失败: 未到发放日期，不能提前发放')).toBeTruthy();
    expect(callsTo('POST', '/batch-pay')[0]?.body).toMatchObject({ userIds: [9, 7] });
  });

  it('downloads the CSV of the date with the bearer token as salary-YYYY-MM-DD.csv', async () => {
    const csv = '\uFEFF用户邮箱,邀请码\nalice@example.com,ALICE1\n';
    handlers[`GET ${BASE}/export`] = () =>
      new Response(csv, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'X-Export-Rows': '1',
          'X-Export-Truncated': 'false',
        },
      });
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:salary';
        },
        revokeObjectURL: () => {},
      }),
    );
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    renderPage();
    await screen.findByTestId('salary-row-7');
    fireEvent.click(screen.getByTestId('salary-export'));
    expect(await screen.findByText('报表已导出：salary-2026-11-11.csv（1 人）')).toBeTruthy();
    const call = callsTo('GET', '/export')[0];
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      year: '2026',
      month: '11',
      day: '11',
    });
    expect(call?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(clicks).toEqual([{ href: 'blob:salary', download: 'salary-2026-11-11.csv' }]);
    expect(await created[0]?.text()).toContain('alice@example.com');
  });

  it('disables the pay buttons of a future date and says why', async () => {
    renderPage('/admin/team/salary?year=2026&month=11&day=21');
    await screen.findByTestId('salary-row-7');
    expect(text('salary-future')).toBe(
      '2026-11-21 尚未到发放日（北京时间今天是 2026-11-16）：未到发放日期，不能提前发放，发放按钮已停用',
    );
    expect(text('salary-as-of')).toBe(
      '按北京时间 2026-11-21 00:00 时的团队计算等级：此前注册、且此前首次充值审核通过的成员才计入',
    );
    const payButton = screen.getByTestId('salary-pay-7') as HTMLButtonElement;
    expect(payButton.disabled).toBe(true);
    fireEvent.click(payButton);
    fireEvent.click(checkbox(7));
    const batchButton = (await screen.findByTestId('salary-batch-pay')) as HTMLButtonElement;
    expect(batchButton.disabled).toBe(true);
    fireEvent.click(batchButton);
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('disables them too when the server says the date is not due (its clock decides)', async () => {
    handlers[`GET ${BASE}/eligible-users`] = () => eligibleReply(USERS, 3, 1, { due: false });
    renderPage();
    await screen.findByTestId('salary-row-7');
    await waitFor(() =>
      expect((screen.getByTestId('salary-pay-7') as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.getByTestId('salary-future')).toBeTruthy();
  });

  it('offers the years 2024 to this year; in 2027 it offers 2027 and opens on it', async () => {
    renderPage();
    await screen.findByTestId('salary-row-7');
    expect(await yearOptionsShown('salary-year')).toEqual(['2024 年', '2025 年', '2026 年']);
  });

  it('in 2027 (a fixed clock) offers and queries 2027, and never 2028', async () => {
    // 2027-03-05 10:00 in Beijing: the latest payout date is 2027-03-01.
    vi.setSystemTime(new Date('2027-03-05T02:00:00.000Z'));
    handlers[`GET ${BASE}/eligible-users`] = () =>
      eligibleReply(USERS, 3, 1, { payoutYears: [2024, 2025, 2026, 2027] });
    renderPage('/admin/team/salary?year=2028&month=1&day=1');
    await screen.findByTestId('salary-row-7');
    expect(lastQuery('/eligible-users')).toMatchObject({ year: '2027', month: '3', day: '1' });
    expect(screen.getByTestId('salary-year').textContent).toContain('2027 年');
    expect(await yearOptionsShown('salary-year')).toEqual(['2024 年', '2025 年', '2026 年', '2027 年']);
    expect((screen.getByTestId('salary-pay-7') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a list that cannot load in place of the table, keeps the selectors, and retries', async () => {
    handlers[`GET ${BASE}/eligible-users`] = () => jsonResponse({ success: false, message: '参数错误' }, 400);
    handlers[`GET ${BASE}/export`] = () =>
      jsonResponse({ success: false, message: '年份须在 2024 至 2026 年之间' }, 400);
    renderPage();
    const view = await screen.findByTestId('load-error');
    expect(view.textContent).toContain('获取工资发放名单失败');
    expect(view.textContent).toContain('参数错误');
    expect(screen.getByTestId('salary-query')).toBeTruthy();
    fireEvent.click(screen.getByTestId('salary-export'));
    expect(await screen.findByText('导出报表失败: 年份须在 2024 至 2026 年之间')).toBeTruthy();

    handlers[`GET ${BASE}/eligible-users`] = () => eligibleReply();
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('salary-row-7')).toBeTruthy();
  });

  it('shows an empty state', async () => {
    handlers[`GET ${BASE}/eligible-users`] = () => eligibleReply([]);
    renderPage();
    expect(await screen.findByText('该发放日暂无达标用户')).toBeTruthy();
  });
});

describe('SalaryPage salary levels', () => {
  it('edits the levels with client-side checks, then proposes them (the table in force stays)', async () => {
    const saved: SalaryLevel[] = [...LEVELS, { level: 3, direct: 10, team: 100, amount: '300.5' }];
    handlers[`PUT ${BASE}/levels`] = () =>
      changeReplyFixture({
        kind: 'team_salary_levels',
        before: { levels: LEVELS },
        after: { levels: saved },
      });
    renderPage();
    await screen.findByTestId('salary-level-2');
    fireEvent.click(screen.getByTestId('salary-levels-edit'));
    await screen.findByTestId('salary-level-amount-1');
    const save = () => screen.getByTestId('salary-levels-save') as HTMLButtonElement;
    expect(screen.queryByTestId('salary-levels-problem')).toBeNull();

    fireEvent.change(screen.getByTestId('salary-level-amount-2'), { target: { value: '20' } });
    expect(text('salary-levels-problem')).toBe('等级 2 的工资金额不能低于等级 1');
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('salary-level-amount-2'), { target: { value: 'abc' } });
    expect(text('salary-levels-problem')).toContain('等级 2 的工资金额须为大于 0 的数字');
    fireEvent.change(screen.getByTestId('salary-level-amount-2'), { target: { value: '100' } });
    await waitFor(() => expect(screen.queryByTestId('salary-levels-problem')).toBeNull());

    fireEvent.click(screen.getByTestId('salary-levels-add'));
    expect(text('salary-levels-problem')).toBe('请填写等级 3 的直推人数');
    fireEvent.change(screen.getByTestId('salary-level-direct-3'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('salary-level-team-3'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('salary-level-amount-3'), { target: { value: '300.5' } });
    await waitFor(() => expect(text('salary-levels-problem')).toBe('等级 3 的要求须高于等级 2'));
    fireEvent.change(screen.getByTestId('salary-level-direct-3'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('salary-level-team-3'), { target: { value: '100' } });
    await waitFor(() => expect(screen.queryByTestId('salary-levels-problem')).toBeNull());

    // A removed level renumbers the rest.
    fireEvent.click(screen.getByTestId('salary-levels-add'));
    fireEvent.click(screen.getByTestId('salary-level-remove-4'));
    await waitFor(() => expect(screen.queryByTestId('salary-level-amount-4')).toBeNull());

    fireEvent.click(save());
    expect(await screen.findByText(CHANGE_TEXTS.proposed)).toBeTruthy();
    expect(callsTo('PUT', '/levels')[0]?.body).toEqual({ levels: saved });
    // Nothing changed yet: the card still shows the table in force, and the editor closed.
    await waitFor(() => expect(screen.queryByTestId('salary-levels-editor')).toBeNull());
    expect(screen.queryByTestId('salary-level-3')).toBeNull();
  });

  it('keeps the editor open with the server message when saving fails; says when the defaults are in use', async () => {
    handlers[`GET ${BASE}/levels`] = () => ok({ levels: LEVELS, updated_at: null, updated_by: null });
    handlers[`PUT ${BASE}/levels`] = () => jsonResponse({ success: false, message: '无权修改' }, 403);
    renderPage();
    await screen.findByTestId('salary-level-2');
    expect(text('salary-levels-updated')).toBe('使用默认工资等级，尚未修改');
    fireEvent.click(screen.getByTestId('salary-levels-edit'));
    fireEvent.click(await screen.findByTestId('salary-levels-save'));
    expect(await screen.findByText('保存工资等级失败: 无权修改')).toBeTruthy();
    expect(screen.getByTestId('salary-level-amount-1')).toBeTruthy();
    expect((screen.getByTestId('salary-level-remove-1') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('SalaryPage statistics tab', () => {
  it('shows this month against the last one and per level; the tab is kept in the address', async () => {
    const router = renderPage();
    await screen.findByTestId('salary-row-7');
    fireEvent.click(screen.getByTestId('salary-tab-stats'));
    await screen.findByTestId('salary-stats-level-2');
    expect(router.state.location.search).toBe('?tab=stats');
    expect(lastQuery('/statistics')).toEqual({ year: '2026', month: '11' });
    expect(text('salary-stats-current')).toContain('本月（2026-11）');
    expect(text('salary-stats-current')).toContain('3');
    expect(text('salary-stats-current')).toContain('160.00');
    expect(text('salary-stats-current')).toContain('53.33');
    expect(text('salary-stats-last')).toContain('上月（2026-10）');
    expect(text('salary-stats-last')).toContain('1,200.50');
    expect(text('salary-stats-last')).toContain('120.05');
    expect(text('salary-stats-level-1')).toContain('L1');
    expect(text('salary-stats-level-1')).toContain('60.00');

    await choose('salary-stats-month', '9 月');
    await waitFor(() => expect(lastQuery('/statistics')).toEqual({ year: '2026', month: '9' }));
  });

  it('opens on the statistics tab from the address and shows a load error with retry', async () => {
    handlers[`GET ${BASE}/statistics`] = () => jsonResponse({ success: false, message: '统计失败' }, 500);
    renderPage('/admin/team/salary?tab=stats');
    const view = await screen.findByTestId('load-error');
    expect(view.textContent).toContain('获取工资统计失败');
    handlers[`GET ${BASE}/statistics`] = () => ok({ ...STATISTICS, levelStats: [] });
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByText('本月暂无工资发放记录')).toBeTruthy();
  });

  it('in English: the payout tab, levels, the pay dialog, the editor and the statistics, with no Chinese', async () => {
    applyLanguage('en');
    renderPage();
    await screen.findByTestId('salary-row-7');
    expect(text('salary-tab-payout')).toBe('Payouts');
    expect(screen.getByText('Team salary')).toBeTruthy();
    expect(text('salary-query')).toBe('Search');
    expect(screen.getByRole('columnheader', { name: 'Amount due' })).toBeTruthy();
    expect(text('salary-as-of')).toContain('00:00 of 2026-11-11, Beijing time');
    await waitFor(() => expect(text('salary-levels-updated')).toContain('Last updated: root@example.com'));
    expect(chineseIn(screen.getByTestId('salary-page'))).toEqual([]);

    fireEvent.click(screen.getByTestId('salary-pay-7'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('the salary of 2026-11-11?');
    expect(chineseIn(dialog)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByTestId('salary-levels-edit'));
    const editor = await screen.findByTestId('salary-levels-editor');
    const modal = editor.closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText('Edit salary levels')).toBeTruthy();
    expect(chineseIn(modal)).toEqual([]);
    fireEvent.click(screen.getByTestId('salary-levels-cancel'));
    expect(levelsFromDraft([{ key: 1, direct: null, team: 2, amount: '5' }])).toBe(
      'Enter the direct referrals of level 1',
    );

    fireEvent.click(screen.getByTestId('salary-tab-stats'));
    await screen.findByTestId('salary-stats-level-2');
    expect(text('salary-stats-current')).toContain('This month (2026-11)');
    expect(chineseIn(screen.getByTestId('salary-statistics'))).toEqual([]);
  });
});
