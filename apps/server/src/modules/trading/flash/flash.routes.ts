import type { Router } from '../../../core/http.ts';
import type { Guards } from '../../auth/guard.ts';
import type { FlashEngine } from './flash.engine.ts';

/** PLACEHOLDER: the flash calls are being built (issue 6). */
export function registerFlashRoutes(_app: Router, _deps: { flash: FlashEngine; guards: Guards }) {}
