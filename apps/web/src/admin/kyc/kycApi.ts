import {
  type AdminKycData,
  type AdminKycRequest,
  DEFAULT_PAGE_SIZE,
  KYC_APPLICATION_STATUS_LABELS,
  type KycApplicationStatus,
  type KycReviewBody,
  kycApplicationStatuses,
  listKycApplications,
  reviewKyc,
} from '@platform/contracts';
import { call } from '../../lib/request.ts';

export type { AdminKycRequest, KycReviewBody };
export type KycRequestStatus = KycApplicationStatus;
export type KycReviewStatus = KycReviewBody['status'];
export type AdminKycListData = NonNullable<AdminKycData>;

/** Spec 001 §9: page size 20. */
export const KYC_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The status tabs (spec 001 §2, §4), default pending. */
export const KYC_TABS = kycApplicationStatuses.map((key) => ({
  key,
  label: KYC_APPLICATION_STATUS_LABELS[key],
}));

export const KYC_REQUEST_STATUS_LABELS = KYC_APPLICATION_STATUS_LABELS;

export const KYC_QUERY_ROOT = ['admin', 'kyc'] as const;
export const kycQueryKey = (status: KycRequestStatus, page: number, search = '') =>
  [...KYC_QUERY_ROOT, status, page, search] as const;

/** GET /api/admin/kyc. */
export function fetchKycRequests(status: KycRequestStatus, page: number, signal?: AbortSignal, search = '') {
  const query = { page, status, limit: KYC_PAGE_SIZE, search: search.trim() || undefined };
  return call(listKycApplications, { query, signal }).then((reply) => reply.data);
}

/** PATCH /api/admin/kyc/:id. */
export const reviewKycRequest = (id: number, body: KycReviewBody, idempotencyKey: string) =>
  call(reviewKyc, { params: { id }, body, idempotencyKey });
