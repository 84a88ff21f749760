import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: 256 random bits; only their SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Invite codes avoid look-alike characters (0/O, 1/I). */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newInviteCode(length = 8): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const b of bytes) code += INVITE_ALPHABET[b % INVITE_ALPHABET.length];
  return code;
}
