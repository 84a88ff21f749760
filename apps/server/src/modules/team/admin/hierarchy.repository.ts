import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  parseCount,
  parseId,
  queryRows,
  rowBool,
  rowDate,
  rowText,
  rowTextOrNull,
} from '../../../db/rows.ts';
import { userDirectory } from '../../users/users.reads.ts';
import { likeEscape } from '../../users/users.ts';

/**
 * Data access of the admin's hierarchy (GET /api/admin/team/hierarchy, /{id}/children). Every
 * read is a page or a bounded batch of index lookups, whatever the size of a tree:
 * - top-level users: team_nodes_roots_team_idx (partial, parent_id IS NULL: team size, then id);
 * - one node's children: team_nodes_parent_idx (parent_id, user_id) backwards;
 * - one level of the nested tree: ONE query for all parents of that level, a LATERAL subquery per
 *   parent on team_nodes_parent_idx with its own LIMIT, so a parent with a million children costs
 *   as much as one with fifty;
 * - the search: users_email_prefix_idx / users_phone_prefix_idx (text_pattern_ops, LIKE 'term%');
 * - a match's ancestors: team_paths_descendant_idx (descendant_id, depth);
 * - the deposit totals (deposits/deposits.reads.ts's approvedDepositTotals): deposits_user_created_idx,
 *   for the shown nodes that ever had one approved.
 * The columns of a node are joined for the chosen ids only (primary keys of team_nodes and users).
 */

export interface HierarchyRow {
  id: number;
  parentId: number | null;
  email: string;
  phone: string | null;
  kycStatus: string;
  deposited: boolean;
  directCount: number;
  teamSize: number;
  createdAt: Date;
  inviteCode: string;
  depth: number;
}

/** The node columns of `n` (team_nodes) and `u` (users). */
const nodeColumns = sql`n.user_id::text AS id, n.parent_id::text AS parent_id, u.email, u.phone, u.kyc_status,
  (n.charged_at IS NOT NULL) AS deposited, n.direct_count::int AS direct_count, n.team_size::int AS team_size,
  u.created_at, u.invite_code, n.depth::int AS depth`;

function toRow(r: Record<string, unknown>): HierarchyRow {
  return {
    id: parseId(r.id),
    parentId: r.parent_id === null ? null : parseId(r.parent_id),
    email: rowText(r.email),
    phone: rowTextOrNull(r.phone),
    kycStatus: rowText(r.kyc_status),
    deposited: rowBool(r.deposited),
    directCount: parseCount(r.direct_count),
    teamSize: parseCount(r.team_size),
    createdAt: rowDate(r.created_at),
    inviteCode: rowText(r.invite_code),
    depth: parseCount(r.depth),
  };
}

/**
 * The nodes whose ids `page` (a query of an `id` column) selects, newest first or in the order
 * `order` gives over the page's columns.
 */
async function nodesOf(exec: Executor, page: SQL, order: SQL = sql`page.id DESC`): Promise<HierarchyRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT ${nodeColumns}
          FROM (${page}) page
          JOIN team_nodes n ON n.user_id = page.id
          JOIN ${userDirectory} u ON u.id = page.id
         ORDER BY ${order}`,
  );
  return rows.map(toRow);
}

type Page = { limit: number; offset: number };

/**
 * One page of top-level users, biggest team first, then newest (team_nodes_roots_team_idx): at 1M
 * users most top-level users have no team, and the operator looks for the teams.
 */
export function listTopLevel(exec: Executor, page: Page): Promise<HierarchyRow[]> {
  return nodesOf(
    exec,
    sql`SELECT user_id AS id, team_size FROM team_nodes WHERE parent_id IS NULL
         ORDER BY team_size DESC NULLS LAST, user_id DESC NULLS LAST LIMIT ${page.limit} OFFSET ${page.offset}`,
    sql`page.team_size DESC, page.id DESC`,
  );
}

/** One page of a node's children, newest first. */
export function listChildren(exec: Executor, parentId: number, page: Page): Promise<HierarchyRow[]> {
  return nodesOf(
    exec,
    sql`SELECT user_id AS id FROM team_nodes WHERE parent_id = ${parentId}
         ORDER BY user_id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** A node by id, or null when there is none. */
export async function findNode(exec: Executor, id: number): Promise<HierarchyRow | null> {
  const [row] = await nodesOf(exec, sql`SELECT ${id}::bigint AS id`);
  return row ?? null;
}

/**
 * The first `perParent` children (newest first) of every parent, in one query; rows come parent
 * by parent in the order given, and at most `limit` of them in all (the reply's node budget: the
 * first parents are served first, the others keep fewer children than direct_referrals and are
 * paged through /children).
 */
export async function childrenOfParents(
  exec: Executor,
  parentIds: readonly number[],
  perParent: number,
  limit: number,
): Promise<HierarchyRow[]> {
  if (parentIds.length === 0 || limit <= 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT ${nodeColumns}
          FROM unnest(${sql.param(parentIds)}::bigint[]) WITH ORDINALITY AS parent(id, ord)
          CROSS JOIN LATERAL (
            SELECT user_id FROM team_nodes
             WHERE parent_id = parent.id
             ORDER BY user_id DESC
             LIMIT ${perParent}) child
          JOIN team_nodes n ON n.user_id = child.user_id
          JOIN ${userDirectory} u ON u.id = child.user_id
         ORDER BY parent.ord, child.user_id DESC
         LIMIT ${limit}`,
  );
  return rows.map(toRow);
}

/** LIKE patterns of a prefix search: e-mails are stored lower case, phones are digits. */
function patterns(term: string) {
  return { email: `${likeEscape(term.toLowerCase())}%`, phone: `${likeEscape(term)}%` };
}

/**
 * One page of the users whose e-mail or phone starts with the term, at any level, in the order of
 * the matched text (e-mail, or phone for a user matched by phone only). That is the order of the
 * text_pattern_ops prefix indexes, so each branch reads offset + limit index entries and stops:
 * ordering the matches by id instead makes the planner walk the primary key backwards and filter
 * (half a second at a million users when the newest match is old), or sort every match.
 * `~<~` is the operator of text_pattern_ops; a plain ORDER BY would need the collation's order.
 */
export function searchNodes(exec: Executor, term: string, page: Page): Promise<HierarchyRow[]> {
  const p = patterns(term);
  const upTo = page.offset + page.limit;
  return nodesOf(
    exec,
    sql`SELECT id, matched FROM (
          (SELECT id, email AS matched FROM ${userDirectory} u WHERE email LIKE ${p.email}
            ORDER BY email USING ~<~ LIMIT ${upTo})
          UNION ALL
          (SELECT id, phone FROM ${userDirectory} u WHERE phone LIKE ${p.phone} AND email NOT LIKE ${p.email}
            ORDER BY phone USING ~<~ LIMIT ${upTo})
        ) m
        ORDER BY matched USING ~<~, id LIMIT ${page.limit} OFFSET ${page.offset}`,
    sql`page.matched USING ~<~, page.id`,
  );
}

/**
 * How many users match the search: the two prefix index ranges (a bitmap OR). It reads every
 * match, so a term as broad as the whole user base costs a pass over it; a real search is narrow.
 */
export async function countSearch(exec: Executor, term: string): Promise<number> {
  const p = patterns(term);
  const [row] = await queryRows<{ n: unknown }>(
    exec,
    sql`SELECT count(*)::int AS n FROM ${userDirectory} u WHERE email LIKE ${p.email} OR phone LIKE ${p.phone}`,
  );
  return parseCount(row?.n);
}

export interface AncestorRow {
  descendantId: number;
  id: number;
  email: string;
  /** Levels between the ancestor and the descendant (1 = parent). */
  distance: number;
}

/** The ancestors of each node, top-level user first. */
export async function ancestorsOf(exec: Executor, ids: readonly number[]): Promise<AncestorRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT p.descendant_id::text AS descendant_id, p.ancestor_id::text AS id, u.email, p.depth::int AS distance
          FROM team_paths p
          JOIN ${userDirectory} u ON u.id = p.ancestor_id
         WHERE p.descendant_id = ANY(${sql.param(ids)}::bigint[])
         ORDER BY p.descendant_id, p.depth DESC`,
  );
  return rows.map((r) => ({
    descendantId: parseId(r.descendant_id),
    id: parseId(r.id),
    email: rowText(r.email),
    distance: parseCount(r.distance),
  }));
}
