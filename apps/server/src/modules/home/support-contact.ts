import {
  classifySupportContact,
  SUPPORT_CONTACT_SETTING_KEY,
  type SupportContact,
  type SupportContactView,
  supportContact,
} from '@platform/contracts';
import { badRequest } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { msg } from '../../i18n/i18n.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { readSetting, readSettingForUpdate, writeSetting } from '../jobs/settings.ts';

export const SUPPORT_CONTACT_KIND = 'support.contact';

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
 * would let them scam users. PUT answers 202 and nothing shows until the approval (support-contact.routes.ts).
 */
export function registerSupportContactKind(changes: ChangesService) {
  changes.registerKind<SupportContact>({
    kind: SUPPORT_CONTACT_KIND,
    requiredLevel: 'admin',
    targetType: 'setting',
    validate: (payload) => {
      const parsed = supportContact.safeParse(payload);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? msg('supportContact.invalid'));
      return parsed.data;
    },
    readCurrent: (exec) => readSettingForUpdate(exec, SUPPORT_CONTACT_SETTING_KEY, null),
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
}

/** The contact as the apps show it (none until one is approved). */
export const readSupportContact = async (exec: Executor) =>
  viewOf(await readSetting<unknown>(exec, SUPPORT_CONTACT_SETTING_KEY, null));
