import type { Router } from '../../../core/http.ts';
import type { Db } from '../../../db/client.ts';
import type { Guards } from '../../auth/guard.ts';

/** Placeholder until the feature lands: registers nothing yet. */
export function registerRewardRoutes(_app: Router, _deps: { db: Db; guards: Guards }) {}
