import {
  ADMIN_CHANGE_TEXTS,
  type AdminActivationLink,
  type AdminChange,
  type AdminView,
  adminChangeProposedMessage,
  CHANGE_TEXTS,
} from '@platform/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { adminChangeFixture } from '../../test/adminChange.ts';
import { type Call, type Handler, mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeAdmin } from '../../test/fixtures.ts';
import { confirmDialog, renderWithAntAt, signIn } from '../../test/render.tsx';
import AdminsPage from './AdminsPage.tsx';

let calls: Call[];
let handlers: Record<string, Handler>;

const ME = 1;

function admin(overrides: Partial<AdminView> = {}): AdminView {
  return {
    id: 5,
    email: 'ops@example.com',
    phone: null,
    admin_level: 'admin',
    is_active: true,
    created_at: '2024-05-01T02:00:00.000Z',
    updated_at: '2024-05-01T02:00:00.000Z',
    last_login: null,
    twofa_enabled: false,
    activation_pending: false,
    ...overrides,
  };
}

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'GET /api/admin/admins': () =>
      ok({
        admins: [admin(), admin({ id: ME, email: 'root@example.com', admin_level: 'super_admin' })],
        pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
      }),
  }));
  signIn(makeAdmin({ id: ME, admin_level: 'super_admin' }));
});

function renderPage(path = '/admin/admins') {
  return renderWithAntAt(<AdminsPage />, path);
}

const row = (id: number) => screen.getByTestId(`admin-row-${id}`);

/** A 202 of an admin account proposal (docs/admin-accounts.md), with the link when it made one. */
function proposal({ activation, ...overrides }: Partial<AdminChange> & { activation?: AdminActivationLink }) {
  const change = adminChangeFixture({ required_level: 'super_admin', target_type: 'user', ...overrides });
  return jsonResponse(
    {
      success: true,
      message: adminChangeProposedMessage(change),
      data: { change, ...(activation ? { activation } : {}) },
    },
    202,
  );
}
const lastCall = (method: string) => calls.filter((c) => c.method === method).at(-1);

vi.setConfig({ testTimeout: 20_000 });
// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('AdminsPage', () => {
  it('lists admins with their real level; own row cannot be disabled or deleted', async () => {
    renderPage();
    await screen.findByTestId('admin-row-5');
    expect(within(row(5)).getByText('管理员')).toBeTruthy();
    expect(within(row(ME)).getByText('超级管理员')).toBeTruthy();
    expect(screen.getByTestId(`admin-toggle-${ME}`).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId(`admin-delete-${ME}`).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('admin-toggle-5').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('admin-delete-5').hasAttribute('disabled')).toBe(false);
    expect(lastCall('GET')?.url.searchParams.get('limit')).toBe('20');
  });

  it('keeps search, status and page in the address; a value it does not accept reads as the default', async () => {
    const router = renderPage('/admin/admins?search=ops&status=inactive&page=2');
    await screen.findByTestId('admin-row-5');
    expect(Object.fromEntries(lastCall('GET')!.url.searchParams)).toMatchObject({
      search: 'ops',
      status: 'inactive',
      page: '2',
    });
    expect((screen.getByTestId('admins-search') as HTMLInputElement).value).toBe('ops');
    fireEvent.change(screen.getByTestId('admins-search'), { target: { value: 'root' } });
    fireEvent.click(screen.getByTestId('admins-search-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?search=root&status=inactive'));
    await waitFor(() => expect(lastCall('GET')?.url.searchParams.get('page')).toBe('1'));

    await act(() => router.navigate('/admin/admins?status=everyone&page=x'));
    await waitFor(() => expect(lastCall('GET')?.url.searchParams.has('status')).toBe(false));
    expect(lastCall('GET')?.url.searchParams.get('page')).toBe('1');
    expect((screen.getByTestId('admins-search') as HTMLInputElement).value).toBe('');
  });

  it('says which changes wait for another super admin', async () => {
    renderPage();
    const note = await screen.findByTestId('admins-dual-control');
    expect(note.textContent).toContain('须另一位超级管理员');
    expect(note.textContent).toContain('禁用管理员立即生效');
  });

  it('validates the add form, proposes an admin with no password: 已提交，等待另一位超级管理员批准, and the link once', async () => {
    const activation = { token: 'tok-123', path: '/admin/activate?token=tok-123' };
    handlers['POST /api/admin/admins'] = (call) =>
      proposal({
        kind: 'admin.create',
        after: { email: (call.body as { email: string }).email, phone: null, admin_level: '管理员' },
        activation,
      });
    renderPage();
    await screen.findByTestId('admin-row-5');
    fireEvent.click(screen.getByTestId('admins-add'));
    expect(screen.queryByTestId('admin-form-password')).toBeNull();
    fireEvent.click(await screen.findByTestId('admin-form-submit'));
    await screen.findByText('请输入邮箱');
    fireEvent.change(screen.getByTestId('admin-form-email'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByTestId('admin-form-submit'));
    await screen.findByText('邮箱格式不正确');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('admin-form-email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByTestId('admin-form-phone'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByTestId('admin-form-submit'));
    await screen.findByText(ADMIN_CHANGE_TEXTS.proposed);
    expect(lastCall('POST')?.body).toEqual({
      email: 'new@example.com',
      phone: '13800000000',
      admin_level: 'admin',
    });
    const url = await screen.findByTestId('activation-link-url');
    expect(url.textContent).toContain(`${window.location.origin}/admin/activate?token=tok-123`);
    expect(screen.getByText('链接只显示这一次')).toBeTruthy();
    expect(screen.getByTestId('activation-link-pending').textContent).toContain('须另一位超级管理员');
    fireEvent.click(screen.getByTestId('activation-link-close'));
  });

  it('a lone super admin’s proposal says when it takes effect (24 h later)', async () => {
    handlers['POST /api/admin/admins'] = () =>
      proposal({
        kind: 'admin.create',
        status: 'delayed',
        effective_at: '2024-05-02T02:00:00.000Z',
        activation: { token: 't', path: '/admin/activate?token=t' },
      });
    renderPage();
    await screen.findByTestId('admin-row-5');
    fireEvent.click(screen.getByTestId('admins-add'));
    fireEvent.change(await screen.findByTestId('admin-form-email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByTestId('admin-form-submit'));
    await screen.findByText(CHANGE_TEXTS.delayed);
    expect((await screen.findByTestId('activation-link-pending')).textContent).toContain('2024-05-02');
  });

  it('shows 创建管理员失败 with the reason and keeps the form', async () => {
    handlers['POST /api/admin/admins'] = () =>
      jsonResponse({ success: false, message: '该邮箱已被注册' }, 409);
    renderPage();
    await screen.findByTestId('admin-row-5');
    fireEvent.click(screen.getByTestId('admins-add'));
    fireEvent.change(await screen.findByTestId('admin-form-email'), { target: { value: 'ops@example.com' } });
    fireEvent.click(screen.getByTestId('admin-form-submit'));
    await screen.findByText('创建管理员失败: 该邮箱已被注册');
    expect(screen.getByTestId('admin-form-email')).toBeTruthy();
  });

  it('a level change is proposed alone, after the e-mail and phone are saved', async () => {
    handlers['PATCH /api/admin/admins/5'] = (call) =>
      'admin_level' in (call.body as object)
        ? proposal({ kind: 'admin.level', target_id: '5' })
        : ok({ admin: admin({ phone: '13900000000' }) }, '管理员信息更新成功');
    renderPage();
    await screen.findByTestId('admin-row-5');
    fireEvent.click(screen.getByTestId('admin-edit-5'));
    await waitFor(() =>
      expect((screen.getByTestId('admin-form-email') as HTMLInputElement).value).toBe('ops@example.com'),
    );
    expect(screen.getByText('修改级别须另一位超级管理员批准后生效（邮箱和手机号立即保存）')).toBeTruthy();
    fireEvent.change(screen.getByTestId('admin-form-phone'), { target: { value: '13900000000' } });
    fireEvent.mouseDown(within(screen.getByTestId('admin-form-level')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('超级管理员'));
    fireEvent.click(screen.getByTestId('admin-form-submit'));
    await screen.findByText(ADMIN_CHANGE_TEXTS.proposed);
    expect(await screen.findByText('管理员信息更新成功')).toBeTruthy();
    const patches = calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
    expect(patches).toEqual([
      { email: 'ops@example.com', phone: '13900000000' },
      { admin_level: 'super_admin' },
    ]);
  });

  it('edits without a password field; own level is not sent', async () => {
    handlers['PATCH /api/admin/admins/5'] = () => ok({ admin: admin() }, '管理员信息更新成功');
    handlers[`PATCH /api/admin/admins/${ME}`] = () => ok({ admin: admin({ id: ME }) }, '管理员信息更新成功');
    renderPage();
    await screen.findByTestId('admin-row-5');
    fireEvent.click(screen.getByTestId('admin-edit-5'));
    await waitFor(() =>
      expect((screen.getByTestId('admin-form-email') as HTMLInputElement).value).toBe('ops@example.com'),
    );
    fireEvent.change(screen.getByTestId('admin-form-phone'), { target: { value: '13900000000' } });
    fireEvent.click(screen.getByTestId('admin-form-submit'));
    await screen.findByText('管理员信息更新成功');
    expect(lastCall('PATCH')?.url.pathname).toBe('/api/admin/admins/5');
    expect(lastCall('PATCH')?.body).toEqual({ email: 'ops@example.com', phone: '13900000000' });

    fireEvent.click(screen.getByTestId(`admin-edit-${ME}`));
    await waitFor(() =>
      expect((screen.getByTestId('admin-form-email') as HTMLInputElement).value).toBe('root@example.com'),
    );
    expect(screen.getByText('不能修改自己的管理员级别')).toBeTruthy();
    expect(screen.queryByTestId('admin-form-password')).toBeNull();
    fireEvent.click(screen.getByTestId('admin-form-submit'));
    await waitFor(() => expect(lastCall('PATCH')?.url.pathname).toBe(`/api/admin/admins/${ME}`));
    expect(lastCall('PATCH')?.body).toEqual({ email: 'root@example.com', phone: '' });
  });

  it('disables an admin: 管理员已禁用; failure says 更新状态失败', async () => {
    handlers['PATCH /api/admin/admins/5/status'] = () =>
      ok({ admin: admin({ is_active: false }) }, '管理员已禁用');
    renderPage();
    await screen.findByTestId('admin-row-5');
    fireEvent.click(screen.getByTestId('admin-toggle-5'));
    await screen.findByText('管理员已禁用');
    expect(lastCall('PATCH')?.body).toEqual({ is_active: false });

    handlers['PATCH /api/admin/admins/5/status'] = () => jsonResponse({ success: false, message: '' }, 500);
    fireEvent.click(screen.getByTestId('admin-toggle-5'));
    await screen.findByText('更新状态失败: 请求失败（500）');
  });

  it('enabling a disabled admin is a proposal', async () => {
    handlers['GET /api/admin/admins'] = () =>
      ok({
        admins: [admin({ is_active: false })],
        pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
      });
    handlers['PATCH /api/admin/admins/5/status'] = () => proposal({ kind: 'admin.enable', target_id: '5' });
    renderPage();
    await screen.findByTestId('admin-row-5');
    fireEvent.click(screen.getByTestId('admin-toggle-5'));
    await screen.findByText(ADMIN_CHANGE_TEXTS.proposed);
    expect(lastCall('PATCH')?.body).toEqual({ is_active: true });
  });

  it('proposes a deletion after the spec confirmation', async () => {
    handlers['DELETE /api/admin/admins/5'] = () => proposal({ kind: 'admin.delete', target_id: '5' });
    renderPage();
    await screen.findByTestId('admin-row-5');
    fireEvent.click(screen.getByTestId('admin-delete-5'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('确定要删除管理员 ops@example.com 吗？此操作不可恢复。');
    expect(dialog.textContent).toContain('须另一位超级管理员批准');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    });
    await screen.findByText(ADMIN_CHANGE_TEXTS.proposed);
    expect(lastCall('DELETE')?.url.pathname).toBe('/api/admin/admins/5');
  });

  it('says 删除管理员失败 when the delete fails', async () => {
    handlers['DELETE /api/admin/admins/5'] = () =>
      jsonResponse({ success: false, message: '至少需要保留一个启用的超级管理员' }, 422);
    renderPage();
    await screen.findByTestId('admin-row-5');
    fireEvent.click(screen.getByTestId('admin-delete-5'));
    const dialog = await confirmDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    });
    await screen.findByText('删除管理员失败: 至少需要保留一个启用的超级管理员');
  });

  it('replaces the page with 获取管理员列表失败 and retries', async () => {
    let fail = true;
    const list = handlers['GET /api/admin/admins']!;
    handlers['GET /api/admin/admins'] = (call) =>
      fail ? jsonResponse({ success: false, message: '服务器错误' }, 500) : list(call);
    renderPage();
    await screen.findByText('获取管理员列表失败');
    fail = false;
    fireEvent.click(screen.getByTestId('load-error-retry'));
    await screen.findByTestId('admin-row-5');
  });
});

describe('AdminsPage in English', () => {
  it('shows the dual-control note, the rows and the add form in English', async () => {
    applyLanguage('en');
    renderPage();
    await screen.findByTestId(`admin-row-${ME}`);
    expect(screen.getByTestId('admins-dual-control').textContent).toContain('Pending changes');
    expect(within(row(ME)).getByText('Me')).toBeTruthy();
    expect(within(row(ME)).getByTestId(`admin-level-${ME}`).textContent).toBe('Super admin');
    for (const id of [5, ME]) expect(chineseIn(row(id))).toEqual([]);

    fireEvent.click(screen.getByTestId('admins-add'));
    const submit = await screen.findByTestId('admin-form-submit');
    const dialog = submit.closest('.ant-modal') as Element;
    expect(within(dialog as HTMLElement).getByText('Add admin')).toBeTruthy();
    expect(chineseIn(dialog)).toEqual([]);
  });
});
