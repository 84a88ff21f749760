import { ADMIN_CHANGE_TEXTS, CHANGE_TEXTS, RECOVERY_MESSAGES } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminChangeFixture } from '../../test/adminChange.ts';
import { type Call, mockApi } from '../../test/api.ts';
import { jsonResponse, makeAdmin } from '../../test/fixtures.ts';
import { renderWithAnt, signIn } from '../../test/render.tsx';
import { ResetLinkButton } from './ResetLinkButton.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const PATH = 'POST /api/admin/users/7/password-reset-link';
// Props of the user detail (its `role` is the account's, not an ARIA role).
const FOR_USER = { userId: 7, role: 'user' } as const;
const ADMIN_ROLE = 'admin' as const;
const proposal = (status: 'pending' | 'delayed') =>
  jsonResponse(
    {
      success: true,
      message: `${ADMIN_CHANGE_TEXTS.proposed}。${RECOVERY_MESSAGES.resetLinkOnce}`,
      data: {
        change: adminChangeFixture({
          id: 52,
          kind: 'user.password_reset_link',
          target_type: 'user',
          target_id: '7',
          required_level: 'super_admin',
          status,
          effective_at: status === 'delayed' ? '2026-01-02T00:00:00.000Z' : null,
        }),
        reset_link: { link: '/reset-password?token=tok-9', valid_minutes: 15 },
      },
    },
    202,
  );

let calls: Call[];
let handlers: ReturnType<typeof mockApi>['handlers'];
beforeEach(() => {
  ({ calls, handlers } = mockApi({ [PATH]: () => proposal('pending') }));
  signIn(makeAdmin({ admin_level: 'super_admin' }));
});

async function propose() {
  fireEvent.click(await screen.findByTestId('issue-reset-link'));
  fireEvent.click(await screen.findByRole('button', { name: '提交' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.url.pathname.endsWith('/password-reset-link'))).toHaveLength(1),
  );
}

describe('ResetLinkButton: the support reset link is a proposal (issue 32)', () => {
  it('says it waits for another super admin and shows the link once', async () => {
    renderWithAnt(<ResetLinkButton {...FOR_USER} />);
    await propose();
    const pending = await screen.findByTestId('reset-link-pending');
    expect(pending.textContent).toContain(ADMIN_CHANGE_TEXTS.proposed);
    expect(pending.textContent).toContain('须另一位超级管理员');
    expect(pending.textContent).toContain('15 分钟内有效');
    expect(screen.getByTestId('reset-link').textContent).toContain(
      `${window.location.origin}/reset-password?token=tok-9`,
    );
  });

  it('a lone super admin is told when it takes effect', async () => {
    handlers[PATH] = () => proposal('delayed');
    renderWithAnt(<ResetLinkButton {...FOR_USER} />);
    await propose();
    const pending = await screen.findByTestId('reset-link-pending');
    expect(pending.textContent).toContain(CHANGE_TEXTS.delayed);
    expect(pending.textContent).toContain('没有其他超级管理员可批准');
  });

  it('is not there for a plain admin or an admin account', () => {
    signIn(makeAdmin({ admin_level: 'admin' }));
    const { unmount } = renderWithAnt(<ResetLinkButton {...FOR_USER} />);
    expect(screen.queryByTestId('issue-reset-link')).toBeNull();
    unmount();
    signIn(makeAdmin({ admin_level: 'super_admin' }));
    renderWithAnt(<ResetLinkButton userId={7} role={ADMIN_ROLE} />);
    expect(screen.queryByTestId('issue-reset-link')).toBeNull();
  });
});
