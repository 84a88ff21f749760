import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 团队层级: not built yet. */
export default function HierarchyPage() {
  return <AdminPlaceholder />;
}
