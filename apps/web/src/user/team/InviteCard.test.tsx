import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/api.ts';
import { renderWithAnt } from '../../test/render.tsx';
import { InviteCard } from './InviteCard.tsx';
import { absoluteInviteLink } from './teamApi.ts';

/**
 * Issue 16: without PUBLIC_URL the server answers the invite link as a path (it never takes a host
 * from the request); the app shows, copies and encodes it under its own origin.
 */

const FIRST = { timeout: 20_000 };

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('InviteCard', () => {
  it('puts a path under this app’s origin, for the text and the copy', async () => {
    mockApi({
      'GET /api/team/invite-link': () => ok({ inviteCode: 'ABC123', inviteLink: '/register?invite=ABC123' }),
    });
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderWithAnt(<InviteCard />);
    const expected = `${window.location.origin}/register?invite=ABC123`;
    expect(expected).toMatch(/^http:\/\/localhost(:\d+)?\/register\?invite=ABC123$/);
    expect((await screen.findByTestId('invite-link', {}, FIRST)).textContent).toBe(expected);
    fireEvent.click(screen.getByTestId('invite-copy-link'));
    expect(await screen.findByText('邀请链接已复制')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(expected);
  });

  it('keeps a link that is already absolute (PUBLIC_URL)', async () => {
    mockApi({
      'GET /api/team/invite-link': () =>
        ok({ inviteCode: 'ABC123', inviteLink: 'https://www.exchange.example/register?invite=ABC123' }),
    });
    renderWithAnt(<InviteCard />);
    expect((await screen.findByTestId('invite-link', {}, FIRST)).textContent).toBe(
      'https://www.exchange.example/register?invite=ABC123',
    );
  });

  it('absoluteInviteLink: only a path gets the origin', () => {
    expect(absoluteInviteLink('/register?invite=X', 'https://app.example')).toBe(
      'https://app.example/register?invite=X',
    );
    expect(absoluteInviteLink('https://a.example/register?invite=X', 'https://app.example')).toBe(
      'https://a.example/register?invite=X',
    );
    // A protocol-relative "//evil.example" is not a path of this app.
    expect(absoluteInviteLink('//evil.example/register', 'https://app.example')).toBe(
      'https://app.example/evil.example/register',
    );
  });
});
