import type { AdminLevel } from '@platform/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { sessionStore } from '../../lib/session.tsx';
import { makeAdmin, makeUser, storeSession } from '../../test/fixtures.ts';
import { AdminGate } from './AdminGate.tsx';
import { SuperAdminOnly } from './SuperAdminOnly.tsx';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

const rendered = vi.fn();
function AdminScreen() {
  rendered();
  return <div>admin screen</div>;
}

function renderGate(entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <AdminGate>
              <AdminScreen />
            </AdminGate>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  rendered.mockClear();
  vi.useFakeTimers();
});

async function passGateDelay(ms = 100) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('AdminGate', () => {
  it('waits 100 ms before deciding', async () => {
    storeSession(makeAdmin());
    sessionStore.reload();
    renderGate(['/admin']);
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await passGateDelay(99);
    expect(rendered).not.toHaveBeenCalled();
    await passGateDelay(1);
    expect(screen.getByText('admin screen')).toBeTruthy();
  });

  it('asks a visitor without a session to log in, with the path as redirect, rendering nothing below', async () => {
    sessionStore.reload();
    renderGate(['/admin/users?page=2']);
    await passGateDelay();
    expect(screen.getByText('需要登录')).toBeTruthy();
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(rendered).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /前往登录/ }));
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fadmin%2Fusers%3Fpage%3D2');
  });

  it('treats a token without a user as no session', async () => {
    window.localStorage.setItem('token', 't');
    sessionStore.reload();
    renderGate(['/admin']);
    await passGateDelay();
    expect(screen.getByText('需要登录')).toBeTruthy();
  });

  it('refuses a signed-in non-admin with buttons home and back', async () => {
    storeSession(makeUser());
    sessionStore.reload();
    renderGate(['/previous', '/admin/kyc']);
    await passGateDelay();
    expect(screen.getByText('权限不足')).toBeTruthy();
    expect(rendered).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /返回上一页/ }));
    expect(screen.getByTestId('where').textContent).toBe('/previous');
  });

  it('sends a non-admin home with 返回首页', async () => {
    storeSession(makeUser());
    sessionStore.reload();
    renderGate(['/admin']);
    await passGateDelay();
    fireEvent.click(screen.getByRole('button', { name: /返回首页/ }));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});

describe('SuperAdminOnly', () => {
  /** An admin of `level` signed in, the guarded screen rendered (real timers: no gate delay here). */
  function renderFor(level: AdminLevel) {
    vi.useRealTimers();
    storeSession(makeAdmin({ admin_level: level }));
    sessionStore.reload();
    render(
      <SuperAdminOnly>
        <AdminScreen />
      </SuperAdminOnly>,
    );
  }

  it('refuses admins below super_admin', () => {
    renderFor('admin');
    expect(screen.getByText('权限不足')).toBeTruthy();
    expect(screen.getByText('只有超级管理员可以访问管理员管理功能')).toBeTruthy();
    expect(rendered).not.toHaveBeenCalled();
  });

  it('refuses them in English when English is shown', () => {
    applyLanguage('en');
    renderFor('admin');
    expect(screen.getByText('Access denied')).toBeTruthy();
    expect(screen.getByText('Only super admins can manage admins')).toBeTruthy();
  });

  it('lets super admins in', () => {
    renderFor('super_admin');
    expect(screen.getByText('admin screen')).toBeTruthy();
  });
});
