import {
  type AdminKycQuery,
  type AdminKycRequest,
  KYC_DOCUMENT_URL_TTL_SECONDS,
  KYC_ID_NUMBER_MESSAGES,
  KYC_ID_NUMBER_TAKEN_MESSAGE,
  KYC_REJECT_REASON_REQUIRED,
  type KycApplication,
  type KycReviewBody,
  type KycStatusUpdateEvent,
  kycSubmitFields,
  REALTIME_EVENTS,
} from '@platform/contracts';
import { idCardProblem, normalizeIdCard } from '@platform/domain';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors.ts';
import { assertNotOwnRequest } from '../../core/own-request.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { msg } from '../../i18n/i18n.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { currentSeal, sealEffect } from '../idempotency/effect-seal.ts';
import { kycDecided } from '../notifications/notices.ts';
import { notify, pushNotifications } from '../notifications/notifications.service.ts';
import { adminNotice } from '../realtime/admin-notices.ts';
import type { Realtime } from '../realtime/realtime.ts';
import type { ImageStore } from '../uploads/image-store.ts';
import type { UploadedImage } from '../uploads/image-upload.ts';
import type { UrlSigner } from '../uploads/signed-url.ts';
import * as repo from './kyc.repository.ts';

export const KYC_ALREADY_APPROVED = msg('kyc.alreadyApproved');
export const KYC_ALREADY_PENDING = msg('kyc.alreadyPending');
export const KYC_ALREADY_DECIDED = msg('kyc.alreadyDecided');
export const KYC_NOT_FOUND = msg('kyc.notFound');
export const KYC_SIGNATURE_INVALID = msg('kyc.signatureInvalid');
export const KYC_DOCUMENTS_PATH = '/api/kyc/documents';

export interface KycSubmission {
  fields: Record<string, string>;
  files: Record<string, UploadedImage>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createKycService(deps: {
  db: Db;
  realtime: Realtime;
  documents: ImageStore;
  signer: UrlSigner;
}) {
  const { db, realtime, documents, signer } = deps;

  /** A signed, short-lived URL of a stored document; only built for the owner and admins. */
  const documentUrl = (name: string) =>
    signer.sign(`${KYC_DOCUMENTS_PATH}/${name}`, KYC_DOCUMENT_URL_TTL_SECONDS);

  const toOwnView = (row: repo.KycRow): KycApplication => ({
    id: row.id,
    real_name: row.realName,
    id_number: row.idNumber,
    document_type: 'id_card',
    id_front_url: documentUrl(row.idFrontFile),
    id_back_url: documentUrl(row.idBackFile),
    status: row.status,
    admin_note: row.adminNote,
    created_at: row.createdAt.toISOString(),
    reviewed_at: iso(row.reviewedAt),
  });

  const toAdminView = (
    row: repo.KycWithUser,
    duplicates: repo.DuplicateIds | undefined,
  ): AdminKycRequest => ({
    ...toOwnView(row),
    user: { id: row.userId, email: row.userEmail, phone: row.userPhone },
    duplicate_id_count: duplicates?.count ?? 0,
    duplicate_id_applications: duplicates?.applications ?? [],
  });

  /** The admin view of rows, each with the other accounts' applications that use its number. */
  const toAdminViews = async (rows: repo.KycWithUser[], exec: Executor = db): Promise<AdminKycRequest[]> => {
    const duplicates = await repo.findDuplicateIds(
      exec,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toAdminView(row, duplicates.get(row.id)));
  };

  const liveConflict = (status: string) =>
    conflict(status === 'approved' ? KYC_ALREADY_APPROVED : KYC_ALREADY_PENDING);

  return {
    documentUrl,

    async submit(userId: number, submission: KycSubmission): Promise<KycApplication> {
      const parsed = kycSubmitFields.safeParse(submission.fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? msg('kyc.badParameters'));
      const problem = idCardProblem(parsed.data.id_number);
      if (problem) throw badRequest(KYC_ID_NUMBER_MESSAGES[problem]);
      const front = submission.files.id_front;
      const back = submission.files.id_back;
      if (!front || !back) throw badRequest(msg('kyc.photosRequired'));

      const user = await repo.findUserKyc(db, userId);
      if (!user) throw notFound(msg('auth.userNotFound'));
      if (user.kycStatus === 'approved') throw conflict(KYC_ALREADY_APPROVED);
      const live = await repo.findLiveApplication(db, userId);
      if (live) throw liveConflict(live.status);
      // One identity per person: checked here so that nothing is stored for a refused number; the
      // partial unique index decides between two accounts submitting it at the same moment.
      const idNumber = normalizeIdCard(parsed.data.id_number);
      if (await repo.findIdentityHolder(db, idNumber, userId)) throw conflict(KYC_ID_NUMBER_TAKEN_MESSAGE);

      const frontName = await documents.save(front);
      const backName = await documents.save(back);
      let row: repo.KycRow;
      try {
        row = await db.transaction(async (tx) => {
          const inserted = await repo.insertApplication(tx, {
            userId,
            realName: parsed.data.real_name,
            idNumber,
            idFrontFile: frontName,
            idBackFile: backName,
            status: 'pending',
          });
          await repo.setUserKycStatus(tx, userId, 'pending');
          return inserted;
        });
      } catch (err) {
        await Promise.all([documents.remove(frontName), documents.remove(backName)]);
        // Two submissions racing: the partial unique indexes let one through.
        if (isUniqueViolation(err, repo.ONE_ACTIVE_INDEX)) throw conflict(KYC_ALREADY_PENDING);
        if (isUniqueViolation(err, repo.ONE_IDENTITY_INDEX)) throw conflict(KYC_ID_NUMBER_TAKEN_MESSAGE);
        throw err;
      }

      realtime.toAdmins(
        REALTIME_EVENTS.adminNotification,
        adminNotice(
          'kyc',
          { email: user.email, name: row.realName },
          { type: 'kyc', sound: true, id: row.id },
        ),
      );
      return toOwnView(row);
    },

    async status(userId: number) {
      const user = await repo.findUserKyc(db, userId);
      if (!user) throw notFound(msg('auth.userNotFound'));
      const latest = await repo.findLatestOwn(db, userId);
      return { kyc_status: user.kycStatus, application: latest ? toOwnView(latest) : null };
    },

    /** Own applications only: another user's id is the same 404 as a missing one. */
    async details(userId: number, id: number): Promise<KycApplication> {
      const row = await repo.findOwn(db, id, userId);
      if (!row) throw notFound(KYC_NOT_FOUND);
      return toOwnView(row);
    },

    /** The document behind a signed URL: 403 unless the signature is valid and unexpired. */
    async readDocument(
      name: string,
      query: { expires?: string | undefined; signature?: string | undefined },
    ) {
      if (!signer.verify(`${KYC_DOCUMENTS_PATH}/${name}`, query)) throw forbidden(KYC_SIGNATURE_INVALID);
      const file = await documents.read(name);
      if (!file) throw notFound(msg('kyc.fileNotFound'));
      return file;
    },

    async listForAdmin(query: {
      page: number;
      limit: number;
      status?: AdminKycQuery['status'];
      search?: string | undefined;
    }) {
      const search = query.search || undefined;
      const [{ rows, total }, counts] = await Promise.all([
        repo.listApplications(db, { status: query.status, search }, pageOf(query)),
        repo.countByStatus(db, search),
      ]);
      return { requests: await toAdminViews(rows), pagination: paginationOf(query, total), counts };
    },

    /**
     * Approving needs no identity check of its own: the application is live (pending or reviewing)
     * and so already holds its number under kyc_applications_one_identity_key, which no other
     * account's live application can share, approved ones included.
     */
    async review(actor: AuditActor, id: number, body: KycReviewBody): Promise<AdminKycRequest> {
      const note = body.adminNote?.trim() ?? '';
      if (body.status === 'rejected' && note === '') throw badRequest(KYC_REJECT_REASON_REQUIRED);
      const seal = currentSeal();
      const outcome = await db.transaction(async (tx) => {
        const before = await repo.lockApplication(tx, id);
        if (!before) throw notFound(KYC_NOT_FOUND);
        assertNotOwnRequest(actor.adminId, before.userId);
        if (before.status !== 'pending' && before.status !== 'reviewing') throw conflict(KYC_ALREADY_DECIDED);
        const after = await repo.decideApplication(tx, id, {
          status: body.status,
          adminNote: note === '' ? null : note,
          adminId: actor.adminId,
        });
        if (!after) throw conflict(KYC_ALREADY_DECIDED);
        await repo.setUserKycStatus(tx, after.userId, body.status);
        const notices = await notify(tx, [
          kycDecided({ userId: after.userId, status: body.status, adminNote: after.adminNote }),
        ]);
        await recordAudit(tx, actor, {
          action: body.status === 'approved' ? 'kyc.approve' : 'kyc.reject',
          targetType: 'kyc_application',
          targetId: id,
          before: { status: before.status, user_id: before.userId, admin_note: before.adminNote },
          after: { status: after.status, user_id: after.userId, admin_note: after.adminNote },
        });
        const row = await repo.findWithUser(tx, id);
        if (!row) throw notFound(KYC_NOT_FOUND);
        // The application as this review left it, which the reply shows (with its Idempotency-Key).
        const [view] = await toAdminViews([row], tx);
        if (!view) throw notFound(KYC_NOT_FOUND);
        await sealEffect(tx, seal, view);
        return { row, view, notices };
      });
      const decided = outcome.row;
      // Committed: the applicant's screen may refetch at once and see the decision.
      const event: KycStatusUpdateEvent = { application: toOwnView(decided) };
      realtime.toUser(decided.userId, REALTIME_EVENTS.kycStatusUpdate, event);
      pushNotifications(realtime, outcome.notices);
      return outcome.view;
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
