import type { Db } from '../../../db/client.ts';
import { uniqueEmail } from '../../../test/app.ts';
import { insertDepositChannel } from '../../../test/money.ts';
import { createUser } from '../../accounts/create-user.ts';
import type { AuditActor } from '../../audit/audit.service.ts';
import { createDepositService } from '../../deposits/deposits.service.ts';
import { silentRealtime } from '../../realtime/realtime.ts';
import type { UserRow } from '../../users/users.ts';

/**
 * Teams for the reward and salary tests, built the real way: accounts made by createUser with the
 * inviter's code (the path registration takes, so team_nodes and team_paths are kept by
 * team-tree.ts), and members made charged by an approved deposit through the deposits service
 * (the depositors trigger of migration 0012 bumps the charged counters of their ancestors).
 */
export interface TeamUser {
  id: number;
  email: string;
  inviteCode: string;
}

export interface TeamBuilder {
  /** New accounts in one transaction, all invited by `inviter` (top-level users without one). */
  users(count: number, inviter?: TeamUser | null, emailPrefix?: string): Promise<TeamUser[]>;
  /** Approves one deposit of each user (their first makes them charged). */
  charge(members: readonly TeamUser[]): Promise<void>;
  /**
   * A top-level user with `direct` charged direct referrals and `team` charged members in all
   * (team >= direct): the members beyond the direct ones are invited by the direct referrals in
   * turn (so that no direct referral reaches much of a team of its own). `unchargedDirect` more
   * direct referrals register without depositing.
   */
  leader(opts: { direct: number; team: number; unchargedDirect?: number }): Promise<{
    leader: TeamUser;
    directs: TeamUser[];
    deeper: TeamUser[];
    /** The uncharged direct referrals. */
    idle: TeamUser[];
  }>;
}

const toTeamUser = (row: UserRow): TeamUser => ({ id: row.id, email: row.email, inviteCode: row.inviteCode });

export async function createTeamBuilder(db: Db, adminId: number): Promise<TeamBuilder> {
  const channel = await insertDepositChannel(db, { name: `团队测试-${uniqueEmail('ch')}` });
  const deposits = createDepositService({ db, realtime: silentRealtime });
  const actor: AuditActor = { adminId, ip: '127.0.0.1', userAgent: 'team.test-helpers' };

  const builder: TeamBuilder = {
    async users(count, inviter = null, emailPrefix = 'member') {
      if (count === 0) return [];
      const rows = await db.transaction(async (tx) => {
        const made: UserRow[] = [];
        for (let i = 0; i < count; i++) {
          made.push(
            await createUser(tx, {
              email: uniqueEmail(emailPrefix),
              passwordHash: 'not-a-real-hash',
              ...(inviter ? { invitedByCode: inviter.inviteCode } : {}),
            }),
          );
        }
        return made;
      });
      return rows.map(toTeamUser);
    },

    async charge(members) {
      const ids: number[] = [];
      for (const member of members) {
        const deposit = await deposits.create(
          { id: member.id, email: member.email },
          { channel_id: channel.id, amount: '100' },
        );
        ids.push(deposit.id);
      }
      for (let i = 0; i < ids.length; i += 100) {
        const result = await deposits.batchReview(
          { action: 'approve', depositIds: ids.slice(i, i + 100) },
          actor,
        );
        if (result.processedCount !== Math.min(100, ids.length - i))
          throw new Error(`approved ${result.processedCount} deposits`);
      }
    },

    async leader({ direct, team, unchargedDirect = 0 }) {
      if (team < direct) throw new Error('a charged team holds at least the charged direct referrals');
      if (team > direct && direct === 0)
        throw new Error('deeper members need a direct referral to hang under');
      const [leader] = await builder.users(1, null, 'leader');
      if (!leader) throw new Error('no leader');
      const directs = await builder.users(direct, leader, 'direct');
      const deeper: TeamUser[] = [];
      for (const [i, parent] of directs.entries()) {
        const share = Math.floor((team - direct) / direct) + (i < (team - direct) % direct ? 1 : 0);
        deeper.push(...(await builder.users(share, parent, 'deep')));
      }
      await builder.charge([...directs, ...deeper]);
      const idle = await builder.users(unchargedDirect, leader, 'idle');
      return { leader, directs, deeper, idle };
    },
  };
  return builder;
}
