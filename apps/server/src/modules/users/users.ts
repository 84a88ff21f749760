/**
 * User accounts as other modules reach them: the users module owns the users table (users.schema.ts);
 * others look users up, create and update them through these (sessions and 2FA stay in auth).
 */

export { type UserDirectory, userDirectory } from './user-directory.ts';
export { emailOrPhoneMatches, likeEscape, usersMatching } from './user-search.ts';
export {
  findUserByEmail,
  findUserById,
  findUserByInviteCode,
  findUserByPhone,
  insertUser,
  type NewUser,
  type UserRow,
  updateUser,
} from './users.repository.ts';
