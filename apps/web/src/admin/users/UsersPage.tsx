import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 用户管理: not built yet. */
export default function UsersPage() {
  return <AdminPlaceholder />;
}
