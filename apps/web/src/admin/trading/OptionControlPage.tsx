import { AdminPlaceholder } from '../shell/AdminPlaceholder.tsx';

/** 期权控制: not built yet. */
export default function OptionControlPage() {
  return <AdminPlaceholder />;
}
