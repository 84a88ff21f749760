import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { api, registerUser, type TestApp, uniqueEmail } from '../../../test/app.ts';
import { createUser } from '../../accounts/create-user.ts';

/**
 * Test fixtures of the team programme (used by the team, tree and admin tests): members registered
 * over HTTP with an invite code, deposits approved by an admin over HTTP, and a checker that
 * recomputes the closure and every node's counters from scratch.
 */

export interface Member {
  id: number;
  email: string;
  token: string;
  inviteCode: string;
}

/** Registers a user through POST /api/auth/register, under the owner of `code` when given. */
export async function join(
  t: TestApp,
  code?: string,
  overrides: Record<string, unknown> = {},
): Promise<Member> {
  const reg = await registerUser(t.app, {
    ...(code === undefined ? {} : { invite_code: code }),
    ...overrides,
  });
  const user = reg.user as unknown as { id: number; email: string; invite_code: string };
  return { id: user.id, email: user.email, token: reg.token, inviteCode: user.invite_code };
}

/**
 * An account made directly (as the demo seed and imports make them): no password hashing, any
 * registration time. `createdAt` in the past puts the team_nodes row (joined_at) in the past too.
 */
export async function makeUser(
  t: TestApp,
  values: { email?: string; phone?: string; code?: string; createdAt?: Date } = {},
): Promise<Omit<Member, 'token'>> {
  const row = await t.database.db.transaction((tx) =>
    createUser(tx, {
      email: values.email ?? uniqueEmail('made'),
      phone: values.phone ?? null,
      passwordHash: 'not-a-real-hash',
      invitedByCode: values.code ?? null,
      ...(values.createdAt ? { createdAt: values.createdAt, updatedAt: values.createdAt } : {}),
    }),
  );
  return { id: row.id, email: row.email, inviteCode: row.inviteCode };
}

/** A member's deposit of `amount` USDT, requested by them and approved by the admin. */
export async function approvedDeposit(
  t: TestApp,
  member: { token: string },
  admin: { token: string },
  channelId: number,
  amount = '100',
): Promise<number> {
  const requested = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
    token: member.token,
    body: { channel_id: channelId, amount },
  });
  const id = requested.body.data?.deposit.id;
  if (requested.status !== 200 || id === undefined) {
    throw new Error(`deposit request failed: ${requested.status} ${requested.body.message}`);
  }
  const reviewed = await api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
    token: admin.token,
    body: { status: 'approved' },
  });
  if (reviewed.status !== 200) throw new Error(`deposit review failed: ${reviewed.body.message}`);
  return id;
}

export interface NodeCounts {
  depth: number;
  parentId: number | null;
  directCount: number;
  teamSize: number;
  chargedDirect: number;
  chargedTeam: number;
  charged: boolean;
}

/** The team_nodes rows of the given users, by id. */
export async function nodeCounts(exec: Executor, ids: readonly number[]): Promise<Map<number, NodeCounts>> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT user_id::text AS id, parent_id::text AS parent_id, depth::int AS depth,
               direct_count::int AS d, team_size::int AS t, charged_direct::int AS cd, charged_team::int AS ct,
               (charged_at IS NOT NULL) AS charged
          FROM team_nodes WHERE user_id = ANY(${sql.param([...ids])}::bigint[])`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        depth: Number(r.depth),
        parentId: r.parent_id === null ? null : Number(r.parent_id),
        directCount: Number(r.d),
        teamSize: Number(r.t),
        chargedDirect: Number(r.cd),
        chargedTeam: Number(r.ct),
        charged: r.charged === true,
      },
    ]),
  );
}
