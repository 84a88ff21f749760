import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 交易对管理: not built yet. */
export default function PairsPage() {
  return <AdminPlaceholder />;
}
