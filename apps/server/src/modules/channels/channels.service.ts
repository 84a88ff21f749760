import {
  type AdminDepositChannel,
  type AdminWithdrawChannel,
  CHANNEL_ADDRESS_INVALID_MESSAGE,
  DEFAULT_CURRENCY,
  type DepositChannelBody,
  type DepositChannelPatchBody,
  depositChannelBody,
  depositChannelPatchBody,
  isStatusOnly,
  QR_ADDRESS_MISMATCH_MESSAGE,
  QR_EXTERNAL_URL_MESSAGE,
  QR_FILE_NAME,
  QR_FILES_PATH,
  QR_NOT_READABLE_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  type UserDepositChannel,
  type UserWithdrawChannel,
  type WithdrawChannelBody,
  type WithdrawChannelPatchBody,
  withdrawChannelBody,
  withdrawChannelPatchBody,
} from '@platform/contracts';
import { normaliseDecimalString, usdtAddressNetwork } from '@platform/domain';
import type { z } from 'zod';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db, Executor } from '../../db/client.ts';
import { type Message, msg } from '../../i18n/i18n.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { saveAuditedUpload } from '../uploads/audited-upload.ts';
import type { UploadedImage } from '../uploads/image-upload.ts';
import * as repo from './channels.repository.ts';
import { decodeQrCode, qrCarriesAddress } from './qr-decode.ts';
import type { QrCodeStore } from './qrcode-store.ts';

export { findActiveDepositChannel, findActiveWithdrawChannel } from './channels.repository.ts';

const DEPOSIT_CHANNEL_NOT_FOUND = msg('userFacing.channels.depositNotFound');
const WITHDRAW_CHANNEL_NOT_FOUND = msg('userFacing.channels.withdrawNotFound');

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

function depositTarget(body: DepositChannelBody, current?: repo.DepositChannelRow) {
  return {
    type: body.type ?? current?.type ?? DEFAULT_DEPOSIT_CHANNEL_TYPE,
    currency: body.currency ?? current?.currency ?? DEFAULT_CURRENCY,
    address: body.address,
    qrCodeUrl: body.qr_code_url !== undefined ? body.qr_code_url : (current?.qrCodeUrl ?? null),
  } satisfies DepositChannelTarget;
}

const DEFAULT_DEPOSIT_CHANNEL_TYPE = 'crypto' as const;

/**
 * The change kinds of channels (docs/pending-changes.md): every create, edit (address, QR code,
 * limits, fee), status toggle and delete is a proposal another admin approves (issue 32).
 */
export const CHANNEL_CHANGE_KINDS = {
  depositCreate: 'channel.create',
  depositUpdate: 'channel.update',
  depositDelete: 'channel.delete',
  withdrawCreate: 'withdraw_channel.create',
  withdrawUpdate: 'withdraw_channel.update',
  withdrawDelete: 'withdraw_channel.delete',
} as const;

/** The `after` of a delete proposal (the list shows it beside the channel as it was). */
const DELETED = { deleted: true } as const;

/** A stored payload parsed again by its contract (at approval); the first problem is the 400. */
function parsed<T>(schema: { safeParse(value: unknown): z.ZodSafeParseResult<T> }, payload: unknown): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? REQUIRED_FIELDS_MESSAGE);
  return result.data;
}

export interface ChannelsServiceDeps {
  db: Db;
  qrCodes: QrCodeStore;
  changes: ChangesService;
}

/**
 * Deposit and withdrawal channels: the active lists users see, and admin maintenance as proposals
 * (docs/pending-changes.md) that take effect, audited, when another admin approves them.
 */
export function createChannelsService({ db, qrCodes, changes }: ChannelsServiceDeps) {
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

  const channelId = (targetId: string | null) => Number(targetId);

  // ---- deposit channel kinds: the payload is checked (address, decoded QR) when proposed; the
  // stale check (before = the row as it was) keeps what was checked until it is applied ----
  const currentDeposit = async (exec: Executor, targetId: string | null) => {
    const row = await repo.findDepositChannel(exec, channelId(targetId), true);
    return row ? toAdminDepositChannel(row) : null;
  };
  changes.registerKind<DepositChannelBody>({
    kind: CHANNEL_CHANGE_KINDS.depositCreate,
    requiredLevel: 'admin',
    targetType: 'deposit_channel',
    validate: (payload) => parsed(depositChannelBody, payload),
    readCurrent: async () => null,
    async apply(tx, body, { actor }) {
      const row = await repo.insertDepositChannel(tx, {
        type: DEFAULT_DEPOSIT_CHANNEL_TYPE,
        currency: DEFAULT_CURRENCY,
        status: 'active',
        ...depositValues(body),
      });
      await recordAudit(tx, actor, {
        action: 'channel.create',
        targetType: 'deposit_channel',
        targetId: row.id,
        after: toAdminDepositChannel(row),
      });
    },
  });
  changes.registerKind<DepositChannelPatchBody>({
    kind: CHANNEL_CHANGE_KINDS.depositUpdate,
    requiredLevel: 'admin',
    targetType: 'deposit_channel',
    validate: (payload) => parsed(depositChannelPatchBody, payload),
    readCurrent: currentDeposit,
    async apply(tx, body, { actor, change }) {
      const id = channelId(change.targetId);
      const current = await repo.findDepositChannel(tx, id, true);
      const toggle = isStatusOnly(body);
      const row = await repo.updateDepositChannel(
        tx,
        id,
        toggle ? { status: body.status } : depositValues(body),
      );
      if (!current || !row) throw notFound(DEPOSIT_CHANNEL_NOT_FOUND);
      await recordAudit(tx, actor, {
        action: toggle ? 'channel.status' : 'channel.update',
        targetType: 'deposit_channel',
        targetId: id,
        before: toAdminDepositChannel(current),
        after: toAdminDepositChannel(row),
      });
    },
  });
  changes.registerKind<typeof DELETED>({
    kind: CHANNEL_CHANGE_KINDS.depositDelete,
    requiredLevel: 'admin',
    targetType: 'deposit_channel',
    validate: () => DELETED,
    readCurrent: currentDeposit,
    async apply(tx, _none, { actor, change }) {
      const id = channelId(change.targetId);
      const row = await repo.deleteDepositChannel(tx, id);
      if (!row) throw notFound(DEPOSIT_CHANNEL_NOT_FOUND);
      await recordAudit(tx, actor, {
        action: 'channel.delete',
        targetType: 'deposit_channel',
        targetId: id,
        before: toAdminDepositChannel(row),
      });
    },
  });

  // ---- withdrawal channel kinds ----
  const currentWithdraw = async (exec: Executor, targetId: string | null) => {
    const row = await repo.findWithdrawChannel(exec, channelId(targetId), true);
    return row ? toAdminWithdrawChannel(row) : null;
  };
  changes.registerKind<WithdrawChannelBody>({
    kind: CHANNEL_CHANGE_KINDS.withdrawCreate,
    requiredLevel: 'admin',
    targetType: 'withdraw_channel',
    validate: (payload) => parsed(withdrawChannelBody, payload),
    readCurrent: async () => null,
    async apply(tx, body, { actor }) {
      const row = await repo.insertWithdrawChannel(tx, {
        currency: DEFAULT_CURRENCY,
        status: 'active',
        ...withdrawValues(body),
      });
      await recordAudit(tx, actor, {
        action: 'withdraw_channel.create',
        targetType: 'withdraw_channel',
        targetId: row.id,
        after: toAdminWithdrawChannel(row),
      });
    },
  });
  changes.registerKind<WithdrawChannelPatchBody>({
    kind: CHANNEL_CHANGE_KINDS.withdrawUpdate,
    requiredLevel: 'admin',
    targetType: 'withdraw_channel',
    validate: (payload) => parsed(withdrawChannelPatchBody, payload),
    readCurrent: currentWithdraw,
    async apply(tx, body, { actor, change }) {
      const id = channelId(change.targetId);
      const current = await repo.findWithdrawChannel(tx, id, true);
      const toggle = isStatusOnly(body);
      const row = await repo.updateWithdrawChannel(
        tx,
        id,
        toggle ? { status: body.status } : withdrawValues(body),
      );
      if (!current || !row) throw notFound(WITHDRAW_CHANNEL_NOT_FOUND);
      await recordAudit(tx, actor, {
        action: toggle ? 'withdraw_channel.status' : 'withdraw_channel.update',
        targetType: 'withdraw_channel',
        targetId: id,
        before: toAdminWithdrawChannel(current),
        after: toAdminWithdrawChannel(row),
      });
    },
  });
  changes.registerKind<typeof DELETED>({
    kind: CHANNEL_CHANGE_KINDS.withdrawDelete,
    requiredLevel: 'admin',
    targetType: 'withdraw_channel',
    validate: () => DELETED,
    readCurrent: currentWithdraw,
    async apply(tx, _none, { actor, change }) {
      const id = channelId(change.targetId);
      const row = await repo.deleteWithdrawChannel(tx, id);
      if (!row) throw notFound(WITHDRAW_CHANNEL_NOT_FOUND);
      await recordAudit(tx, actor, {
        action: 'withdraw_channel.delete',
        targetType: 'withdraw_channel',
        targetId: id,
        before: toAdminWithdrawChannel(row),
      });
    },
  });

  /** A proposal about an existing channel: 404 (nothing proposed) when it does not exist. */
  async function proposeAbout(
    kind: string,
    id: number,
    payload: unknown,
    actor: AuditActor,
    exists: (exec: Executor, id: number) => Promise<unknown>,
    missing: Message,
  ) {
    if (!(await exists(db, id))) throw notFound(missing);
    return changes.propose(kind, String(id), payload, actor);
  }

  return {
    // ---- deposit channels ----
    async listDepositChannels() {
      return (await repo.listDepositChannels(db)).map(toAdminDepositChannel);
    },

    async listActiveDepositChannels() {
      return (await repo.listDepositChannels(db, true)).map(toUserDepositChannel);
    },

    /** Proposes a new channel (address and QR code checked now); it exists once approved. */
    async proposeDepositChannel(actor: AuditActor, body: DepositChannelBody) {
      const target = depositTarget(body);
      await checkDepositTarget(target);
      return changes.propose(
        CHANNEL_CHANGE_KINDS.depositCreate,
        null,
        { ...body, type: target.type, currency: target.currency },
        actor,
      );
    },

    /**
     * Proposes an edit or a status toggle. An edit's payload carries the type, currency and QR code
     * it was checked with (the current ones where the form left them out), so that what is applied
     * is what was checked.
     */
    async proposeDepositChannelUpdate(actor: AuditActor, id: number, body: DepositChannelPatchBody) {
      const current = await repo.findDepositChannel(db, id);
      if (!current) throw notFound(DEPOSIT_CHANNEL_NOT_FOUND);
      let payload: DepositChannelPatchBody = body;
      if (!isStatusOnly(body)) {
        const target = depositTarget(body, current);
        await checkDepositTarget(target);
        payload = { ...body, type: target.type, currency: target.currency, qr_code_url: target.qrCodeUrl };
      }
      return changes.propose(CHANNEL_CHANGE_KINDS.depositUpdate, String(id), payload, actor);
    },

    proposeDepositChannelDelete: (actor: AuditActor, id: number) =>
      proposeAbout(
        CHANNEL_CHANGE_KINDS.depositDelete,
        id,
        DELETED,
        actor,
        repo.findDepositChannel,
        DEPOSIT_CHANNEL_NOT_FOUND,
      ),

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

    proposeWithdrawChannel: (actor: AuditActor, body: WithdrawChannelBody) =>
      changes.propose(CHANNEL_CHANGE_KINDS.withdrawCreate, null, body, actor),

    proposeWithdrawChannelUpdate: (actor: AuditActor, id: number, body: WithdrawChannelPatchBody) =>
      proposeAbout(
        CHANNEL_CHANGE_KINDS.withdrawUpdate,
        id,
        body,
        actor,
        repo.findWithdrawChannel,
        WITHDRAW_CHANNEL_NOT_FOUND,
      ),

    proposeWithdrawChannelDelete: (actor: AuditActor, id: number) =>
      proposeAbout(
        CHANNEL_CHANGE_KINDS.withdrawDelete,
        id,
        DELETED,
        actor,
        repo.findWithdrawChannel,
        WITHDRAW_CHANNEL_NOT_FOUND,
      ),
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
