import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setThemeMode, setTrendConvention } from '../../lib/appearance.ts';
import { clearSessionStorage } from '../../lib/storage.ts';
import { mockApi, ok } from '../../test/api.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderInApp, signIn } from '../../test/render.tsx';
import { UserLayout } from '../shell/UserLayout.tsx';
import SettingsPage from './SettingsPage.tsx';

afterEach(() => {
  setTrendConvention('green-up');
  setThemeMode('light');
});

describe('SettingsPage (/me/settings)', () => {
  it('switches 涨跌颜色 on this device at once, and logging out keeps it', async () => {
    signIn(makeUser());
    mockApi({ 'GET /api/auth/me': () => ok({ user: makeUser() }) });
    renderInApp(<SettingsPage />, '/me/settings');
    await screen.findByTestId('settings-page', {}, { timeout: 20_000 });
    const [greenUp, redUp] = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(greenUp?.checked).toBe(true);
    expect(document.documentElement.dataset.trend).toBe('green-up');

    fireEvent.click(screen.getByText('红涨绿跌'));
    expect(document.documentElement.dataset.trend).toBe('red-up');
    expect(window.localStorage.getItem('color_convention')).toBe('red-up');
    expect(redUp?.checked).toBe(true);

    clearSessionStorage();
    expect(window.localStorage.getItem('color_convention')).toBe('red-up');
  });

  it('turns the user app dark: the dark algorithm and data-theme for the app colours, kept on the device', async () => {
    signIn(makeUser());
    mockApi({ 'GET /api/auth/me': () => ok({ user: makeUser() }) });
    const view = renderInApp(
      <Routes>
        <Route element={<UserLayout />}>
          <Route path="/me/settings" element={<SettingsPage />} />
        </Route>
      </Routes>,
      '/me/settings',
    );
    await screen.findByTestId('settings-page', {}, { timeout: 20_000 });
    expect(document.documentElement.dataset.theme).toBe('light');
    const styles = () => [...document.querySelectorAll('style')].map((e) => e.textContent).join('');

    fireEvent.click(screen.getByTestId('settings-dark'));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem('theme_mode')).toBe('dark');
    // antd's dark tokens: containers on #141414.
    await waitFor(() => expect(styles()).toMatch(/--ant-color-bg-container:\s*#141414/));
    clearSessionStorage();
    expect(window.localStorage.getItem('theme_mode')).toBe('dark');

    // Leaving the user app (the back office is light) takes the theme off <html>.
    view.unmount();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});
