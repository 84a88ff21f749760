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
  NOT_AN_IMAGE_MESSAGE,
  QR_IMAGE_TYPES,
  QR_MAX_BYTES,
  QR_UPLOAD_FIELD,
  updateDepositChannel,
  updateWithdrawChannel,
  uploadChannelQrCode,
} from '@platform/contracts';
import { notFound } from '../../core/errors.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import { type ImageUploadOptions, imageUploadLimits, readImageUploads } from '../uploads/image-upload.ts';
import type { ChannelsService } from './channels.service.ts';

/** QR uploads per client address and minute. */
export const QR_UPLOAD_RATE_LIMIT_PER_MINUTE = 30;

/** One image in the qrcode field, of the types QR_FILE_NAME accepts; without it 请选择图片文件. */
const uploadRules: ImageUploadOptions<typeof QR_UPLOAD_FIELD> = {
  fields: [QR_UPLOAD_FIELD],
  missingMessage: NOT_AN_IMAGE_MESSAGE,
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
    handler: async () => ok({ channels: await channels.listDepositChannels() }, '获取充值渠道成功'),
  });

  route(app, createDepositChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok({ channel: await channels.createDepositChannel(auditActor(request), request.body) }, '添加成功'),
  });

  route(app, updateDepositChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        {
          channel: await channels.updateDepositChannel(auditActor(request), request.params.id, request.body),
        },
        '更新成功',
      ),
  });

  route(app, deleteDepositChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      await channels.deleteDepositChannel(auditActor(request), request.params.id);
      return ok(null, '删除成功');
    },
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
          '上传成功',
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
      if (!file) throw notFound('文件不存在');
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
    handler: async () => ok({ channels: await channels.listWithdrawChannels() }, '获取提现渠道成功'),
  });

  route(app, createWithdrawChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok({ channel: await channels.createWithdrawChannel(auditActor(request), request.body) }, '添加成功'),
  });

  route(app, updateWithdrawChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        {
          channel: await channels.updateWithdrawChannel(auditActor(request), request.params.id, request.body),
        },
        '更新成功',
      ),
  });

  route(app, deleteWithdrawChannel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      await channels.deleteWithdrawChannel(auditActor(request), request.params.id);
      return ok(null, '删除成功');
    },
  });

  // ---- what users see ----
  route(app, listActiveDepositChannels, {
    ...wallet,
    preHandler: guards.requireUser,
    handler: async () => ok({ channels: await channels.listActiveDepositChannels() }, '获取充值渠道成功'),
  });

  route(app, listActiveWithdrawChannels, {
    ...wallet,
    preHandler: guards.requireUser,
    handler: async () => ok({ channels: await channels.listActiveWithdrawChannels() }, '获取提现渠道成功'),
  });
}
