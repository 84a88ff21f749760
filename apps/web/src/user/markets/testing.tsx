/** Test data and a renderer shared by the tests of the user home, markets and account screens. */
import type { Ticker, TradingPair } from '@platform/contracts';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../../App.tsx';
import ForgotPasswordPage from '../../auth/ForgotPasswordPage.tsx';
import LoginPage from '../../auth/LoginPage.tsx';
import RegisterPage from '../../auth/RegisterPage.tsx';
import ResetPasswordPage from '../../auth/ResetPasswordPage.tsx';
import VerifyEmailPage from '../../auth/VerifyEmailPage.tsx';
import { queryClient } from '../../lib/queryClient.ts';
import { sessionStore } from '../../lib/session.tsx';
import AccountPage from '../account/AccountPage.tsx';
import PasswordPage from '../account/PasswordPage.tsx';
import ProfilePage from '../account/ProfilePage.tsx';
import HomePage from '../home/HomePage.tsx';
import { RequireLogin } from '../shell/RequireLogin.tsx';
import { UserLayout } from '../shell/UserLayout.tsx';
import MarketsPage from './MarketsPage.tsx';

export function pair(base: string, quote = 'USDT', extra: Partial<TradingPair> = {}): TradingPair {
  return {
    id: base.length,
    symbol: `${base}${quote}`,
    base_currency: base,
    quote_currency: quote,
    logo_url: null,
    current_price: '1',
    price_change_24h: '0',
    volume_24h: '100',
    price_precision: 2,
    amount_precision: 4,
    min_amount: '0.0001',
    fee_rate: '0.001',
    enabled: true,
    source: 'sim',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export function ticker(symbol: string, change: string, quoteVolume: string, last = '10'): Ticker {
  return {
    symbol,
    last_price: last,
    open_24h: last,
    high_24h: last,
    low_24h: last,
    change_24h: change,
    volume_24h: '1',
    quote_volume_24h: quoteVolume,
    bid: last,
    ask: last,
    source: 'sim',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

const signedIn = (element: ReactElement) => <RequireLogin>{element}</RequireLogin>;

/**
 * These screens inside the user frame, as the app routes them, without the lazy loading and without
 * the other screens (whose own tests cover them); any other address shows `elsewhere`.
 */
const testRoutes: RouteObject[] = [
  {
    path: '/',
    element: <UserLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'markets', element: <MarketsPage /> },
      { path: 'me', element: signedIn(<AccountPage />) },
      { path: 'me/profile', element: signedIn(<ProfilePage />) },
      { path: 'me/password', element: signedIn(<PasswordPage />) },
    ],
  },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '*', element: <div data-testid="elsewhere">elsewhere</div> },
];

/** The providers and routes of the app (with an empty query cache) opened at `path`; returns the router. */
export function renderAppAt(path: string) {
  queryClient.clear();
  sessionStore.reload();
  const router = createMemoryRouter(testRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
