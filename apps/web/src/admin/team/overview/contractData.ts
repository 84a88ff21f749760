import { ApiError } from '../../../lib/request.ts';

/** Shown when a reply does not have the contract's shape (the screen would otherwise show wrong figures). */
export const BAD_REPLY_MESSAGE = '服务器返回的数据格式不正确';

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
  throw new ApiError(BAD_REPLY_MESSAGE, 200, 'http', parsed.error.issues);
}
