import { type AdminChange, changeProposedMessage } from '@platform/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../core/http.ts';
import { requestLanguage } from '../../i18n/i18n.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { ChangesService } from '../changes/changes.service.ts';

/**
 * The reply of a call whose change waits for a second admin (dual control, docs/pending-changes.md):
 * 202 with the proposal, and by default the message that says whether it waits for an approval or,
 * with no other approver, takes effect after the delay. `more` is what else the reply carries (a
 * new admin's activation link).
 */
export function proposed<M extends object = Record<never, never>>(
  reply: FastifyReply,
  change: AdminChange,
  message: string = changeProposedMessage(change),
  more?: M,
) {
  reply.code(202);
  return ok({ ...more, change } as M & { change: AdminChange }, message);
}

/**
 * A setting's save that is a proposal (the route's contract declares `status: 202, reply:
 * changeReply`): proposes the request's body as a change of `kind` on `targetId` by the calling admin,
 * and answers 202 with it.
 */
export async function proposeChange(
  changes: ChangesService,
  kind: string,
  targetId: string | null,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  return proposed(
    reply,
    await changes.propose(kind, targetId, request.body, auditActor(request), requestLanguage(request)),
  );
}
