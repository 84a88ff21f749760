import { type Language, setAdminLanguage, setMyLanguage } from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { unauthorized } from '../../core/errors.ts';
import { type EndpointRoute, ok, type Router, route, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { t } from '../../i18n/i18n.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { updateUser } from '../users/users.ts';
import type { Guards } from './guard.ts';

/**
 * The caller's own profile language (issue 38, docs/i18n.md). The user call takes any live session,
 * an admin still to enrol in 2FA included (the enrolment screen's switch uses it); the admin call,
 * like every /api/admin route, an enrolled admin. The row's change reaches every instance's session
 * cache through its trigger (0028), and the account's connected sockets hear it from now on
 * (realtime.languageChosen: the admins' notices).
 */
export function registerLanguageRoutes(
  app: Router,
  deps: { db: Db; guards: Guards; realtime: Pick<Realtime, 'languageChosen'> },
) {
  const save = async (userId: number, language: Language) => {
    const user = await updateUser(deps.db, userId, { language });
    if (!user) throw unauthorized();
    deps.realtime.languageChosen(user, language);
    return { language };
  };

  // One handler for both calls (same body and reply); the reply already speaks the language just chosen.
  const handler: EndpointRoute<typeof setMyLanguage>['handler'] = async (request) => {
    const saved = await save(caller(request).user.id, request.body.language);
    return ok(saved, t(saved.language, 'auth.languageSaved'));
  };

  route(app, setMyLanguage, { tags: ['auth'], security, preHandler: deps.guards.requireSession, handler });
  route(app, setAdminLanguage, { tags: ['admin'], security, preHandler: deps.guards.requireAdmin, handler });
}
