import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 团队概览: not built yet. */
export default function TeamOverviewPage() {
  return <AdminPlaceholder />;
}
