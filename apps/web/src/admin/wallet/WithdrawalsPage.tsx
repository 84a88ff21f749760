import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 提现管理: not built yet. */
export default function WithdrawalsPage() {
  return <AdminPlaceholder />;
}
