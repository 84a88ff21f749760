import type { ApprovalThresholds, ApprovalThresholdsBody } from '@platform/contracts';
import { api } from '../../../lib/request.ts';

export const THRESHOLDS_QUERY_KEY = ['admin', 'approval-thresholds'] as const;
const PATH = '/admin/settings/approval-thresholds';

/** GET /api/admin/settings/approval-thresholds (any admin). */
export const fetchThresholds = (signal?: AbortSignal) =>
  api.get<ApprovalThresholds>(PATH, undefined, signal).then((reply) => reply.data);

/** PUT /api/admin/settings/approval-thresholds (super admin); the reply carries the saved values. */
export const saveThresholds = (body: ApprovalThresholdsBody) => api.put<ApprovalThresholds>(PATH, body);
