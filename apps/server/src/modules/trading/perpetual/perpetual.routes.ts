import type { Router } from '../../../core/http.ts';
import type { Guards } from '../../auth/guard.ts';
import type { PerpetualEngine } from './perpetual.engine.ts';

/** PLACEHOLDER: the perpetual calls are being built (issue 6). */
export function registerPerpetualRoutes(
  _app: Router,
  _deps: { perpetual: PerpetualEngine; guards: Guards },
) {}
