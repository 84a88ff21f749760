import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 管理员管理: not built yet. */
export default function AdminsPage() {
  return <AdminPlaceholder />;
}
