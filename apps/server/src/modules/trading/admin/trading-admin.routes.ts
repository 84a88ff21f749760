import type { Router } from '../../../core/http.ts';
import type { Db } from '../../../db/client.ts';
import type { Guards } from '../../auth/guard.ts';

/** PLACEHOLDER: GET /api/admin/trading/stats and GET /api/admin/orders are being built (issue 6). */
export function registerTradingAdminRoutes(_app: Router, _deps: { db: Db; guards: Guards }) {}
