import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { UnderConstruction } from '../../components/UnderConstruction.tsx';
import { findAdminPage, pageTitle } from '../routes.tsx';

/** A screen not built yet: titled from the route table, saying 建设中. */
export function AdminPlaceholder() {
  const { pathname } = useLocation();
  const { t } = useTranslation('admin');
  const page = findAdminPage(pathname);
  return <UnderConstruction title={page ? pageTitle(page, t) : t('menu.backOffice')} />;
}
