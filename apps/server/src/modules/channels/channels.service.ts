import {
  type AdminDepositChannel,
  type AdminWithdrawChannel,
  CHANNEL_ADDRESS_INVALID_MESSAGE,
  DEFAULT_CURRENCY,
  type DepositChannelBody,
  type DepositChannelPatchBody,
  isStatusOnly,
  QR_ADDRESS_MISMATCH_MESSAGE,
  QR_EXTERNAL_URL_MESSAGE,
  QR_FILE_NAME,
  QR_FILES_PATH,
  QR_NOT_READABLE_MESSAGE,
  type UserDepositChannel,
  type UserWithdrawChannel,
  type WithdrawChannelBody,
  type WithdrawChannelPatchBody,
} from '@platform/contracts';
import { normaliseDecimalString, usdtAddressNetwork } from '@platform/domain';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { saveAuditedUpload } from '../uploads/audited-upload.ts';
import type { UploadedImage } from '../uploads/image-upload.ts';
import * as repo from './channels.repository.ts';
import { decodeQrCode, qrCarriesAddress } from './qr-decode.ts';
import type { QrCodeStore } from './qrcode-store.ts';

export { findActiveDepositChannel, findActiveWithdrawChannel } from './channels.repository.ts';

export const DEPOSIT_CHANNEL_NOT_FOUND = '充值渠道不存在';
export const WITHDRAW_CHANNEL_NOT_FOUND = '提现渠道不存在';

export function toAdminDepositChannel(row: repo.DepositChannelRow): AdminDepositChannel {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    currency: row.currency,
    address: row.address,
    qr_code_url: row.qrCodeUrl,
    min_amount: normaliseDecimalString(row.minAmount),
    max_amount: normaliseDecimalString(row.maxAmount),
    status: row.status,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toUserDepositChannel(row: repo.DepositChannelRow): UserDepositChannel {
  const { status: _status, created_at: _c, updated_at: _u, ...rest } = toAdminDepositChannel(row);
  return rest;
}

export function toAdminWithdrawChannel(row: repo.WithdrawChannelRow): AdminWithdrawChannel {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    currency: row.currency,
    min_amount: normaliseDecimalString(row.minAmount),
    max_amount: normaliseDecimalString(row.maxAmount),
    fee_rate: normaliseDecimalString(row.feeRate),
    status: row.status,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toUserWithdrawChannel(row: repo.WithdrawChannelRow): UserWithdrawChannel {
  const { status: _status, created_at: _c, updated_at: _u, ...rest } = toAdminWithdrawChannel(row);
  return rest;
}

/** The form's values as columns; absent optional fields are left out (kept on update). */
function depositValues(body: DepositChannelBody) {
  return {
    name: body.name,
    address: body.address,
    minAmount: body.min_amount,
    maxAmount: body.max_amount,
    ...(body.type !== undefined && { type: body.type }),
    ...(body.currency !== undefined && { currency: body.currency }),
    ...(body.qr_code_url !== undefined && { qrCodeUrl: body.qr_code_url }),
    ...(body.status !== undefined && { status: body.status }),
    ...(body.description !== undefined && { description: body.description }),
  };
}

function withdrawValues(body: WithdrawChannelBody) {
  return {
    name: body.name,
    type: body.type,
    minAmount: body.min_amount,
    maxAmount: body.max_amount,
    feeRate: body.fee_rate,
    ...(body.currency !== undefined && { currency: body.currency }),
    ...(body.status !== undefined && { status: body.status }),
    ...(body.description !== undefined && { description: body.description }),
  };
}

/** What a deposit channel will be after a save: the body's fields over the current row's. */
interface DepositChannelTarget {
  type: string;
  currency: string;
  address: string;
  qrCodeUrl: string | null;
}

function depositTarget(body: DepositChannelBody, current?: repo.DepositChannelRow): DepositChannelTarget {
  return {
    type: body.type ?? current?.type ?? 'crypto',
    currency: body.currency ?? current?.currency ?? DEFAULT_CURRENCY,
    address: body.address,
    qrCodeUrl: body.qr_code_url !== undefined ? body.qr_code_url : (current?.qrCodeUrl ?? null),
  };
}

export interface ChannelsServiceDeps {
  db: Db;
  qrCodes: QrCodeStore;
}

/** Deposit and withdrawal channels: admin maintenance (audited) and the active lists users see. */
export function createChannelsService({ db, qrCodes }: ChannelsServiceDeps) {
  /**
   * Where users will send money (issue 32): a USDT channel's address is a TRC20 or ERC20 one
   * (checksums included), and the QR code is an uploaded image the server decodes: a crypto
   * channel's must pay the channel's address, any other's must at least be a QR code. A row kept
   * from before (an external URL) must be replaced by an upload on the next save.
   */
  async function checkDepositTarget(target: DepositChannelTarget) {
    const usdt = target.type === 'crypto' && target.currency === 'USDT';
    if (usdt && !usdtAddressNetwork(target.address)) throw badRequest(CHANNEL_ADDRESS_INVALID_MESSAGE);
    if (target.qrCodeUrl === null) return;
    const name = target.qrCodeUrl.startsWith(QR_FILES_PATH)
      ? target.qrCodeUrl.slice(QR_FILES_PATH.length)
      : '';
    if (!QR_FILE_NAME.test(name)) throw badRequest(QR_EXTERNAL_URL_MESSAGE);
    const file = await qrCodes.read(name);
    const text = file ? await decodeQrCode(file.bytes) : null;
    if (text === null) throw badRequest(QR_NOT_READABLE_MESSAGE);
    if (target.type === 'crypto' && !qrCarriesAddress(text, target.address))
      throw badRequest(QR_ADDRESS_MISMATCH_MESSAGE);
  }

  return {
    // ---- deposit channels ----
    async listDepositChannels() {
      return (await repo.listDepositChannels(db)).map(toAdminDepositChannel);
    },

    async listActiveDepositChannels() {
      return (await repo.listDepositChannels(db, true)).map(toUserDepositChannel);
    },

    async createDepositChannel(actor: AuditActor, body: DepositChannelBody) {
      await checkDepositTarget(depositTarget(body));
      return db.transaction(async (tx) => {
        const row = await repo.insertDepositChannel(tx, {
          type: 'crypto',
          currency: DEFAULT_CURRENCY,
          status: 'active',
          ...depositValues(body),
        });
        const after = toAdminDepositChannel(row);
        await recordAudit(tx, actor, {
          action: 'channel.create',
          targetType: 'deposit_channel',
          targetId: row.id,
          after,
        });
        return after;
      });
    },

    async updateDepositChannel(actor: AuditActor, id: number, body: DepositChannelPatchBody) {
      return db.transaction(async (tx) => {
        const current = await repo.findDepositChannel(tx, id, true);
        if (!current) throw notFound(DEPOSIT_CHANNEL_NOT_FOUND);
        const toggle = isStatusOnly(body);
        if (!toggle) await checkDepositTarget(depositTarget(body, current));
        const row = await repo.updateDepositChannel(
          tx,
          id,
          toggle ? { status: body.status } : depositValues(body),
        );
        if (!row) throw notFound(DEPOSIT_CHANNEL_NOT_FOUND);
        const after = toAdminDepositChannel(row);
        await recordAudit(tx, actor, {
          action: toggle ? 'channel.status' : 'channel.update',
          targetType: 'deposit_channel',
          targetId: id,
          before: toAdminDepositChannel(current),
          after,
        });
        return after;
      });
    },

    async deleteDepositChannel(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const row = await repo.deleteDepositChannel(tx, id);
        if (!row) throw notFound(DEPOSIT_CHANNEL_NOT_FOUND);
        await recordAudit(tx, actor, {
          action: 'channel.delete',
          targetType: 'deposit_channel',
          targetId: id,
          before: toAdminDepositChannel(row),
        });
      });
    },

    /** Stores an uploaded QR image and audits the upload (file name, type, size, SHA-256). */
    async storeQrCode(actor: AuditActor, image: UploadedImage) {
      const name = await saveAuditedUpload(db, qrCodes, actor, {
        image,
        action: 'channel.qrcode_upload',
        location: (stored) => ({ url: `${QR_FILES_PATH}${stored}` }),
      });
      return `${QR_FILES_PATH}${name}`;
    },

    readQrCode: (name: string) => qrCodes.read(name),

    // ---- withdrawal channels ----
    async listWithdrawChannels() {
      return (await repo.listWithdrawChannels(db)).map(toAdminWithdrawChannel);
    },

    async listActiveWithdrawChannels() {
      return (await repo.listWithdrawChannels(db, true)).map(toUserWithdrawChannel);
    },

    async createWithdrawChannel(actor: AuditActor, body: WithdrawChannelBody) {
      return db.transaction(async (tx) => {
        const row = await repo.insertWithdrawChannel(tx, {
          currency: DEFAULT_CURRENCY,
          status: 'active',
          ...withdrawValues(body),
        });
        const after = toAdminWithdrawChannel(row);
        await recordAudit(tx, actor, {
          action: 'withdraw_channel.create',
          targetType: 'withdraw_channel',
          targetId: row.id,
          after,
        });
        return after;
      });
    },

    async updateWithdrawChannel(actor: AuditActor, id: number, body: WithdrawChannelPatchBody) {
      return db.transaction(async (tx) => {
        const current = await repo.findWithdrawChannel(tx, id, true);
        if (!current) throw notFound(WITHDRAW_CHANNEL_NOT_FOUND);
        const toggle = isStatusOnly(body);
        const row = await repo.updateWithdrawChannel(
          tx,
          id,
          toggle ? { status: body.status } : withdrawValues(body),
        );
        if (!row) throw notFound(WITHDRAW_CHANNEL_NOT_FOUND);
        const after = toAdminWithdrawChannel(row);
        await recordAudit(tx, actor, {
          action: toggle ? 'withdraw_channel.status' : 'withdraw_channel.update',
          targetType: 'withdraw_channel',
          targetId: id,
          before: toAdminWithdrawChannel(current),
          after,
        });
        return after;
      });
    },

    async deleteWithdrawChannel(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const row = await repo.deleteWithdrawChannel(tx, id);
        if (!row) throw notFound(WITHDRAW_CHANNEL_NOT_FOUND);
        await recordAudit(tx, actor, {
          action: 'withdraw_channel.delete',
          targetType: 'withdraw_channel',
          targetId: id,
          before: toAdminWithdrawChannel(row),
        });
      });
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
