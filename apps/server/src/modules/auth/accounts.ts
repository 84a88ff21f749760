/**
 * What other modules do to an account's sign-in: end its sessions, remove its 2FA. The users table
 * and its look-ups belong to the users module (users/users.ts).
 */
export { revokeUserSessions } from './auth.repository.ts';
export { removeTwoFactor } from './two-factor/two-factor.repository.ts';
