import { randomBytes } from 'node:crypto';
import { DEFAULT_CURRENCY } from '@platform/contracts';
import { businessRule } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { msg, t } from '../../i18n/i18n.ts';
import { ensureUserWallet } from '../ledger/ledger.service.ts';
import { attachToTree } from '../team/team-tree.ts';
import { findUserByInviteCode, insertUser, type NewUser, type UserRow } from '../users/users.ts';

export type { NewUser };

/** The refusal's Chinese (tests compare it); it is said in the request's language. */
export const UNKNOWN_INVITE_CODE = t('zh-CN', 'userFacing.unknownInviteCode');

/**
 * Every account is made here, whoever makes it (registration, the super admin bootstrap, tests):
 * a free invite code of its own, its place in the referral tree (under the owner of
 * `invitedByCode`, which must exist: 422 otherwise) and a USDT wallet, in the caller's transaction.
 */
export async function createUser(tx: Tx, values: NewUser): Promise<UserRow> {
  const inviter = values.invitedByCode ? await findUserByInviteCode(tx, values.invitedByCode) : null;
  if (values.invitedByCode && !inviter) throw businessRule(msg('userFacing.unknownInviteCode'));
  const user = await insertUser(tx, { ...values, inviteCode: await freeInviteCode(tx) });
  await attachToTree(tx, user, inviter?.id ?? null);
  await ensureUserWallet(tx, user.id, DEFAULT_CURRENCY);
  return user;
}

async function freeInviteCode(tx: Tx): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newInviteCode();
    if (!(await findUserByInviteCode(tx, code))) return code;
  }
  throw new Error('could not find a free invite code');
}

/** Invite codes avoid look-alike characters (0/O, 1/I). */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newInviteCode(length = 8): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const b of bytes) code += INVITE_ALPHABET[b % INVITE_ALPHABET.length];
  return code;
}
