/** Render helpers for the web tests: a page inside the providers it needs, and a signed-in session. */
import type { PublicUser } from '@platform/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, useAntLocale } from '../App.tsx';
import { createQueryClient } from '../lib/queryClient.ts';
import { sessionStore } from '../lib/session.tsx';
import { storeSession } from './fixtures.ts';

/** antd in the language shown, as the app has it. */
function AntConfig({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={useAntLocale()} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}

/** antd (in the language shown) with its App context and a fresh query client that does not retry. */
export function renderWithAnt(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AntConfig>
      <AntApp>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </AntApp>
    </AntConfig>,
  );
}

/**
 * Like renderWithAnt, inside a data router opened at `path` (a page that keeps its list state in the
 * address); returns the router to read the address and go back.
 */
export function renderWithAntAt(ui: ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  renderWithAnt(<RouterProvider router={router} />);
  return router;
}

/** The app's own providers around a memory router opened at `path`. */
export function renderInApp(ui: ReactElement, path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** `element` at `path` in a data router whose other paths show `elsewhere`; returns the router to follow navigation. */
export function renderAtRoute(path: string, element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <div data-testid="elsewhere">elsewhere</div> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The open antd Modal.confirm dialog, once it is there. */
export function confirmDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm');
    if (!dialog) throw new Error('no confirm dialog');
    return dialog;
  });
}

/** Signs `user` in the way login does and lets the session store pick it up. */
export function signIn(user: PublicUser, token?: string): void {
  storeSession(user, token);
  sessionStore.reload();
}
