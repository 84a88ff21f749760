import multipart from '@fastify/multipart';
import {
  createDepositChannel,
  createWithdrawChannel,
  deleteDepositChannel,
  deleteWithdrawChannel,
  getQrCodeFile,
  listActiveDepositChannels,
  listActiveWithdrawChannels,
  listDepositChannels,
  listWithdrawChannels,
  QR_IMAGE_TYPES,
  QR_MAX_BYTES,
  QR_UPLOAD_FIELD,
  updateDepositChannel,
  updateWithdrawChannel,
  uploadChannelQrCode,
} from '@platform/contracts';
import { notFound } from '../../core/errors.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { tr } from '../../i18n/i18n.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import { proposed } from '../dual-control/proposed.ts';
import {
  type ImageUploadOptions,
  imageUploadLimits,
  notAnImage,
  readImageUploads,
} from '../uploads/image-upload.ts';
import type { ChannelsService } from './channels.service.ts';

/** QR uploads per client address and minute. */
export const QR_UPLOAD_RATE_LIMIT_PER_MINUTE = 30;

/** One image in the qrcode field, of the types QR_FILE_NAME accepts; without it 请选择图片文件. */
const uploadRules: ImageUploadOptions<typeof QR_UPLOAD_FIELD> = {
  fields: [QR_UPLOAD_FIELD],
  missingMessage: notAnImage,
  maxBytes: QR_MAX_BYTES,
  allowed: QR_IMAGE_TYPES,
};

export async function registerChannelRoutes(
  app: Router,
  deps: { channels: ChannelsService; guards: Guards },
) {
  const { channels, guards } = deps;
  const admin = { tags: ['channels'], security };
  const wallet = { tags: ['wallet'], security };

  // ---- deposit channels (admin) ----
  route(app, listDepositChannels, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok({ channels: await channels.listDepositChannels() }, tr(request, 'channels.depositLoaded')),
  });

  route(app, createDepositChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      proposed(reply, await channels.proposeDepositChannel(auditActor(request), request.body)),
  });

  route(app, updateDepositChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      proposed(
        reply,
        await channels.proposeDepositChannelUpdate(auditActor(request), request.params.id, request.body),
      ),
  });

  route(app, deleteDepositChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      proposed(reply, await channels.proposeDepositChannelDelete(auditActor(request), request.params.id)),
  });

  // The multipart parser lives only in this scope: no other route accepts multipart bodies.
  await app.register(async (scope: Router) => {
    await scope.register(multipart, {
      limits: imageUploadLimits(uploadRules),
    });
    route(scope, uploadChannelQrCode, {
      ...admin,
      consumes: ['multipart/form-data'],
      config: { rateLimit: { max: QR_UPLOAD_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      preHandler: guards.requireAdmin,
      handler: async (request) => {
        const { files } = await readImageUploads(request, uploadRules);
        return ok(
          { url: await channels.storeQrCode(auditActor(request), files[QR_UPLOAD_FIELD]) },
          tr(request, 'content.uploaded'),
        );
      },
    });
  });

  /** Uploaded QR images: any signed-in user may see them (they pay with them), nobody else. */
  route(app, getQrCodeFile, {
    tags: ['files'],
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) => {
      const file = await channels.readQrCode(request.params.name);
      if (!file) throw notFound(tr(request, 'content.fileNotFound'));
      return reply
        .header('Content-Type', file.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'private, max-age=86400')
        .send(file.bytes);
    },
  });

  // ---- withdrawal channels (admin) ----
  route(app, listWithdrawChannels, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok({ channels: await channels.listWithdrawChannels() }, tr(request, 'channels.withdrawLoaded')),
  });

  route(app, createWithdrawChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      proposed(reply, await channels.proposeWithdrawChannel(auditActor(request), request.body)),
  });

  route(app, updateWithdrawChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      proposed(
        reply,
        await channels.proposeWithdrawChannelUpdate(auditActor(request), request.params.id, request.body),
      ),
  });

  route(app, deleteWithdrawChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      proposed(reply, await channels.proposeWithdrawChannelDelete(auditActor(request), request.params.id)),
  });

  // ---- what users see ----
  route(app, listActiveDepositChannels, {
    ...wallet,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok({ channels: await channels.listActiveDepositChannels() }, tr(request, 'channels.depositLoaded')),
  });

  route(app, listActiveWithdrawChannels, {
    ...wallet,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok({ channels: await channels.listActiveWithdrawChannels() }, tr(request, 'channels.withdrawLoaded')),
  });
}
