import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 团队工资: not built yet. */
export default function SalaryPage() {
  return <AdminPlaceholder />;
}
