import { useLocation } from 'react-router';
import { UnderConstruction } from '../../components/UnderConstruction.tsx';
import { findAdminPage } from '../routes.tsx';

/** A screen not built yet: titled from the route table, saying 建设中. */
export function AdminPlaceholder() {
  const { pathname } = useLocation();
  return <UnderConstruction title={findAdminPage(pathname)?.title ?? '管理后台'} />;
}
