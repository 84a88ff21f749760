import { createBrowserRouter, Outlet, type RouteObject, useLocation } from 'react-router';
import { AdminGate } from './admin/shell/AdminGate.tsx';
import { LazyPage, type PageLoader } from './components/lazyPage.tsx';
import { NotFound } from './components/NotFound.tsx';
import { RouteBoundary } from './components/RouteBoundary.tsx';
import { setNavigator } from './lib/navigation.ts';
import { userRoutes } from './user/routes.tsx';
import { UserLayout } from './user/shell/UserLayout.tsx';

const loadLogin: PageLoader = () => import('./auth/LoginPage.tsx');
const loadRegister: PageLoader = () => import('./auth/RegisterPage.tsx');
/** Account recovery and e-mail links (issue 33): public, at phone size like login. */
const loadForgotPassword: PageLoader = () => import('./auth/ForgotPasswordPage.tsx');
const loadResetPassword: PageLoader = () => import('./auth/ResetPasswordPage.tsx');
const loadVerifyEmail: PageLoader = () => import('./auth/VerifyEmailPage.tsx');
/** An admin's activation link (issue 32): public, outside the admin shell. */
const loadActivate: PageLoader = () => import('./auth/ActivatePage.tsx');
/** The back office shell is one lazy chunk behind the gate, and each admin screen its own chunk. */
const loadAdmin: PageLoader = () => import('./admin/shell/AdminApp.tsx');

function Root() {
  const { pathname } = useLocation();
  // The admin shell keeps its own boundary per screen; elsewhere a crash is cleared by moving to another page.
  const resetKey = pathname.startsWith('/admin') ? '/admin' : pathname;
  return (
    <RouteBoundary resetKey={resetKey} fullScreen>
      <Outlet />
    </RouteBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <UserLayout />, children: userRoutes },
      { path: '/login', element: <LazyPage load={loadLogin} /> },
      { path: '/register', element: <LazyPage load={loadRegister} /> },
      { path: '/forgot-password', element: <LazyPage load={loadForgotPassword} /> },
      { path: '/reset-password', element: <LazyPage load={loadResetPassword} /> },
      { path: '/verify-email', element: <LazyPage load={loadVerifyEmail} /> },
      { path: '/admin/activate', element: <LazyPage load={loadActivate} /> },
      {
        path: '/admin/*',
        element: (
          <AdminGate>
            <LazyPage load={loadAdmin} />
          </AdminGate>
        ),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // The request layer's 401 rule navigates inside the app instead of reloading it.
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
