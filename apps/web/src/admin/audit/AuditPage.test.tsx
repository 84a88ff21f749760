import type { AuditChainState, AuditLog, AuditLogsData } from '@platform/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queryClient.ts';
import { ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeAdmin } from '../../test/fixtures.ts';
import { renderInApp, signIn } from '../../test/render.tsx';
import AuditPage from './AuditPage.tsx';
import { changedKeys, jsonDiff } from './jsonDiff.ts';

const approve: AuditLog = {
  id: 11,
  admin: { id: 1, email: 'root@example.com' },
  action: 'deposit.approve',
  target_type: 'deposit',
  target_id: '42',
  before: { status: 'pending', amount: '100.00', admin_note: null },
  after: { status: 'approved', amount: '100.00', admin_note: '已到账' },
  ip: '203.0.113.9',
  user_agent: 'Mozilla/5.0',
  created_at: '2024-03-01T16:30:00.000Z',
};

const create: AuditLog = {
  id: 12,
  admin: { id: 2, email: 'ops@example.com' },
  action: 'channel.create',
  target_type: 'deposit_channel',
  target_id: '5',
  before: null,
  after: { name: 'USDT-TRC20' },
  ip: null,
  user_agent: null,
  created_at: '2024-03-02T02:00:00.000Z',
};

function reply(overrides: Partial<AuditLogsData> = {}): AuditLogsData {
  return {
    logs: [create, approve],
    pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
    actions: ['channel.create', 'deposit.approve', 'deposit.reject'],
    ...overrides,
  };
}

type FetchArgs = [string, RequestInit?];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;
let respond: () => Response;
let chainState: AuditChainState;

const intact: AuditChainState = {
  ok: true,
  rows: 2,
  head: { seq: 2, hash: 'a'.repeat(64) },
  verified_at: '2024-03-02T02:00:00.000Z',
};

beforeEach(() => {
  respond = () => ok(reply());
  chainState = intact;
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async (url) =>
    url.startsWith('/api/admin/audit/chain') ? ok(chainState) : respond(),
  );
  vi.stubGlobal('fetch', fetchMock);
  queryClient.clear();
});

function renderPage() {
  signIn(makeAdmin({ admin_level: 'super_admin' }), 'root-token');
  renderInApp(<AuditPage />, '/admin/audit');
}

function lastQuery(): URLSearchParams {
  const last = fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/admin/audit-logs')).at(-1);
  if (!last) throw new Error('no audit call');
  return new URL(last[0], 'http://localhost').searchParams;
}

// antd's first render in jsdom takes seconds on a busy 2-core machine.
describe('AuditPage (审计日志)', { timeout: 20_000 }, () => {
  it('lists time in Beijing, admin, action by its label, target and IP', async () => {
    renderPage();
    const row = await screen.findByTestId('audit-row-11');
    expect(within(row).getByText('2024-03-02 00:30:00')).toBeTruthy();
    expect(within(row).getByText('root@example.com')).toBeTruthy();
    // The label, not the code (kept as the tag's title).
    expect(within(row).getByText('充值审核通过').getAttribute('title')).toBe('deposit.approve');
    expect(within(row).queryByText('deposit.approve')).toBeNull();
    expect(within(await screen.findByTestId('audit-row-12')).getByText('新增充值通道')).toBeTruthy();
    expect(within(row).getByText('#42')).toBeTruthy();
    expect(within(row).getByText('203.0.113.9')).toBeTruthy();
    expect(lastQuery().get('page')).toBe('1');
  });

  it('shows the hash chain as 完整 when every row verifies', async () => {
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('audit-chain').textContent).toContain('审计日志哈希链完整'),
    );
    expect(screen.getByTestId('audit-chain').textContent).toContain('共 2 条记录');
  });

  it('shows 已被篡改 naming the first broken row, and re-checks on demand', async () => {
    chainState = {
      ...intact,
      ok: false,
      rows: 6,
      first_broken: { id: 12, seq: 7, reason: '内容已被修改（重算哈希与记录的哈希不符）' },
    };
    renderPage();
    await waitFor(() => expect(screen.getByTestId('audit-chain').textContent).toContain('审计日志已被篡改'));
    const text = screen.getByTestId('audit-chain').textContent ?? '';
    expect(text).toContain('ID 12（序号 7）');
    expect(text).toContain('内容已被修改');
    const calls = () =>
      fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/admin/audit/chain')).length;
    const before = calls();
    fireEvent.click(screen.getByTestId('audit-chain-recheck'));
    await waitFor(() => expect(calls()).toBe(before + 1));
  });

  it('sends the action chosen in the select, and a module prefix', async () => {
    renderPage();
    await screen.findByTestId('audit-row-11');
    const select = screen.getByTestId('audit-filter-action');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    // Typing finds an action by its label or its code.
    fireEvent.change(within(select).getByRole('combobox'), { target: { value: 'deposit.rej' } });
    await waitFor(() => expect(screen.queryByTitle('充值审核通过')).toBeNull());
    fireEvent.change(within(select).getByRole('combobox'), { target: { value: '拒绝' } });
    await waitFor(() => expect(screen.queryByTitle('新增充值通道')).toBeNull());
    fireEvent.click(await screen.findByTitle('拒绝充值'));
    await waitFor(() => expect(lastQuery().get('action')).toBe('deposit.reject'));

    // The module prefix is found by typing too (the list is long: on a loaded machine the whole list
    // did not render within findBy's second).
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.change(within(select).getByRole('combobox'), { target: { value: 'deposit.*' } });
    fireEvent.click(await screen.findByTitle('deposit.*（全部）', {}, { timeout: 5000 }));
    await waitFor(() => expect(lastQuery().get('action')).toBe('deposit.'));
  });

  it('sends the admin e-mail and target filters on 查询', async () => {
    renderPage();
    await screen.findByTestId('audit-row-11');
    fireEvent.change(screen.getByTestId('audit-filter-admin'), { target: { value: 'ops@' } });
    fireEvent.change(screen.getByTestId('audit-filter-target-type'), { target: { value: 'deposit' } });
    fireEvent.change(screen.getByTestId('audit-filter-target-id'), { target: { value: '42' } });
    fireEvent.click(screen.getByTestId('audit-search'));
    await waitFor(() => expect(lastQuery().get('search')).toBe('ops@'));
    expect(lastQuery().get('targetType')).toBe('deposit');
    expect(lastQuery().get('targetId')).toBe('42');
    expect(lastQuery().get('page')).toBe('1');
  });

  it('opens the detail with before and after side by side, changed keys highlighted', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('audit-row-11'));
    const detail = await screen.findByTestId('audit-detail');
    expect(within(detail).getByText('Mozilla/5.0')).toBeTruthy();
    // The label with its code beside it.
    expect(within(detail).getByText('充值审核通过')).toBeTruthy();
    expect(within(detail).getByText('deposit.approve')).toBeTruthy();
    const before = within(detail).getByTestId('audit-before');
    const after = within(detail).getByTestId('audit-after');
    expect(before.textContent).toContain('"status": "pending"');
    expect(after.textContent).toContain('"status": "approved"');
    const changed = (side: HTMLElement) =>
      [...side.querySelectorAll('[data-changed="true"]')].map((el) => el.textContent?.trim());
    expect(changed(before)).toEqual(['"status": "pending",', '"admin_note": null']);
    expect(changed(after)).toEqual(['"status": "approved",', '"admin_note": "已到账"']);
  });

  it('shows 暂无审计记录 when nothing matches', async () => {
    respond = () =>
      jsonResponse({
        success: true,
        message: 'ok',
        data: reply({ logs: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } }),
      });
    renderPage();
    expect(await screen.findByText('暂无审计记录')).toBeTruthy();
  });

  it('replaces the page with 获取审计日志失败 and retries', async () => {
    respond = () => jsonResponse({ success: false, message: '只有超级管理员可以访问管理员管理功能' }, 403);
    renderPage();
    expect(await screen.findByText('获取审计日志失败')).toBeTruthy();
    respond = () => ok(reply());
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('audit-row-12')).toBeTruthy();
  });
});

describe('AuditPage in English', { timeout: 20_000 }, () => {
  it('names the actions, columns, chain state and detail in English', async () => {
    applyLanguage('en');
    renderPage();
    const row = await screen.findByTestId('audit-row-11');
    expect(within(row).getByText('Approve a deposit').getAttribute('title')).toBe('deposit.approve');
    await waitFor(() =>
      expect(screen.getByTestId('audit-chain').textContent).toContain("The audit log's hash chain is intact"),
    );
    expect(chineseIn(row)).toEqual([]);
    expect(chineseIn(screen.getByTestId('audit-chain'))).toEqual([]);
    expect(screen.getByRole('columnheader', { name: 'Action' })).toBeTruthy();
    // The pager's range and the total read as one phrase (not "Showing 1–10 10 records").
    expect(screen.getByTestId('list-page-text').textContent).toMatch(/^Showing 1–\d+ of \d+ records?$/);
  });
});

describe('jsonDiff', () => {
  it('marks added, removed and changed keys on each side; a creation is all new', () => {
    const diff = jsonDiff({ a: 1, b: { x: [1, 2] }, gone: true }, { a: 1, b: { x: [1, 3] }, added: 'y' });
    expect(diff.before.filter((b) => b.changed).map((b) => b.key)).toEqual(['b', 'gone']);
    expect(diff.after.filter((b) => b.changed).map((b) => b.key)).toEqual(['b', 'added']);
    expect(changedKeys({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([]);
    const created = jsonDiff(null, { name: 'n' });
    expect(created.before).toEqual([{ id: 'value', key: null, text: 'null', changed: true }]);
    expect(created.after.find((b) => b.key === 'name')?.changed).toBe(true);
  });
});
