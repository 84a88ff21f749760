import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 充值通道: not built yet. */
export default function DepositChannelsPage() {
  return <AdminPlaceholder />;
}
