import { ADMIN_ACTIVATION_TEXTS } from '@platform/contracts';
import { configure, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, type Handler, mockApi, ok } from '../test/api.ts';
import { jsonResponse } from '../test/fixtures.ts';
import { renderWithAntAt } from '../test/render.tsx';
import ActivatePage from './ActivatePage.tsx';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const START = 'POST /api/auth/activation/start';
let calls: Call[];
let handlers: Record<string, Handler>;

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    [START]: () =>
      ok({
        email: 'new@example.com',
        expires_at: '2026-01-02T00:00:00.000Z',
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
      }),
  }));
});

const refuse = (message: string) => () => jsonResponse({ success: false, message }, 400);

describe('激活管理员账户: the link is checked before anything is typed', () => {
  it('a link whose account change still waits for a second super admin says so, and asks for nothing', async () => {
    handlers[START] = refuse(ADMIN_ACTIVATION_TEXTS.awaitingApproval);
    renderWithAntAt(<ActivatePage />, '/admin/activate?token=tok');
    const notice = await screen.findByTestId('activate-awaiting');
    expect(notice.textContent).toContain('等待另一位超级管理员批准');
    expect(notice.textContent).not.toContain(ADMIN_ACTIVATION_TEXTS.invalid);
    expect(screen.queryByTestId('activate-password')).toBeNull();
    expect(calls[0]?.body).toEqual({ token: 'tok' });
  });

  it('a turned-down or used link is an error with the server’s text', async () => {
    handlers[START] = refuse(ADMIN_ACTIVATION_TEXTS.notApproved);
    renderWithAntAt(<ActivatePage />, '/admin/activate?token=tok');
    expect((await screen.findByTestId('activate-link-error')).textContent).toContain(
      ADMIN_ACTIVATION_TEXTS.notApproved,
    );
    expect(screen.queryByTestId('activate-password')).toBeNull();
  });

  it('a usable link shows whose account it is, then the password step', async () => {
    renderWithAntAt(<ActivatePage />, '/admin/activate?token=tok');
    expect((await screen.findByTestId('activate-email')).textContent).toBe('账户：new@example.com');
    expect(screen.getByTestId('activate-password')).toBeTruthy();
  });

  it('without a token: invalid, nothing sent', async () => {
    renderWithAntAt(<ActivatePage />, '/admin/activate');
    expect((await screen.findByTestId('activate-no-token')).textContent).toContain(
      ADMIN_ACTIVATION_TEXTS.invalid,
    );
    expect(calls).toHaveLength(0);
  });
});
