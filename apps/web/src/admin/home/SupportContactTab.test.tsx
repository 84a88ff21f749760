import { SUPPORT_TEXTS } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { adminChangeFixture, changeReplyFixture } from '../../test/adminChange.ts';
import { mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { renderWithAnt } from '../../test/render.tsx';
import { SupportContactTab } from './SupportContactTab.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const URL = '/api/admin/support/contact';
const pendingChange = adminChangeFixture({
  id: 52,
  kind: 'support.contact',
  target_type: 'setting',
  target_id: 'support.contact',
  before: { label: '在线客服', value: 'https://support.example.com' },
  after: { label: '在线客服', value: 'https://evil.example.com' },
});

const renderTab = () =>
  renderWithAnt(
    <MemoryRouter>
      <SupportContactTab />
    </MemoryRouter>,
  );

describe('SupportContactTab (issue 33)', () => {
  it('shows the contact in force and the open proposals, with where they are approved', async () => {
    mockApi({
      [`GET ${URL}`]: () =>
        ok({
          contact: {
            label: '在线客服',
            value: 'https://support.example.com',
            kind: 'link',
            href: 'https://support.example.com/',
          },
          pending: [pendingChange],
        }),
    });
    renderTab();
    expect((await screen.findByTestId('support-current')).textContent).toBe(
      '在线客服：https://support.example.com',
    );
    const row = screen.getByTestId('support-pending-52');
    expect(row.textContent).toContain('待批准');
    expect(row.textContent).toContain(
      '在线客服：https://support.example.com → 在线客服：https://evil.example.com',
    );
    expect(row.textContent).toContain('需另一位管理员批准');
    expect(row.querySelector('a')?.getAttribute('href')).toBe('/admin/changes');
  });

  it('submits a proposal (202: waiting for another admin) and refuses a javascript: link before sending', async () => {
    const { calls, handlers } = mockApi({
      [`GET ${URL}`]: () => ok({ contact: null, pending: [] }),
    });
    handlers[`PUT ${URL}`] = () => changeReplyFixture({ kind: 'support.contact' });
    renderTab();
    expect((await screen.findByTestId('support-current')).textContent).toBe('未配置');
    fireEvent.change(screen.getByPlaceholderText('如：在线客服'), { target: { value: '客服' } });
    fireEvent.change(screen.getByPlaceholderText('https://…、mailto:…或 @账号'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(screen.getByTestId('support-contact-submit'));
    expect(await screen.findByText(SUPPORT_TEXTS.badScheme)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByPlaceholderText('https://…、mailto:…或 @账号'), {
      target: { value: '@platform_help' },
    });
    fireEvent.click(screen.getByTestId('support-contact-submit'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ label: '客服', value: '@platform_help' });
    expect(await screen.findByText(/已提交/)).toBeTruthy();
  });

  it('in English: the note, the contact in force, the form and the proposal summary, with no Chinese', async () => {
    applyLanguage('en');
    const english = { label: 'Help desk', value: 'https://support.example.com' };
    mockApi({
      [`GET ${URL}`]: () =>
        ok({
          contact: { ...english, kind: 'link', href: 'https://support.example.com/' },
          pending: [{ ...pendingChange, before: english, after: { ...english, value: '@help' } }],
        }),
    });
    renderTab();
    expect((await screen.findByTestId('support-current')).textContent).toBe(
      'Help desk: https://support.example.com',
    );
    expect(screen.getByText('Changes need another admin’s approval')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit change' })).toBeTruthy();
    expect(screen.getByTestId('support-pending-52').textContent).toContain(
      'Support contact: Help desk: https://support.example.com → Help desk: @help',
    );
    const tab = screen.getByTestId('support-contact-tab');
    expect(chineseIn(tab)).toEqual([]);
    expect(screen.getByPlaceholderText('https://…, mailto:… or @account')).toBeTruthy();
  });
});
