import {
  getKycStatus,
  KYC_IMAGE_ACCEPT,
  KYC_IMAGE_MAX_BYTES,
  KYC_SUBMIT_FIELDS,
  type KycStatusData,
  submitKyc as submitKycEndpoint,
} from '@platform/contracts';
import type { ImageUploadRule } from '../../lib/imageUpload.ts';
import { call } from '../../lib/request.ts';

export type KycStatusInfo = NonNullable<KycStatusData>;

export const KYC_QUERY_ROOT = ['user-kyc'] as const;
export const kycStatusKey = [...KYC_QUERY_ROOT, 'status'] as const;

/** GET /api/kyc/status: the account's KYC status and its latest application. */
export const fetchKycStatus = (signal?: AbortSignal) =>
  call(getKycStatus, { signal }).then((reply) => reply.data as KycStatusInfo);

export const KYC_UPLOAD_RULE: ImageUploadRule = { maxBytes: KYC_IMAGE_MAX_BYTES, accept: KYC_IMAGE_ACCEPT };

export interface KycSubmission {
  realName: string;
  idNumber: string;
  front: File;
  back: File;
}

/** POST /api/kyc/submit as multipart (the request layer leaves the content type to the browser). */
export function submitKyc(submission: KycSubmission) {
  const form = new FormData();
  form.append(KYC_SUBMIT_FIELDS.realName, submission.realName.trim());
  form.append(KYC_SUBMIT_FIELDS.idNumber, submission.idNumber.trim());
  form.append(KYC_SUBMIT_FIELDS.idFront, submission.front);
  form.append(KYC_SUBMIT_FIELDS.idBack, submission.back);
  return call(submitKycEndpoint, { body: form });
}
