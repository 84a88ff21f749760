import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 订单管理: not built yet. */
export default function OrdersPage() {
  return <AdminPlaceholder />;
}
