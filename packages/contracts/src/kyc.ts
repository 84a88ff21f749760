import { z } from 'zod';
import { type ImageExtension, imageAccept, imageTooLargeMessage } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { kycStatus } from './enums.ts';
import { envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination } from './pagination.ts';

/** KYC: user submission and status (spec 001 §7), admin review (spec 001 §2, §4, §5). */

export const kycApplicationStatuses = ['pending', 'reviewing', 'approved', 'rejected'] as const;
export const kycApplicationStatus = z.enum(kycApplicationStatuses, { error: '审核状态不正确' });
export type KycApplicationStatus = z.infer<typeof kycApplicationStatus>;
/** Labels of the review screen's tabs and badges (spec 001 §5). */
export const KYC_APPLICATION_STATUS_LABELS: Record<KycApplicationStatus, string> = {
  pending: '待审核',
  reviewing: '审核中',
  approved: '已通过',
  rejected: '已拒绝',
};

/** Multipart field names of POST /api/kyc/submit. */
export const KYC_SUBMIT_FIELDS = {
  realName: 'real_name',
  idNumber: 'id_number',
  idFront: 'id_front',
  idBack: 'id_back',
} as const;
export const KYC_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Types judged from the bytes; anything else is refused with NOT_AN_IMAGE_MESSAGE. */
export const KYC_IMAGE_TYPES: readonly ImageExtension[] = ['jpg', 'png', 'gif'];
export const KYC_IMAGE_ACCEPT = imageAccept(KYC_IMAGE_TYPES);
export const KYC_IMAGE_TOO_LARGE_MESSAGE = imageTooLargeMessage(KYC_IMAGE_MAX_BYTES);
export const KYC_REJECT_REASON_REQUIRED = '拒绝时必须填写原因';
/** One identity per person: the number is held (pending, reviewing or approved) by another account. */
export const KYC_ID_NUMBER_TAKEN_MESSAGE = '该证件号码已被其他账户使用';
/** What is wrong with an ID number, by the kind idCardProblem (@platform/domain) reports. */
export const KYC_ID_NUMBER_MESSAGES = {
  format: '身份证号码格式不正确',
  birth_date: '身份证号码中的出生日期不正确',
  check_digit: '身份证号码校验位不正确',
} as const;
/** Lifetime of the signed document URLs in replies. */
export const KYC_DOCUMENT_URL_TTL_SECONDS = 300;
/** Stored document names: generated, 32 hex characters and the image extension. */
export const KYC_DOCUMENT_NAME = /^[0-9a-f]{32}\.(jpg|png|gif)$/;

export const KYC_REAL_NAME_MESSAGE = '姓名只能包含中文、字母、间隔号和空格';
/**
 * What a real name may hold: letters of any script (Chinese characters included) with their
 * combining marks, the middle dot of transliterated names (· U+00B7, and the look-alikes • ・ ‧ that
 * input methods produce) and spaces; at least one letter. No digits, no markup, no punctuation.
 */
export const KYC_REAL_NAME_PATTERN = /^(?=.*\p{L})[\p{L}\p{M}·•・‧ \u3000]+$/u;

/** The text fields of the submission (validated by the server after the multipart parse). */
export const kycSubmitFields = z.object({
  real_name: z
    .string({ error: '请输入真实姓名' })
    .trim()
    // An empty field asks for the name; the length rule is for a name that is there.
    .min(1, '请输入真实姓名')
    .min(2, '真实姓名长度应为2-50个字符')
    .max(50, '真实姓名长度应为2-50个字符')
    .regex(KYC_REAL_NAME_PATTERN, KYC_REAL_NAME_MESSAGE),
  id_number: z.string({ error: '请输入身份证号码' }).trim().min(1, '请输入身份证号码'),
});
export type KycSubmitFields = z.input<typeof kycSubmitFields>;

/** One application as its owner sees it. Document URLs are signed and expire after 5 minutes. */
export const kycApplication = z.object({
  id: z.number().int(),
  real_name: z.string(),
  id_number: z.string(),
  document_type: z.literal('id_card'),
  id_front_url: z.string(),
  id_back_url: z.string(),
  status: kycApplicationStatus,
  admin_note: z.string().nullable(),
  created_at: isoDateTime,
  reviewed_at: isoDateTime.nullable(),
});
export type KycApplication = z.infer<typeof kycApplication>;

export const kycSubmitReply = envelope(z.object({ application: kycApplication }));
export const kycStatusReply = envelope(
  z.object({ kyc_status: kycStatus, application: kycApplication.nullable() }),
);
export type KycStatusData = z.infer<typeof kycStatusReply>['data'];
export const kycDetailsReply = envelope(z.object({ application: kycApplication }));

/** GET /api/kyc/documents/:name?expires&signature (what the signed URLs point at). */
export const kycDocumentParams = z.object({ name: z.string().max(64) });
export const kycDocumentQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(128).optional(),
});

// ---- admin review ----

export const adminKycQuery = pageQuery.extend({
  status: kycApplicationStatus.optional(),
  /** E-mail or phone (from three characters anywhere, else a prefix), user id, application id, real name or ID number (exact). */
  search: z.string().trim().max(100, '搜索内容不能超过100个字符').optional(),
});
export type AdminKycQuery = z.input<typeof adminKycQuery>;

/** At most this many of another accounts' applications with the same ID number are listed per row. */
export const KYC_DUPLICATE_LIST_LIMIT = 10;
/** Another account's application with the same (normalised) ID number, any status. */
export const kycDuplicateApplication = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string(),
  status: kycApplicationStatus,
  created_at: isoDateTime,
});
export type KycDuplicateApplication = z.infer<typeof kycDuplicateApplication>;

export const adminKycRequest = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string(), phone: z.string().nullable() }),
  real_name: z.string(),
  id_number: z.string(),
  document_type: z.literal('id_card'),
  id_front_url: z.string(),
  id_back_url: z.string(),
  status: kycApplicationStatus,
  admin_note: z.string().nullable(),
  created_at: isoDateTime,
  reviewed_at: isoDateTime.nullable(),
  /**
   * One identity per person: how many applications of OTHER accounts use the same ID number (any
   * status; the applicant's own earlier ones are not counted), and the first KYC_DUPLICATE_LIST_LIMIT
   * of them, those that hold the number (pending, reviewing, approved) first, then newest first.
   */
  duplicate_id_count: z.number().int(),
  duplicate_id_applications: z.array(kycDuplicateApplication),
});
export type AdminKycRequest = z.infer<typeof adminKycRequest>;
/** How many applications of each status match the search (every status, whatever the tab): the tabs' counts. */
export const kycStatusCounts = z.object(
  Object.fromEntries(kycApplicationStatuses.map((s) => [s, z.number().int()])) as Record<
    KycApplicationStatus,
    z.ZodNumber
  >,
);
export type KycStatusCounts = z.infer<typeof kycStatusCounts>;
export const adminKycReply = envelope(
  z.object({ requests: z.array(adminKycRequest), pagination, counts: kycStatusCounts }),
);
export type AdminKycData = z.infer<typeof adminKycReply>['data'];

export const kycReviewBody = z.object({
  status: z.enum(['approved', 'rejected'], { error: '审核结果不正确' }),
  adminNote: z.string().max(500, '备注不能超过500个字符').optional().nullable(),
});
export type KycReviewBody = z.input<typeof kycReviewBody>;
export const kycReviewReply = envelope(z.object({ request: adminKycRequest }));

/** admin_notification sent to admins when an application arrives. */
export interface KycAdminNotificationEvent {
  type: 'kyc';
  sound: boolean;
  title: string;
  message: string;
  id: number;
}

export const submitKyc = endpoint({
  method: 'POST',
  path: '/api/kyc/submit',
  operationId: 'submitKyc',
  summary: '提交实名认证',
  description: 'Submits an identity verification (KYC) application with its documents.',
  reply: kycSubmitReply,
});
export const getKycStatus = endpoint({
  method: 'GET',
  path: '/api/kyc/status',
  operationId: 'getKycStatus',
  summary: '实名认证状态',
  description: "The caller's identity verification status.",
  reply: kycStatusReply,
});
export const getKycDetails = endpoint({
  method: 'GET',
  path: '/api/kyc/details/:id',
  operationId: 'getKycDetails',
  summary: '我的实名认证详情',
  description: "One of the caller's identity verification applications.",
  params: idParams,
  reply: kycDetailsReply,
});
export const getKycDocument = endpoint({
  method: 'GET',
  path: '/api/kyc/documents/:name',
  operationId: 'getKycDocument',
  summary: '实名认证证件图片（签名链接）',
  description: 'An identity document image (signed link).',
  params: kycDocumentParams,
  query: kycDocumentQuery,
});
export const listKycApplications = endpoint({
  method: 'GET',
  path: '/api/admin/kyc',
  operationId: 'listKycApplications',
  summary: '实名认证列表（管理）',
  description: 'Identity verification applications (admin).',
  query: adminKycQuery,
  reply: adminKycReply,
});
export const reviewKyc = endpoint({
  method: 'PATCH',
  path: '/api/admin/kyc/:id',
  operationId: 'reviewKyc',
  summary: '审核实名认证',
  description: 'Approves or rejects an identity verification application.',
  params: idParams,
  body: kycReviewBody,
  reply: kycReviewReply,
});
