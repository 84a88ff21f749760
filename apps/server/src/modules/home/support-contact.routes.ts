import {
  getAdminSupportContact,
  getSupportContact,
  proposeSupportContact,
  SUPPORT_CONTACT_SETTING_KEY,
} from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import type { Guards } from '../auth/guard.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { proposeChange } from '../dual-control/proposed.ts';
import { HOME_READ_RATE_LIMIT_PER_MINUTE } from './home.routes.ts';
import { readSupportContact, registerSupportContactKind, SUPPORT_CONTACT_KIND } from './support-contact.ts';

/** The support contact's calls: read (public and admin) and the admin's proposal (support-contact.ts). */
export function registerSupportContact(
  app: Router,
  deps: { db: Db; changes: ChangesService; guards: Guards },
) {
  const { db, changes, guards } = deps;
  registerSupportContactKind(changes);

  route(app, getSupportContact, {
    tags: ['home'],
    config: { rateLimit: { max: HOME_READ_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request) =>
      ok({ contact: await readSupportContact(db) }, tr(request, 'supportContact.loaded')),
  });

  route(app, getAdminSupportContact, {
    tags: ['home-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        {
          contact: await readSupportContact(db),
          pending: await changes.openOfKind(
            SUPPORT_CONTACT_KIND,
            caller(request).user.id,
            requestLanguage(request),
          ),
        },
        tr(request, 'supportContact.loaded'),
      ),
  });

  route(app, proposeSupportContact, {
    tags: ['home-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: (request, reply) =>
      proposeChange(changes, SUPPORT_CONTACT_KIND, SUPPORT_CONTACT_SETTING_KEY, request, reply),
  });
}
