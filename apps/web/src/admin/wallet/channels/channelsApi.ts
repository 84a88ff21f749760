import type {
  AdminDepositChannel,
  AdminWithdrawChannel,
  ChannelStatus,
  DepositChannelInput,
  WithdrawChannelInput,
} from '@platform/contracts';
import { QR_UPLOAD_FIELD } from '@platform/contracts';
import { api } from '../../../lib/request.ts';

/** The calls of the channel screens (spec 001 §7), typed by the contracts. */

export const DEPOSIT_CHANNELS_KEY = ['admin', 'deposit-channels'] as const;
export const WITHDRAW_CHANNELS_KEY = ['admin', 'withdraw-channels'] as const;

export async function fetchDepositChannels(signal?: AbortSignal): Promise<AdminDepositChannel[]> {
  const reply = await api.get<{ channels: AdminDepositChannel[] }>('/admin/channels', undefined, signal);
  return reply.data.channels;
}

/** Creates (no id) or updates a deposit channel; resolves to the saved channel. */
export async function saveDepositChannel(id: number | null, body: DepositChannelInput) {
  const reply = id
    ? await api.patch<{ channel: AdminDepositChannel }>(`/admin/channels/${id}`, body)
    : await api.post<{ channel: AdminDepositChannel }>('/admin/channels', body);
  return reply.data.channel;
}

export async function setDepositChannelStatus(id: number, status: ChannelStatus) {
  const reply = await api.patch<{ channel: AdminDepositChannel }>(`/admin/channels/${id}`, { status });
  return reply.data.channel;
}

export const deleteDepositChannel = (id: number) => api.delete<null>(`/admin/channels/${id}`);

/** Uploads a QR image (multipart field `qrcode`); resolves to its private URL. */
export async function uploadQrCode(file: File): Promise<string> {
  const form = new FormData();
  form.append(QR_UPLOAD_FIELD, file);
  const reply = await api.post<{ url: string }>('/admin/channels/upload-qrcode', form);
  return reply.data.url;
}

export async function fetchWithdrawChannels(signal?: AbortSignal): Promise<AdminWithdrawChannel[]> {
  const reply = await api.get<{ channels: AdminWithdrawChannel[] }>(
    '/admin/withdraw-channels',
    undefined,
    signal,
  );
  return reply.data.channels;
}

export async function saveWithdrawChannel(id: number | null, body: WithdrawChannelInput) {
  const reply = id
    ? await api.patch<{ channel: AdminWithdrawChannel }>(`/admin/withdraw-channels/${id}`, body)
    : await api.post<{ channel: AdminWithdrawChannel }>('/admin/withdraw-channels', body);
  return reply.data.channel;
}

export async function setWithdrawChannelStatus(id: number, status: ChannelStatus) {
  const reply = await api.patch<{ channel: AdminWithdrawChannel }>(`/admin/withdraw-channels/${id}`, {
    status,
  });
  return reply.data.channel;
}

export const deleteWithdrawChannel = (id: number) => api.delete<null>(`/admin/withdraw-channels/${id}`);
