import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyPage } from '../../components/lazyPage.tsx';
import { RouteBoundary } from '../../components/RouteBoundary.tsx';
import { renderWithAnt } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/setup.ts';
import { UserLayout } from './UserLayout.tsx';

// A screen whose code never arrives, as on a very slow connection.
const never = () => new Promise<never>(() => {});

describe('UserLayout loading boundary (issue 33)', () => {
  afterEach(() => setViewportWidth(1024));

  it('keeps the header and the tab bar while a tab’s code loads, with a skeleton in the content area', async () => {
    setViewportWidth(390);
    const router = createMemoryRouter(
      [
        {
          // The app's own outer boundary: without one inside the shell it would replace the whole frame.
          element: (
            <RouteBoundary fullScreen>
              <UserLayout />
            </RouteBoundary>
          ),
          children: [{ path: '/wallet', element: <LazyPage load={never} /> }],
        },
      ],
      { initialEntries: ['/wallet'] },
    );
    renderWithAnt(<RouterProvider router={router} />);

    expect(await screen.findByTestId('tab-loading')).toBeTruthy();
    expect(screen.getByText('数字资产交易平台')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();
    expect(screen.queryByTestId('page-loading')).toBeNull();
  });
});
