import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 钱包概览: not built yet. */
export default function WalletOverviewPage() {
  return <AdminPlaceholder />;
}
