import {
  type ApprovalThresholdsBody,
  getApprovalThresholds,
  saveApprovalThresholds,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';

export const THRESHOLDS_QUERY_KEY = ['admin', 'approval-thresholds'] as const;

/** GET /api/admin/settings/approval-thresholds (any admin). */
export const fetchThresholds = (signal?: AbortSignal) =>
  call(getApprovalThresholds, { signal }).then((reply) => reply.data);

/** PUT /api/admin/settings/approval-thresholds (super admin); the reply carries the saved values. */
export const saveThresholds = (body: ApprovalThresholdsBody) => call(saveApprovalThresholds, { body });
