import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/api.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderInApp, signIn } from '../../test/render.tsx';
import { EmailCard } from './SecurityPage.tsx';

describe('邮箱验证 in 安全中心 (issue 33)', () => {
  it('shows 未验证 with 重新发送, which asks the server once', async () => {
    signIn(makeUser({ email_verified: false }));
    const api = mockApi({ 'POST /api/auth/email/verification': () => ok(null, '验证邮件已发送，请查收') });
    renderInApp(<EmailCard email="alice@example.com" verified={false} />, '/me/security');
    expect(screen.getByTestId('email-state').textContent).toBe('未验证');
    fireEvent.click(screen.getByTestId('email-resend'));
    expect(await screen.findByText('验证邮件已发送，请查收')).toBeTruthy();
    expect(api.calls.map((c) => c.url.pathname)).toEqual(['/api/auth/email/verification']);
  });

  it('shows 已验证 without a button once verified', () => {
    renderInApp(<EmailCard email="alice@example.com" verified />, '/me/security');
    expect(screen.getByTestId('email-state').textContent).toBe('已验证');
    expect(screen.queryByTestId('email-resend')).toBeNull();
  });
});
