import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 仪表盘: not built yet. */
export default function DashboardPage() {
  return <AdminPlaceholder />;
}
