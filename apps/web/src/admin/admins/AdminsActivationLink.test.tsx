import { ADMIN_CHANGE_TEXTS, type AdminView } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminChangeFixture } from '../../test/adminChange.ts';
import { type Call, type Handler, mockApi, ok } from '../../test/api.ts';
import { jsonResponse, makeAdmin, sleep } from '../../test/fixtures.ts';
import { renderWithAntAt, signIn } from '../../test/render.tsx';
import AdminsPage from './AdminsPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const ME = 1;
let calls: Call[];
let handlers: Record<string, Handler>;

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
    twofa_enabled: true,
    activation_pending: false,
    ...overrides,
  };
}

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'GET /api/admin/admins': () =>
      ok({
        admins: [
          admin(),
          admin({ id: ME, email: 'root@example.com', admin_level: 'super_admin', twofa_enabled: false }),
        ],
        pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
      }),
    // A proposal (202): the link works once another super admin approves.
    'POST /api/admin/admins/5/activation': () =>
      jsonResponse(
        {
          success: true,
          message: ADMIN_CHANGE_TEXTS.proposed,
          data: {
            change: adminChangeFixture({
              kind: 'admin.activation',
              target_id: '5',
              required_level: 'super_admin',
            }),
            activation: { token: 'new-tok', path: '/admin/activate?token=new-tok' },
          },
        },
        202,
      ),
  }));
  signIn(makeAdmin({ id: ME, admin_level: 'super_admin' }));
});

const resets = () => calls.filter((c) => c.url.pathname.endsWith('/activation'));

describe('AdminsPage: 发送激活链接 (replaces the 2FA reset and any password setting; a proposal)', () => {
  it("shows each admin's 2FA state; the own row's reset is disabled", async () => {
    renderWithAntAt(<AdminsPage />, '/admin/admins');
    await screen.findByTestId('admin-row-5');
    expect(screen.getByTestId('admin-twofa-5').textContent).toBe('已开启');
    expect(screen.getByTestId(`admin-twofa-${ME}`).textContent).toBe('未开启');
    expect(screen.getByTestId(`admin-twofa-reset-${ME}`).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('admin-twofa-reset-5').hasAttribute('disabled')).toBe(false);
  });

  it('sends nothing without a reason', async () => {
    renderWithAntAt(<AdminsPage />, '/admin/admins');
    fireEvent.click(await screen.findByTestId('admin-twofa-reset-5'));
    fireEvent.click(await screen.findByTestId('reason-ok'));
    await sleep(300);
    expect(resets()).toHaveLength(0);
  });

  it('asks for a reason and posts it', async () => {
    renderWithAntAt(<AdminsPage />, '/admin/admins');
    fireEvent.click(await screen.findByTestId('admin-twofa-reset-5'));
    const dialog = (await screen.findByTestId('reason-input')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('为 ops@example.com 发送新的激活链接')).toBeTruthy();
    fireEvent.change(screen.getByTestId('reason-input'), { target: { value: ' 手机丢失 ' } });
    fireEvent.click(screen.getByTestId('reason-ok'));
    await waitFor(() => expect(resets()).toHaveLength(1));
    expect(resets()[0]?.body).toEqual({ reason: '手机丢失' });
    expect(await screen.findByText(ADMIN_CHANGE_TEXTS.proposed)).toBeTruthy();
    expect(screen.getByTestId('activation-link-pending').textContent).toContain('须另一位超级管理员');
    expect((await screen.findByTestId('activation-link-url')).textContent).toContain(
      '/admin/activate?token=new-tok',
    );
  });

  it("shows the server's refusal", async () => {
    handlers['POST /api/admin/admins/5/activation'] = () =>
      jsonResponse({ success: false, message: '不能重置自己的两步验证', data: null }, 403);
    renderWithAntAt(<AdminsPage />, '/admin/admins');
    fireEvent.click(await screen.findByTestId('admin-twofa-reset-5'));
    fireEvent.change(await screen.findByTestId('reason-input'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('reason-ok'));
    expect(await screen.findByText('发送激活链接失败: 不能重置自己的两步验证')).toBeTruthy();
  });
});
