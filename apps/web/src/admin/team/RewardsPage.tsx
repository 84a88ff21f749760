import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 团队奖励: not built yet. */
export default function RewardsPage() {
  return <AdminPlaceholder />;
}
