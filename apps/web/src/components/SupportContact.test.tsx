import type { SupportContactView } from '@platform/contracts';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../test/api.ts';
import { sleep } from '../test/fixtures.ts';
import { renderWithAnt } from '../test/render.tsx';
import { SupportMenuRow } from '../user/account/SupportMenuRow.tsx';
import { SupportContactValue, WithSupportContact } from './SupportContact.tsx';

const link: SupportContactView = {
  label: '在线客服',
  value: 'https://support.example.com/chat',
  kind: 'link',
  href: 'https://support.example.com/chat',
};

const serve = (contact: SupportContactView | null) =>
  mockApi({ 'GET /api/support/contact': () => ok({ contact }) });

describe('support contact in the user app (issue 33)', () => {
  it('shows the contact under every message that asks the user to contact support', async () => {
    serve(link);
    renderWithAnt(<WithSupportContact text="账户已被禁用，请联系客服" />);
    const hint = await screen.findByTestId('support-contact-hint');
    expect(hint.textContent).toBe('联系客服（在线客服）：https://support.example.com/chat');
    const anchor = screen.getByTestId('support-contact-link');
    expect(anchor.getAttribute('href')).toBe('https://support.example.com/chat');
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('adds nothing to a message that does not mention support, and nothing while none is configured', async () => {
    const { calls } = serve(link);
    renderWithAnt(<WithSupportContact text="密码错误" />);
    await sleep(50);
    expect(screen.queryByTestId('support-contact-hint')).toBeNull();
    expect(calls).toHaveLength(0);

    serve(null);
    renderWithAnt(<WithSupportContact text="请联系客服" />);
    await sleep(100);
    expect(screen.queryByTestId('support-contact-hint')).toBeNull();
    expect(screen.getByText('请联系客服')).toBeTruthy();
  });

  it('shows a handle as text to copy, an e-mail as mailto:, and never makes another scheme a link', () => {
    renderWithAnt(
      <>
        <SupportContactValue
          contact={{ label: 'Telegram', value: '@platform_help', kind: 'handle', href: null }}
        />
        <SupportContactValue
          contact={{
            label: '邮箱',
            value: 'mailto:help@example.com',
            kind: 'email',
            href: 'mailto:help@example.com',
          }}
        />
        <SupportContactValue
          contact={{ label: 'x', value: 'javascript:alert(1)', kind: 'link', href: 'javascript:alert(1)' }}
        />
      </>,
    );
    const values = screen.getAllByTestId('support-contact-value').map((v) => v.textContent);
    expect(values).toEqual(['@platform_help', 'javascript:alert(1)']);
    const links = screen.getAllByTestId('support-contact-link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['help@example.com', 'mailto:help@example.com'],
    ]);
  });

  it('has a 联系客服 row in 我的: the contact, or 暂未配置', async () => {
    serve(link);
    renderWithAnt(
      <MemoryRouter>
        <SupportMenuRow />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('support-contact-link')).getAttribute('href')).toBe(link.href);
    expect(screen.getByTestId('me-support').textContent).toContain('联系客服在线客服');

    serve(null);
    renderWithAnt(<SupportMenuRow />);
    expect(await screen.findByText('暂未配置')).toBeTruthy();
  });
});
