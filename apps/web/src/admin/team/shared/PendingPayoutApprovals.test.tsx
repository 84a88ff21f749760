import type { PayoutApproval } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { type Call, type Handler, keyOf, mockApi, ok, UUID } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { jsonResponse, makeAdmin, sleep } from '../../../test/fixtures.ts';
import { confirmDialog, renderWithAnt, signIn } from '../../../test/render.tsx';
import { PendingPayoutApprovals } from './PendingPayoutApprovals.tsx';
import { payoutReplay } from './payoutApprovalsApi.ts';

/**
 * 待复核发放: the pending salary / reward payouts, what each pays, and the second admin's 复核通过
 * (the first admin's exact pay call again) and 驳回.
 */

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const ME = 1;
const OTHER = { admin_id: 9, admin_email: 'other@example.com', at: '2026-11-11T04:05:00.000Z' };
const MINE = { admin_id: ME, admin_email: 'root@example.com', at: '2026-11-11T05:00:00.000Z' };
const LIST = '/api/admin/payout-approvals';
const SALARY = '/api/admin/team-salary-management';

const approval = (overrides: Partial<PayoutApproval>): PayoutApproval => ({
  id: 1,
  kind: 'salary',
  status: 'pending',
  payout_date: '2026-11-11',
  items: [
    { user_id: 7, amount: '3000', reward_id: null, level: 3 },
    { user_id: 12, amount: '2500.125', reward_id: null, level: 2 },
  ],
  total: '5500.12500000',
  currency: 'USDT',
  first_approval: OTHER,
  ...overrides,
});

const BATCH = approval({});
const SINGLE = approval({
  id: 2,
  items: [{ user_id: 7, amount: '6000', reward_id: null, level: 4 }],
  total: '6000.00000000',
});
const REWARDS = approval({
  id: 3,
  kind: 'reward',
  payout_date: null,
  items: [
    { user_id: 7, amount: '5000', reward_id: 41, level: null },
    { user_id: 8, amount: '1000', reward_id: 40, level: null },
  ],
  total: '6000.00000000',
});

let calls: Call[];
let handlers: Record<string, Handler>;
const callsTo = (method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname === path);
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

function listing(...approvals: PayoutApproval[]) {
  handlers[`GET ${LIST}`] = () => ok({ approvals }, '获取待复核发放成功');
}

beforeEach(() => {
  signIn(makeAdmin({ id: ME }));
  ({ calls, handlers } = mockApi());
});

describe('待复核发放', () => {
  it('lists a salary proposal: date, count, exact total, first approver and its items', async () => {
    listing(BATCH);
    renderWithAnt(<PendingPayoutApprovals kind="salary" />);
    const row = await screen.findByTestId('payout-approval-1');
    expect(callsTo('GET', LIST)[0]?.url.searchParams.get('kind')).toBe('salary');
    expect(row.textContent).toContain('2026-11-11');
    expect(row.textContent).toContain('2 人');
    expect(row.textContent).toContain('5,500.125 USDT');
    expect(row.textContent).toContain('other@example.com');
    expect(row.textContent).toContain('2026-11-11 12:05');
    fireEvent.click(within(row).getByRole('button', { name: /展开行|Expand row/ }));
    const items = await screen.findByTestId('payout-approval-items-1');
    expect(items.textContent).toContain('L3');
    expect(items.textContent).toContain('3,000.00 USDT');
    expect(items.textContent).toContain('12');
    expect(items.textContent).toContain('2,500.125 USDT');
  });

  it('says why a payee’s payouts need a second admin: their 24 h total (issue 32)', async () => {
    listing(approval({ ...SINGLE, first_approval: { ...OTHER, window_total: '6000.000000000000000000' } }));
    renderWithAnt(<PendingPayoutApprovals kind="salary" />);
    expect((await screen.findByTestId('payout-approval-reason-2')).textContent).toBe(
      '该用户 24 小时内累计 6,000.00 USDT，达到双人复核阈值',
    );
  });

  it('renders nothing without proposals, nor when the list cannot be read', async () => {
    listing();
    const { container, unmount } = renderWithAnt(<PendingPayoutApprovals kind="salary" />);
    await waitFor(() => expect(callsTo('GET', LIST)).toHaveLength(1));
    await sleep(50);
    expect(container.querySelector('[data-testid="payout-approvals-salary"]')).toBeNull();
    unmount();
    handlers[`GET ${LIST}`] = () => jsonResponse({ success: false, message: '无权限' }, 403);
    const again = renderWithAnt(<PendingPayoutApprovals kind="reward" />);
    await waitFor(() => expect(callsTo('GET', LIST)).toHaveLength(2));
    await sleep(50);
    expect(again.container.querySelector('[data-testid="payout-approvals-reward"]')).toBeNull();
  });

  it('复核通过 of a batch replays the batch pay of exactly its date and users, then refreshes', async () => {
    listing(BATCH);
    handlers[`POST ${SALARY}/batch-pay`] = () =>
      ok(
        {
          payoutDate: '2026-11-11',
          paidCount: 2,
          totalAmount: '5500.125',
          skipped: [],
          awaitingSecondApproval: null,
        },
        '批量发放成功，共 2 人',
      );
    renderWithAnt(<PendingPayoutApprovals kind="salary" />);
    fireEvent.click(await screen.findByTestId('payout-approval-approve-1'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('合计 5,500.125 USDT');
    listing();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认复核通过' }));
    expect(await screen.findByText('批量发放成功，共 2 人')).toBeTruthy();
    expect(callsTo('POST', `${SALARY}/batch-pay`).map((c) => c.body)).toEqual([
      { year: 2026, month: 11, day: 11, userIds: [7, 12] },
    ]);
    expect(keyOf(callsTo('POST', `${SALARY}/batch-pay`)[0])).toMatch(UUID);
    expect(callsTo('POST', `${SALARY}/pay/7`)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByTestId('payout-approvals-salary')).toBeNull());
    expect(callsTo('GET', LIST)).toHaveLength(2);
  });

  it('复核通过 of one user replays the single pay route', async () => {
    listing(SINGLE);
    handlers[`POST ${SALARY}/pay/7`] = () =>
      ok(
        { userId: 7, payoutDate: '2026-11-11', level: 4, amount: '6000', awaitingSecondApproval: null },
        '工资发放成功',
      );
    renderWithAnt(<PendingPayoutApprovals kind="salary" />);
    fireEvent.click(await screen.findByTestId('payout-approval-approve-2'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '确认复核通过' }));
    expect(await screen.findByText('工资发放成功')).toBeTruthy();
    expect(callsTo('POST', `${SALARY}/pay/7`).map((c) => c.body)).toEqual([
      { year: 2026, month: 11, day: 11 },
    ]);
    expect(callsTo('POST', `${SALARY}/batch-pay`)).toHaveLength(0);
  });

  it('复核通过 of rewards distributes exactly its reward ids; a server refusal shows its message', async () => {
    listing(REWARDS);
    handlers['POST /api/admin/team/rewards/distribute'] = () =>
      jsonResponse({ success: false, message: '需要另一位管理员复核' }, 409);
    renderWithAnt(<PendingPayoutApprovals kind="reward" />);
    const row = await screen.findByTestId('payout-approval-3');
    expect(row.textContent).toContain('2 条');
    expect(row.textContent).toContain('6,000.00 USDT');
    fireEvent.click(button('payout-approval-approve-3'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '确认复核通过' }));
    expect(await screen.findByText('复核通过失败: 需要另一位管理员复核')).toBeTruthy();
    expect(callsTo('POST', '/api/admin/team/rewards/distribute').map((c) => c.body)).toEqual([
      { rewardIds: [41, 40] },
    ]);
  });

  it('驳回 confirms and calls the reject route, showing the server message', async () => {
    listing(BATCH);
    handlers[`POST ${LIST}/1/reject`] = () =>
      ok({ approval: { ...BATCH, status: 'rejected' } }, '已驳回待复核的发放');
    renderWithAnt(<PendingPayoutApprovals kind="salary" />);
    fireEvent.click(await screen.findByTestId('payout-approval-reject-1'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('5,500.125 USDT');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    expect(await screen.findByText('已驳回待复核的发放')).toBeTruthy();
    expect(callsTo('POST', `${LIST}/1/reject`)).toHaveLength(1);
    expect(keyOf(callsTo('POST', `${LIST}/1/reject`)[0])).toMatch(UUID);
    expect(callsTo('POST', `${SALARY}/batch-pay`)).toHaveLength(0);
  });

  it("the first approver's own 复核通过 is disabled with the tip; 驳回 stays open", async () => {
    listing({ ...BATCH, first_approval: MINE });
    renderWithAnt(<PendingPayoutApprovals kind="salary" />);
    await screen.findByTestId('payout-approval-1');
    expect(button('payout-approval-approve-1').disabled).toBe(true);
    expect(button('payout-approval-reject-1').disabled).toBe(false);
    fireEvent.mouseEnter(button('payout-approval-approve-1').closest('span[style]') as HTMLElement);
    expect(await screen.findByText('需要另一位管理员复核')).toBeTruthy();
  });
});

describe('待复核发放 in English', () => {
  it('shows the card, its columns, items and the reject dialog with no Chinese', async () => {
    applyLanguage('en');
    listing(BATCH);
    renderWithAnt(<PendingPayoutApprovals kind="salary" />);
    const row = await screen.findByTestId('payout-approval-1');
    const card = screen.getByTestId('payout-approvals-salary');
    expect(card.textContent).toContain('Payouts awaiting review');
    expect(row.textContent).toContain('2 users');
    expect(screen.getByRole('columnheader', { name: 'Payout date' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /Expand row/ }));
    const items = await screen.findByTestId('payout-approval-items-1');
    expect(within(items).getByText('User ID')).toBeTruthy();
    expect(chineseIn(card)).toEqual([]);
    fireEvent.click(button('payout-approval-reject-1'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('Reject the salary payout');
    expect(dialog.textContent).toContain('Reject 2026-11-11 salaries of 2 users (total 5,500.125 USDT)?');
    expect(chineseIn(dialog)).toEqual([]);
  });
});

describe('payoutReplay', () => {
  it('picks the route and body that reproduce the proposal', () => {
    expect(payoutReplay(SINGLE)).toEqual({
      route: 'salary-pay',
      userId: 7,
      date: { year: 2026, month: 11, day: 11 },
    });
    expect(payoutReplay(BATCH)).toEqual({
      route: 'salary-batch-pay',
      userIds: [7, 12],
      date: { year: 2026, month: 11, day: 11 },
    });
    expect(payoutReplay(REWARDS)).toEqual({ route: 'reward-distribute', rewardIds: [41, 40] });
    expect(() => payoutReplay({ ...BATCH, payout_date: null })).toThrow('该发放缺少发放日期');
  });
});
