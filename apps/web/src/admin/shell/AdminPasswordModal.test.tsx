import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/api.ts';
import { makeAdmin } from '../../test/fixtures.ts';
import { renderInApp, signIn } from '../../test/render.tsx';
import { AdminPasswordModal } from './AdminPasswordModal.tsx';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('修改密码 in the back office header (issue 33)', () => {
  it('checks the policy, sends the change and closes with the server message', async () => {
    signIn(makeAdmin());
    const api = mockApi({ 'PATCH /api/auth/password': () => ok(null, '密码修改成功，其他设备已退出登录') });
    const onClose = vi.fn();
    renderInApp(<AdminPasswordModal open onClose={onClose} />, '/admin');
    type('old-password', 'Admin-pass-2026');
    type('new-password', 'short1');
    type('confirm-password', 'short1');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('密码至少8位')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    type('new-password', 'Admin-new-2027');
    type('confirm-password', 'Admin-new-2027');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0]?.body).toEqual({ oldPassword: 'Admin-pass-2026', newPassword: 'Admin-new-2027' });
  });
});
