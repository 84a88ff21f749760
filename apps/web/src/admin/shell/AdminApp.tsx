import { useLocation } from 'react-router';
import { RouteBoundary } from '../../components/RouteBoundary.tsx';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { AdminLayout } from './AdminLayout.tsx';
import { AdminRoutes } from './AdminRoutes.tsx';
import { AdminTwofaSetup } from './AdminTwofaSetup.tsx';

/**
 * The back office behind the gate: the shell around the current screen. Loaded lazily. An admin who
 * must still set up 2FA (the profile says so, or an admin call answered 403 twofa_setup_required)
 * sees the enrolment screen instead.
 */
export default function AdminApp() {
  const { pathname } = useLocation();
  const { user } = useSessionSnapshot();
  if (user?.twofa_setup_required) return <AdminTwofaSetup />;
  return (
    <AdminLayout>
      <RouteBoundary resetKey={pathname}>
        <AdminRoutes />
      </RouteBoundary>
    </AdminLayout>
  );
}
