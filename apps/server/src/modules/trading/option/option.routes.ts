import type { Router } from '../../../core/http.ts';
import type { Guards } from '../../auth/guard.ts';
import type { OptionEngine } from './option.engine.ts';

/** PLACEHOLDER: the option calls are being built (issue 6). */
export function registerOptionRoutes(_app: Router, _deps: { option: OptionEngine; guards: Guards }) {}
