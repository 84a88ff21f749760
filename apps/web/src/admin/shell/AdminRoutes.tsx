import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LazyPage } from '../../components/lazyPage.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { ADMIN_ALIASES, ADMIN_PAGES, ADMIN_ROOT, type AdminPage, relativeAdminPath } from '../routes.tsx';
import { SuperAdminOnly } from './SuperAdminOnly.tsx';

function PageView({ page }: { page: AdminPage }) {
  const screen = <LazyPage load={page.load} />;
  return page.superAdminOnly ? <SuperAdminOnly>{screen}</SuperAdminOnly> : screen;
}

/** An alias keeps its query string: /admin/deposits?status=pending → /admin/wallet/deposits?status=pending. */
function AliasRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

/** The admin screens, from the route table (rendered under the /admin/* route). */
export function AdminRoutes() {
  return (
    <Routes>
      {ADMIN_PAGES.map((page) =>
        page.path === ADMIN_ROOT ? (
          <Route key={page.path} index element={<PageView page={page} />} />
        ) : (
          <Route key={page.path} path={relativeAdminPath(page.path)} element={<PageView page={page} />} />
        ),
      )}
      {Object.entries(ADMIN_ALIASES).map(([from, to]) => (
        <Route key={from} path={relativeAdminPath(from)} element={<AliasRedirect to={to} />} />
      ))}
      <Route path="*" element={<NotFound home={ADMIN_ROOT} />} />
    </Routes>
  );
}
