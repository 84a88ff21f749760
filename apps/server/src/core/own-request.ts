import { msg, t } from '../i18n/i18n.ts';
import { forbidden } from './errors.ts';

/**
 * No admin reviews their own request (issue 17): an admin, super admins included, can never
 * approve, reject or move a deposit, withdrawal, KYC application, reward or salary payout of their
 * own account. Services call this inside the review's transaction with the row's user_id, so the
 * check and the change see the same row; a batch that contains the admin's own request is refused
 * whole (403), nothing moved.
 */
export const OWN_REQUEST_REFUSED = t('zh-CN', 'userFacing.ownRequest');

export function assertNotOwnRequest(actorId: number, ownerId: number): void {
  if (actorId === ownerId) throw forbidden(msg('userFacing.ownRequest'));
}

/** The batch form: refused when any of the owners is the actor. */
export function assertNoneOwnRequest(actorId: number, ownerIds: Iterable<number>): void {
  for (const ownerId of ownerIds) assertNotOwnRequest(actorId, ownerId);
}
