import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 提现通道: not built yet. */
export default function WithdrawChannelsPage() {
  return <AdminPlaceholder />;
}
