import multipart from '@fastify/multipart';
import {
  getKycDetails,
  getKycDocument,
  getKycStatus,
  KYC_DOCUMENT_URL_TTL_SECONDS,
  KYC_IMAGE_MAX_BYTES,
  KYC_IMAGE_TYPES,
  KYC_SUBMIT_FIELDS,
  listKycApplications,
  reviewKyc,
  submitKyc,
} from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { msg, tr } from '../../i18n/i18n.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import { sealed } from '../idempotency/effect-seal.ts';
import { imageUploadLimits, readImageUploads } from '../uploads/image-upload.ts';
import type { KycService } from './kyc.service.ts';

/** Submissions per client address and hour. */
export const KYC_SUBMIT_RATE_LIMIT_PER_HOUR = 20;

const FILE_FIELDS = [KYC_SUBMIT_FIELDS.idFront, KYC_SUBMIT_FIELDS.idBack];
const FILE_LABELS = {
  [KYC_SUBMIT_FIELDS.idFront]: msg('userFacing.uploads.idFront'),
  [KYC_SUBMIT_FIELDS.idBack]: msg('userFacing.uploads.idBack'),
};

export async function registerKycRoutes(app: Router, deps: { kyc: KycService; guards: Guards }) {
  const { kyc, guards } = deps;
  const tags = ['kyc'];

  // The multipart parser lives only in this scope.
  await app.register(async (scope: Router) => {
    await scope.register(multipart, {
      limits: imageUploadLimits({ fields: FILE_FIELDS, maxBytes: KYC_IMAGE_MAX_BYTES, textFields: 4 }),
    });
    route(scope, submitKyc, {
      tags,
      security,
      consumes: ['multipart/form-data'],
      config: { rateLimit: { max: KYC_SUBMIT_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
      preHandler: guards.requireUser,
      handler: async (request) => {
        const upload = await readImageUploads(request, {
          fields: FILE_FIELDS,
          labels: FILE_LABELS,
          maxBytes: KYC_IMAGE_MAX_BYTES,
          allowed: KYC_IMAGE_TYPES,
        });
        return ok(
          { application: await kyc.submit(caller(request).user.id, upload) },
          tr(request, 'kyc.submitted'),
        );
      },
    });
  });

  route(app, getKycStatus, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await kyc.status(caller(request).user.id), tr(request, 'kyc.statusLoaded')),
  });

  route(app, getKycDetails, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        { application: await kyc.details(caller(request).user.id, request.params.id) },
        tr(request, 'kyc.detailsLoaded'),
      ),
  });

  /** No bearer (an <img> cannot send one): the signature in the query is the authorisation. */
  route(app, getKycDocument, {
    tags,
    handler: async (request, reply) => {
      const file = await kyc.readDocument(request.params.name, request.query);
      return reply
        .header('Content-Type', file.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', `private, max-age=${KYC_DOCUMENT_URL_TTL_SECONDS}`)
        .header('Referrer-Policy', 'no-referrer')
        .send(file.bytes);
    },
  });

  const admin = { tags: ['admin-kyc'], security };
  route(app, listKycApplications, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => ok(await kyc.listForAdmin(request.query), tr(request, 'kyc.listLoaded')),
  });

  route(app, reviewKyc, {
    // Not money, but a review: a retried approval that succeeded gets its 200 again (Idempotency-Key).
    config: { idempotent: 'sealed' },
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => kyc.review(auditActor(request), request.params.id, request.body),
        (reviewed) =>
          ok(
            { request: reviewed },
            tr(request, reviewed.status === 'approved' ? 'kyc.approved' : 'kyc.rejected'),
          ),
      ),
  });
}
