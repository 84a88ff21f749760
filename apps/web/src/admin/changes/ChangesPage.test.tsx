import { CHANGE_TEXTS } from '@platform/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { adminChangeFixture } from '../../test/adminChange.ts';
import { type Call, type Handler, keyOf, mockApi, ok, pagination, UUID } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { confirmDialog, renderWithAntAt } from '../../test/render.tsx';
import ChangesPage from './ChangesPage.tsx';
import { changedFields } from './changeDiff.ts';

const LIST = '/api/admin/changes';

const RATE_CHANGE = adminChangeFixture({
  id: 7,
  kind: 'option_config',
  before: {
    globalSettings: { enabled: true, maintenanceMode: false },
    investmentLevels: [
      { level: 1, percentage: 80 },
      { level: 2, percentage: 85 },
    ],
  },
  after: {
    globalSettings: { enabled: true, maintenanceMode: false },
    investmentLevels: [
      { level: 1, percentage: 80 },
      { level: 2, percentage: 95 },
    ],
  },
  proposer: { id: 2, email: 'proposer@example.com' },
  can_approve: true,
  can_reject: true,
  can_cancel: false,
});

const OWN_CHANGE = adminChangeFixture({
  id: 8,
  kind: 'channel.update',
  target_type: 'channel',
  target_id: '3',
  before: { address: 'TOldAddress' },
  after: { address: 'TNewAddress' },
  proposer: { id: 1, email: 'me@example.com' },
  can_approve: false,
  can_reject: false,
  can_cancel: true,
});

const APPLIED = adminChangeFixture({
  id: 6,
  kind: 'approval_thresholds',
  status: 'applied',
  required_level: 'super_admin',
  before: { deposit: '10000' },
  after: { deposit: '20000' },
  approver: { id: 3, email: 'approver@example.com' },
  decided_at: '2026-01-02T00:00:00.000Z',
  can_approve: false,
  can_reject: false,
  can_cancel: false,
});

let calls: Call[];
let handlers: Record<string, Handler>;

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    [`GET ${LIST}`]: () => ok({ changes: [RATE_CHANGE, OWN_CHANGE, APPLIED], pagination: pagination(3) }),
  }));
});

const posts = () => calls.filter((c) => c.method === 'POST');

describe('changedFields', () => {
  it('lists only the leaves that differ, by path, and a create field by field', () => {
    expect(changedFields(RATE_CHANGE.before, RATE_CHANGE.after)).toEqual([
      { path: 'investmentLevels[1].percentage', before: '85', after: '95' },
    ]);
    expect(changedFields(null, { name: 'USDT', min: '10' })).toEqual([
      { path: 'name', before: null, after: 'USDT' },
      { path: 'min', before: null, after: '10' },
    ]);
    expect(changedFields({ list: [1] }, { list: [1, 2] })).toEqual([
      { path: 'list[1]', before: null, after: '2' },
    ]);
  });
});

describe('ChangesPage', () => {
  it('lists the changes with their label, target, diff, people and status', async () => {
    renderWithAntAt(<ChangesPage />, '/admin/changes');
    await screen.findByTestId('change-row-7');
    const rows = [7, 8, 6].map((id) => screen.getByTestId(`change-row-${id}`));
    expect(rows[0]?.textContent).toContain('期权配置');
    expect(rows[0]?.textContent).toContain('proposer@example.com');
    expect(screen.getByTestId('change-diff-7').textContent).toBe('investmentLevels[1].percentage 85 → 95');
    expect(rows[1]?.textContent).toContain('修改充值通道');
    expect(rows[1]?.textContent).toContain('channel #3');
    expect(screen.getByTestId('change-diff-8').textContent).toContain('TOldAddress → TNewAddress');
    expect(rows[2]?.textContent).toContain('复核阈值');
    expect(rows[2]?.textContent).toContain('approver@example.com');
    expect(screen.getByTestId('change-status-6').textContent).toBe('已生效');
    expect(screen.getByTestId('change-status-7').textContent).toBe('待批准');
  });

  it('shows only the actions the server allows', async () => {
    renderWithAntAt(<ChangesPage />, '/admin/changes');
    await screen.findByTestId('change-row-7');
    expect(screen.getByTestId('change-approve-7')).toBeTruthy();
    expect(screen.getByTestId('change-reject-7')).toBeTruthy();
    expect(screen.queryByTestId('change-cancel-7')).toBeNull();
    expect(screen.queryByTestId('change-approve-8')).toBeNull();
    expect(screen.queryByTestId('change-reject-8')).toBeNull();
    expect(screen.getByTestId('change-cancel-8')).toBeTruthy();
    for (const action of ['approve', 'reject', 'cancel'])
      expect(screen.queryByTestId(`change-${action}-6`)).toBeNull();
  });

  it('approves after a confirmation with an Idempotency-Key and refreshes', async () => {
    handlers[`POST ${LIST}/7/approve`] = () =>
      jsonResponse({
        success: true,
        message: CHANGE_TEXTS.approved,
        data: { change: { ...RATE_CHANGE, status: 'applied', can_approve: false, can_reject: false } },
      });
    renderWithAntAt(<ChangesPage />, '/admin/changes');
    fireEvent.click(await screen.findByTestId('change-approve-7'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('85 → 95');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认批准' }));
    expect(await screen.findByText(CHANGE_TEXTS.approved)).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(keyOf(posts()[0])).toMatch(UUID);
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('shows the server refusal (own proposal) and a stale change', async () => {
    handlers[`POST ${LIST}/7/approve`] = () =>
      jsonResponse({ success: false, message: CHANGE_TEXTS.stale }, 409);
    renderWithAntAt(<ChangesPage />, '/admin/changes');
    fireEvent.click(await screen.findByTestId('change-approve-7'));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: '确认批准' }));
    expect(await screen.findByText(`批准失败: ${CHANGE_TEXTS.stale}`)).toBeTruthy();
  });

  it('cancels its own proposal with the reason typed', async () => {
    handlers[`POST ${LIST}/8/cancel`] = () =>
      jsonResponse({
        success: true,
        message: CHANGE_TEXTS.cancelled,
        data: { change: { ...OWN_CHANGE, status: 'cancelled', can_cancel: false } },
      });
    renderWithAntAt(<ChangesPage />, '/admin/changes');
    fireEvent.click(await screen.findByTestId('change-cancel-8'));
    const dialog = await confirmDialog();
    fireEvent.change(within(dialog).getByTestId('change-reason'), { target: { value: '地址填错了' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认撤销' }));
    expect(await screen.findByText(CHANGE_TEXTS.cancelled)).toBeTruthy();
    expect(posts()[0]?.body).toEqual({ reason: '地址填错了' });
    expect(keyOf(posts()[0])).toMatch(UUID);
  });

  it('shows admin account changes readably: whom, and the level or state before → after', async () => {
    const level = adminChangeFixture({
      id: 9,
      kind: 'admin.level',
      target_type: 'user',
      target_id: '12',
      required_level: 'super_admin',
      before: { 'ops@example.com': '管理员' },
      after: { 'ops@example.com': '超级管理员' },
    });
    const created = adminChangeFixture({
      id: 10,
      kind: 'admin.create',
      target_type: 'user',
      required_level: 'super_admin',
      status: 'delayed',
      effective_at: '2026-01-02T00:00:00.000Z',
      before: null,
      after: { email: 'new@example.com', phone: null, admin_level: '超级管理员' },
    });
    handlers[`GET ${LIST}`] = () => ok({ changes: [level, created], pagination: pagination(2) });
    renderWithAntAt(<ChangesPage />, '/admin/changes');
    await screen.findByTestId('change-row-9');
    expect(screen.getByTestId('change-row-9').textContent).toContain('修改管理员级别');
    expect(screen.getByTestId('change-row-9').textContent).toContain('需超级管理员批准');
    expect(screen.getByTestId('change-diff-9').textContent).toBe('ops@example.com 管理员 → 超级管理员');
    expect(screen.getByTestId('change-row-10').textContent).toContain('新增管理员');
    const diff = screen.getByTestId('change-diff-10').textContent;
    expect(diff).toContain('new@example.com');
    expect(diff).toContain('超级管理员');
    expect(screen.getByTestId('change-status-10').textContent).toBe('延迟生效中');
  });

  it('sends the status filter', async () => {
    renderWithAntAt(<ChangesPage />, '/admin/changes?status=delayed');
    await screen.findByTestId('change-row-7');
    expect(calls[0]?.url.searchParams.get('status')).toBe('delayed');
  });
});

describe('ChangesPage in English', () => {
  it('names the kinds, statuses, columns and the confirmation in English', async () => {
    applyLanguage('en');
    renderWithAntAt(<ChangesPage />, '/admin/changes');
    await screen.findByTestId('change-row-7');
    const rows = [7, 8, 6].map((id) => screen.getByTestId(`change-row-${id}`));
    expect(rows[0]?.textContent).toContain('Option settings');
    expect(rows[1]?.textContent).toContain('Edit a deposit channel');
    expect(screen.getByTestId('change-status-6').textContent).toBe('Applied');
    for (const row of rows) expect(chineseIn(row)).toEqual([]);
    fireEvent.click(screen.getByTestId('change-reject-7'));
    const dialog = await screen.findByTestId('change-confirm');
    expect(dialog.textContent).toContain(
      'Proposed by proposer@example.com; rejecting means it never applies.',
    );
    expect(within(dialog).getByPlaceholderText('Reason (optional)')).toBeTruthy();
  });
});
