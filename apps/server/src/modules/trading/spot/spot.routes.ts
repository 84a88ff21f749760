import type { Router } from '../../../core/http.ts';
import type { Guards } from '../../auth/guard.ts';
import type { SpotEngine } from './spot.engine.ts';

/** PLACEHOLDER: the spot calls are being built (issue 6). */
export function registerSpotRoutes(_app: Router, _deps: { spot: SpotEngine; guards: Guards }) {}
