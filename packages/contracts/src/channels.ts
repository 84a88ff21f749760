import { z } from 'zod';
import { changeReply } from './changes.ts';
import { type ImageExtension, imageAccept, imageTooLargeMessage } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { channelStatus, channelStatuses, depositChannelTypes, withdrawMethods } from './enums.ts';
import { envelope, isoDateTime } from './envelope.ts';
import { userDepositChannel, userWithdrawChannel } from './wallet.ts';
import { decimalTextError } from './zod-messages.ts';

/** Deposit and withdrawal channels (spec 001 §2, §3, §5, §7, §9). */

export const REQUIRED_FIELDS_MESSAGE = '请填写所有必填字段';
export const AMOUNT_FORMAT_MESSAGE = '金额格式不正确';
export const AMOUNT_NEGATIVE_MESSAGE = '金额不能小于0';
export const MAX_BELOW_MIN_MESSAGE = '最大金额不能小于最小金额';
export const FEE_RATE_RANGE_MESSAGE = '手续费率必须在0到1之间';

/** The QR image (spec 001 §5, §9). */
export const QR_MAX_BYTES = 5 * 1024 * 1024;
export const QR_TOO_LARGE_MESSAGE = imageTooLargeMessage(QR_MAX_BYTES);
/** The QR image's types (QR_FILE_NAME's extensions). */
export const QR_IMAGE_TYPES: readonly ImageExtension[] = ['jpg', 'png', 'gif', 'webp'];
export const QR_IMAGE_ACCEPT = imageAccept(QR_IMAGE_TYPES);
/** The form field of POST /api/admin/channels/upload-qrcode. */
export const QR_UPLOAD_FIELD = 'qrcode';
/** Where uploaded QR images are served: `/api/files/qrcodes/<name>`, to signed-in users only. */
export const QR_FILES_PATH = '/api/files/qrcodes/';
/** A server-generated name: 32 hex characters and the extension of the type read from the bytes. */
export const QR_FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** A USDT channel's address is a TRC20 or an ERC20 one, checked like a withdrawal address (issue 32). */
export const CHANNEL_ADDRESS_INVALID_MESSAGE =
  'USDT 收款地址格式不正确：应为 TRC20（T 开头 34 位）或 ERC20（0x 开头 40 位十六进制）地址';
/** The QR code is an uploaded image (POST /api/admin/channels/upload-qrcode), never an external URL. */
export const QR_EXTERNAL_URL_MESSAGE = '收款二维码只能上传图片，不能填写外部链接';
/** The server decodes the QR image: it must hold a QR code. */
export const QR_NOT_READABLE_MESSAGE = '未能从图片中识别出二维码，请上传清晰的收款二维码图片';
/** A crypto channel's QR code must carry the channel's own address. */
export const QR_ADDRESS_MISMATCH_MESSAGE = '二维码内容与收款地址不一致，请上传该地址的收款二维码';

/**
 * The channel forms' validation texts and the QR image's refusals (the contracts' catalogue,
 * messages.ts, holds their English).
 */
export const CHANNEL_TEXTS = {
  requiredFields: REQUIRED_FIELDS_MESSAGE,
  amountFormat: AMOUNT_FORMAT_MESSAGE,
  amountNegative: AMOUNT_NEGATIVE_MESSAGE,
  maxBelowMin: MAX_BELOW_MIN_MESSAGE,
  feeRateRange: FEE_RATE_RANGE_MESSAGE,
  addressInvalid: CHANNEL_ADDRESS_INVALID_MESSAGE,
  qrExternalUrl: QR_EXTERNAL_URL_MESSAGE,
  qrNotReadable: QR_NOT_READABLE_MESSAGE,
  qrAddressMismatch: QR_ADDRESS_MISMATCH_MESSAGE,
  statusInvalid: '渠道状态不正确',
  typeInvalid: '渠道类型不正确',
  withdrawTypeInvalid: '提现类型不正确',
  idInvalid: '渠道ID不正确',
  fileNameInvalid: '文件名不正确',
  tooLong: (max: number | string) => `不能超过${max}个字符`,
} as const;
/** The fee rate's label in its refusals (手续费率必须是字符串…). */
export const FEE_RATE_LABEL = '手续费率';

/** Currencies offered for crypto channels until the loaded channels name others (spec 001 §9). */
export const DEPOSIT_CHANNEL_CURRENCIES = [
  'USDT',
  'BTC',
  'ETH',
  'BNB',
  'USDC',
  'TRX',
  'LTC',
  'BCH',
  'XRP',
  'ADA',
] as const;
/** Withdrawal limits when the form leaves them blank (spec 001 §5). */
export const WITHDRAW_CHANNEL_DEFAULT_MIN = '0';
export const WITHDRAW_CHANNEL_DEFAULT_MAX = '999999999';

const AMOUNT = /^\d{1,20}(\.\d{1,8})?$/;
const FEE_RATE = /^\d{1,2}(\.\d{1,8})?$/;

/** Compares two non-negative decimal strings exactly (no JavaScript number on the way). */
export function compareDecimalStrings(a: string, b: string): -1 | 0 | 1 {
  const scaled = (v: string) => {
    const [int = '0', frac = ''] = v.split('.');
    return BigInt(int + frac.padEnd(18, '0').slice(0, 18));
  };
  const x = scaled(a);
  const y = scaled(b);
  return x === y ? 0 : x < y ? -1 : 1;
}

const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, CHANNEL_TEXTS.tooLong(max));

/** Absent stays absent (keep on update); '' and null clear the value. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, CHANNEL_TEXTS.tooLong(max))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** A non-negative amount as a decimal string ('100', '0.5'); '' is "not given". */
const amountText = (requiredMessage: string) =>
  z
    .string({ error: decimalTextError(requiredMessage, '金额') })
    .trim()
    .refine((v) => !v.startsWith('-'), { message: AMOUNT_NEGATIVE_MESSAGE, abort: true })
    .refine((v) => v === '' || AMOUNT.test(v), { message: AMOUNT_FORMAT_MESSAGE, abort: true });

const requiredAmount = amountText(REQUIRED_FIELDS_MESSAGE).refine((v) => v !== '', REQUIRED_FIELDS_MESSAGE);

const amountWithDefault = (fallback: string) =>
  amountText(AMOUNT_FORMAT_MESSAGE)
    .nullable()
    .optional()
    .transform((v) => (v ? v : fallback));

export const currencyCode = z
  .string({ error: '币种格式不正确' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/, '币种格式不正确');

/** An uploaded image (`/api/files/qrcodes/<name>`), never an external one; '' and null clear it. */
const qrCodeUrl = z
  .string()
  .trim()
  .max(1000)
  .refine(
    (v) => v === '' || (v.startsWith(QR_FILES_PATH) && QR_FILE_NAME.test(v.slice(QR_FILES_PATH.length))),
    QR_EXTERNAL_URL_MESSAGE,
  )
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

const maxNotBelowMin = (body: { min_amount: string; max_amount: string }, ctx: z.RefinementCtx) => {
  if (compareDecimalStrings(body.max_amount, body.min_amount) < 0) {
    ctx.addIssue({ code: 'custom', path: ['max_amount'], message: MAX_BELOW_MIN_MESSAGE });
  }
};

const statusField = z.enum(channelStatuses, { error: CHANNEL_TEXTS.statusInvalid });

export const channelStatusBody = z.object({ status: statusField }).strict();
export type ChannelStatusBody = z.infer<typeof channelStatusBody>;

/**
 * A PATCH body is either `{status}` alone (the list's toggle) or the whole form. One schema that
 * picks the shape from the keys, so that the errors of the whole form keep their own texts.
 */
function statusOrForm<F extends z.ZodType<Record<string, unknown>>>(form: F) {
  return z.looseObject({}).transform((body, ctx): ChannelStatusBody | z.output<F> => {
    const keys = Object.keys(body);
    const schema = keys.length === 1 && keys[0] === 'status' ? channelStatusBody : form;
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data as ChannelStatusBody | z.output<F>;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });
}

/** True when a PATCH body is the toggle. */
export const isStatusOnly = (body: object): body is ChannelStatusBody =>
  Object.keys(body).length === 1 && 'status' in body;

// ---- deposit channels ----

/** The channel as users see it, with its status and times. */
export const adminDepositChannel = userDepositChannel.extend({
  status: channelStatus,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AdminDepositChannel = z.infer<typeof adminDepositChannel>;

/**
 * The add/edit form. Required: name, address, min_amount, max_amount (请填写所有必填字段).
 * type defaults to crypto, currency to USDT, status to active on create; on update an absent
 * optional field keeps its value.
 */
export const depositChannelBody = z
  .object({
    name: requiredText(100),
    type: z.enum(depositChannelTypes, { error: CHANNEL_TEXTS.typeInvalid }).optional(),
    currency: currencyCode.optional(),
    address: requiredText(500),
    qr_code_url: qrCodeUrl,
    min_amount: requiredAmount,
    max_amount: requiredAmount,
    status: statusField.optional(),
    description: optionalText(500),
  })
  .superRefine(maxNotBelowMin);
export type DepositChannelBody = z.output<typeof depositChannelBody>;
export type DepositChannelInput = z.input<typeof depositChannelBody>;

export const depositChannelPatchBody = statusOrForm(depositChannelBody);
export type DepositChannelPatchBody = z.output<typeof depositChannelPatchBody>;

export const channelIdParams = z.object({
  id: z.coerce
    .number({ error: CHANNEL_TEXTS.idInvalid })
    .int(CHANNEL_TEXTS.idInvalid)
    .positive(CHANNEL_TEXTS.idInvalid),
});

export const adminDepositChannelsReply = envelope(z.object({ channels: z.array(adminDepositChannel) }));
export type AdminDepositChannelsReply = z.infer<typeof adminDepositChannelsReply>;
export const adminDepositChannelReply = envelope(z.object({ channel: adminDepositChannel }));
export type AdminDepositChannelReply = z.infer<typeof adminDepositChannelReply>;

export const qrUploadReply = envelope(z.object({ url: z.string() }));
export type QrUploadReply = z.infer<typeof qrUploadReply>;

export const qrFileParams = z.object({
  name: z.string().regex(QR_FILE_NAME, CHANNEL_TEXTS.fileNameInvalid),
});

// ---- withdrawal channels ----

/** The channel as users see it, with its status and times. */
export const adminWithdrawChannel = userWithdrawChannel.extend({
  status: channelStatus,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AdminWithdrawChannel = z.infer<typeof adminWithdrawChannel>;

/**
 * The add/edit form. Required: name and type. Blank limits become 0 and 999999999, a blank fee
 * rate 0. fee_rate is a fraction 0..1 (the form shows percent and divides by 100).
 */
export const withdrawChannelBody = z
  .object({
    name: requiredText(100),
    type: z.enum(withdrawMethods, {
      error: (issue) =>
        issue.input === undefined ? REQUIRED_FIELDS_MESSAGE : CHANNEL_TEXTS.withdrawTypeInvalid,
    }),
    currency: currencyCode.optional(),
    min_amount: amountWithDefault(WITHDRAW_CHANNEL_DEFAULT_MIN),
    max_amount: amountWithDefault(WITHDRAW_CHANNEL_DEFAULT_MAX),
    fee_rate: z
      .string({ error: decimalTextError(FEE_RATE_RANGE_MESSAGE, FEE_RATE_LABEL) })
      .trim()
      .refine(
        (v) => v === '' || (FEE_RATE.test(v) && compareDecimalStrings(v, '1') <= 0),
        FEE_RATE_RANGE_MESSAGE,
      )
      .nullable()
      .optional()
      .transform((v) => (v ? v : '0')),
    status: statusField.optional(),
    description: optionalText(500),
  })
  .superRefine(maxNotBelowMin);
export type WithdrawChannelBody = z.output<typeof withdrawChannelBody>;
export type WithdrawChannelInput = z.input<typeof withdrawChannelBody>;

export const withdrawChannelPatchBody = statusOrForm(withdrawChannelBody);
export type WithdrawChannelPatchBody = z.output<typeof withdrawChannelPatchBody>;

export const adminWithdrawChannelsReply = envelope(z.object({ channels: z.array(adminWithdrawChannel) }));
export type AdminWithdrawChannelsReply = z.infer<typeof adminWithdrawChannelsReply>;
export const adminWithdrawChannelReply = envelope(z.object({ channel: adminWithdrawChannel }));
export type AdminWithdrawChannelReply = z.infer<typeof adminWithdrawChannelReply>;

export const listDepositChannels = endpoint({
  method: 'GET',
  path: '/api/admin/channels',
  operationId: 'listDepositChannels',
  summary: '充值渠道列表（管理）',
  description: 'Deposit channels (admin).',
  reply: adminDepositChannelsReply,
});
export const createDepositChannel = endpoint({
  method: 'POST',
  path: '/api/admin/channels',
  operationId: 'createDepositChannel',
  summary: '添加充值渠道',
  description: 'Adds a deposit channel.',
  body: depositChannelBody,
  // A proposal (docs/pending-changes.md): applied when another admin approves it.
  status: 202,
  reply: changeReply,
});
export const updateDepositChannel = endpoint({
  method: 'PATCH',
  path: '/api/admin/channels/:id',
  operationId: 'updateDepositChannel',
  summary: '修改充值渠道',
  description: 'Changes a deposit channel.',
  params: channelIdParams,
  body: depositChannelPatchBody,
  // A proposal (docs/pending-changes.md): applied when another admin approves it.
  status: 202,
  reply: changeReply,
});
export const deleteDepositChannel = endpoint({
  method: 'DELETE',
  path: '/api/admin/channels/:id',
  operationId: 'deleteDepositChannel',
  summary: '删除充值渠道',
  description: 'Deletes a deposit channel.',
  params: channelIdParams,
  // A proposal (docs/pending-changes.md): applied when another admin approves it.
  status: 202,
  reply: changeReply,
});
export const uploadChannelQrCode = endpoint({
  method: 'POST',
  path: '/api/admin/channels/upload-qrcode',
  operationId: 'uploadChannelQrCode',
  summary: '上传收款二维码',
  description: 'Uploads a payment QR code image for a channel.',
  reply: qrUploadReply,
});
export const getQrCodeFile = endpoint({
  method: 'GET',
  path: '/api/files/qrcodes/:name',
  operationId: 'getQrCodeFile',
  summary: '收款二维码图片',
  description: "A channel's payment QR code image.",
  params: qrFileParams,
});
export const listWithdrawChannels = endpoint({
  method: 'GET',
  path: '/api/admin/withdraw-channels',
  operationId: 'listWithdrawChannels',
  summary: '提现渠道列表（管理）',
  description: 'Withdrawal channels (admin).',
  reply: adminWithdrawChannelsReply,
});
export const createWithdrawChannel = endpoint({
  method: 'POST',
  path: '/api/admin/withdraw-channels',
  operationId: 'createWithdrawChannel',
  summary: '添加提现渠道',
  description: 'Adds a withdrawal channel.',
  body: withdrawChannelBody,
  // A proposal (docs/pending-changes.md): applied when another admin approves it.
  status: 202,
  reply: changeReply,
});
export const updateWithdrawChannel = endpoint({
  method: 'PATCH',
  path: '/api/admin/withdraw-channels/:id',
  operationId: 'updateWithdrawChannel',
  summary: '修改提现渠道',
  description: 'Changes a withdrawal channel.',
  params: channelIdParams,
  body: withdrawChannelPatchBody,
  // A proposal (docs/pending-changes.md): applied when another admin approves it.
  status: 202,
  reply: changeReply,
});
export const deleteWithdrawChannel = endpoint({
  method: 'DELETE',
  path: '/api/admin/withdraw-channels/:id',
  operationId: 'deleteWithdrawChannel',
  summary: '删除提现渠道',
  description: 'Deletes a withdrawal channel.',
  params: channelIdParams,
  // A proposal (docs/pending-changes.md): applied when another admin approves it.
  status: 202,
  reply: changeReply,
});
