import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 交易概览: not built yet. */
export default function TradingOverviewPage() {
  return <AdminPlaceholder />;
}
