import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 资金流水: not built yet. */
export default function TransactionsPage() {
  return <AdminPlaceholder />;
}
