import {
  changeProposedMessage,
  classifySupportContact,
  getAdminSupportContact,
  getSupportContact,
  proposeSupportContact,
  SUPPORT_CONTACT_SETTING_KEY,
  type SupportContact,
  type SupportContactView,
  supportContact,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { auditActor, recordAudit } from '../audit/audit.service.ts';
import { caller, type Guards } from '../auth/guard.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { appSettings } from '../jobs/jobs.schema.ts';
import { readSetting, writeSetting } from '../jobs/settings.ts';
import { HOME_READ_RATE_LIMIT_PER_MINUTE } from './home.routes.ts';

const KIND = 'support.contact';

/** The stored contact as the apps show it; a stored value that no longer passes the rules is shown as none. */
function viewOf(stored: unknown): SupportContactView | null {
  const parsed = supportContact.safeParse(stored);
  if (!parsed.success) return null;
  const classified = classifySupportContact(parsed.data.value);
  if ('error' in classified) return null;
  return { ...parsed.data, ...classified };
}

/**
 * The support contact (`support.contact`, issue 33): the user app reads it without a session (the
 * login page's 联系客服 too); an admin's save is a proposal another admin approves (kind
 * `support.contact`, docs/pending-changes.md), since a link pointed at an insider's own account
 * would let them scam users. PUT answers 202 and nothing shows until the approval.
 */
export function registerSupportContact(
  app: Router,
  deps: { db: Db; changes: ChangesService; guards: Guards },
) {
  const { db, changes, guards } = deps;
  changes.registerKind<SupportContact>({
    kind: KIND,
    requiredLevel: 'admin',
    targetType: 'setting',
    validate: (payload) => {
      const parsed = supportContact.safeParse(payload);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '客服联系方式格式不正确');
      return parsed.data;
    },
    readCurrent: async (tx) => {
      const [row] = await tx
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, SUPPORT_CONTACT_SETTING_KEY))
        .for('update');
      return row ? row.value : null;
    },
    apply: async (tx, contact, { actor, change }) => {
      await writeSetting(tx, SUPPORT_CONTACT_SETTING_KEY, contact, actor.adminId);
      await recordAudit(tx, actor, {
        action: 'support_contact.update',
        targetType: 'setting',
        targetId: SUPPORT_CONTACT_SETTING_KEY,
        before: change.before,
        after: contact,
      });
    },
  });

  const read = async () => viewOf(await readSetting<unknown>(db, SUPPORT_CONTACT_SETTING_KEY, null));

  route(app, getSupportContact, {
    tags: ['home'],
    config: { rateLimit: { max: HOME_READ_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async () => ok({ contact: await read() }, '获取客服联系方式成功'),
  });

  route(app, getAdminSupportContact, {
    tags: ['home-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { contact: await read(), pending: await changes.openOfKind(KIND, caller(request).user.id) },
        '获取客服联系方式成功',
      ),
  });

  route(app, proposeSupportContact, {
    tags: ['home-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) => {
      const change = await changes.propose(
        KIND,
        SUPPORT_CONTACT_SETTING_KEY,
        request.body,
        auditActor(request),
      );
      reply.code(202);
      return ok({ change }, changeProposedMessage(change));
    },
  });
}
