import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** KYC审核: not built yet. */
export default function KycPage() {
  return <AdminPlaceholder />;
}
