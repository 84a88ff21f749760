import { i18n } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/request.ts';

/** What the contracts' zod schemas offer (the web app does not depend on zod itself). */
export interface ContractSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } };
}

/**
 * The reply's data checked against its contract (packages/contracts): a reply of another shape
 * fails like a failed call instead of putting wrong or missing figures on an operator's screen.
 */
export function contractData<T>(schema: ContractSchema<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Shown when a reply does not have the contract's shape (the screen would otherwise show wrong figures).
  throw new ApiError(i18n.t('admin:team.badReply'), 200, 'http', parsed.error.issues);
}
