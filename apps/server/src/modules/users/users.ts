/**
 * User accounts as other modules reach them: the users module owns the users table (users.schema.ts);
 * others look users up, create and update them through these (sessions and 2FA stay in auth).
 */

export {
  accountRow,
  type UserAccount,
  type UserDirectory,
  userAccount,
  userDirectory,
} from './user-directory.ts';
export { emailOrPhoneMatches, likeEscape, usersMatching } from './user-search.ts';
export {
  countApprovalsFromNow,
  findUserByEmail,
  findUserById,
  findUserByInviteCode,
  findUserByPhone,
  holdWithdrawals,
  insertUser,
  lockUserById,
  markEmailVerified,
  type NewUser,
  setTwofaEnabledAt,
  setUserActive,
  type UserRow,
  updateUser,
  withdrawalsHeldUntil,
} from './users.repository.ts';
