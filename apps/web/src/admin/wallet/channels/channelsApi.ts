import {
  type AdminDepositChannel,
  type AdminWithdrawChannel,
  type ChannelStatus,
  createDepositChannel,
  createWithdrawChannel,
  type DepositChannelInput,
  deleteDepositChannel as deleteDepositChannelEndpoint,
  deleteWithdrawChannel as deleteWithdrawChannelEndpoint,
  listDepositChannels,
  listWithdrawChannels,
  QR_UPLOAD_FIELD,
  updateDepositChannel,
  updateWithdrawChannel,
  uploadChannelQrCode,
  type WithdrawChannelInput,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';

/** The calls of the channel screens (spec 001 §7), typed by the contracts. */

export const DEPOSIT_CHANNELS_KEY = ['admin', 'deposit-channels'] as const;
export const WITHDRAW_CHANNELS_KEY = ['admin', 'withdraw-channels'] as const;

export async function fetchDepositChannels(signal?: AbortSignal): Promise<AdminDepositChannel[]> {
  const reply = await call(listDepositChannels, { signal });
  return reply.data.channels;
}

/**
 * Every channel change is a proposal another admin approves (202, docs/pending-changes.md): the
 * calls below resolve to the server's message (已提交，待另一位管理员批准后生效), which the screens show.
 */

/** Proposes a new deposit channel (no id) or an edit; resolves to the server's message. */
export async function saveDepositChannel(id: number | null, body: DepositChannelInput) {
  const reply = id
    ? await call(updateDepositChannel, { params: { id }, body })
    : await call(createDepositChannel, { body });
  return reply.message;
}

export async function setDepositChannelStatus(id: number, status: ChannelStatus) {
  return (await call(updateDepositChannel, { params: { id }, body: { status } })).message;
}

export const deleteDepositChannel = async (id: number) =>
  (await call(deleteDepositChannelEndpoint, { params: { id } })).message;

/** Uploads a QR image (multipart field `qrcode`); resolves to its private URL. */
export async function uploadQrCode(file: File): Promise<string> {
  const form = new FormData();
  form.append(QR_UPLOAD_FIELD, file);
  const reply = await call(uploadChannelQrCode, { body: form });
  return reply.data.url;
}

export async function fetchWithdrawChannels(signal?: AbortSignal): Promise<AdminWithdrawChannel[]> {
  const reply = await call(listWithdrawChannels, { signal });
  return reply.data.channels;
}

export async function saveWithdrawChannel(id: number | null, body: WithdrawChannelInput) {
  const reply = id
    ? await call(updateWithdrawChannel, { params: { id }, body })
    : await call(createWithdrawChannel, { body });
  return reply.message;
}

export async function setWithdrawChannelStatus(id: number, status: ChannelStatus) {
  return (await call(updateWithdrawChannel, { params: { id }, body: { status } })).message;
}

export const deleteWithdrawChannel = async (id: number) =>
  (await call(deleteWithdrawChannelEndpoint, { params: { id } })).message;
