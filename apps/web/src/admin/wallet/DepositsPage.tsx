import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 充值管理: not built yet. */
export default function DepositsPage() {
  return <AdminPlaceholder />;
}
