/**
 * User accounts as other features reach them. The auth module owns the users and sessions tables;
 * other modules look users up, create and update them, and end their sessions through these.
 */
export {
  findUserByEmail,
  findUserById,
  findUserByInviteCode,
  findUserByPhone,
  insertUser,
  revokeUserSessions,
  type UserRow,
  updateUser,
} from './auth.repository.ts';
export { removeTwoFactor } from './two-factor/two-factor.repository.ts';
