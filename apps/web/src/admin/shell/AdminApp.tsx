import { useLocation } from 'react-router';
import { RouteBoundary } from '../../components/RouteBoundary.tsx';
import { AdminLayout } from './AdminLayout.tsx';
import { AdminRoutes } from './AdminRoutes.tsx';

/** The back office behind the gate: the shell around the current screen. Loaded lazily. */
export default function AdminApp() {
  const { pathname } = useLocation();
  return (
    <AdminLayout>
      <RouteBoundary resetKey={pathname}>
        <AdminRoutes />
      </RouteBoundary>
    </AdminLayout>
  );
}
