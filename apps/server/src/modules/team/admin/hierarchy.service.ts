import {
  HIERARCHY_CHILDREN_LIMIT,
  type HierarchyNode,
  type HierarchyQuery,
  type KycStatus,
  type Pagination,
} from '@platform/contracts';
import { notFound } from '../../../core/errors.ts';
import { decimalFromDb, formatNormalised } from '../../../core/money.ts';
import { pageOf, paginationOf } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import { msg } from '../../../i18n/i18n.ts';
import { approvedDepositTotals } from '../../deposits/deposits.reads.ts';
import { countOf, readCounters } from '../../stats/counters.ts';
import * as repo from './hierarchy.repository.ts';

/**
 * Most nodes one reply carries. The contract nests up to HIERARCHY_MAX_DEPTH levels with up to
 * HIERARCHY_CHILDREN_LIMIT children each, which for a page of 20 busy top-level users is millions
 * of nodes. Past this budget the remaining parents get fewer children than their direct_referrals,
 * which the contract already reads as "more can be fetched" (/children), so the screen loses
 * nothing and a reply stays well under a megabyte.
 */
export const HIERARCHY_NODE_BUDGET = 2_000;

export const NODE_NOT_FOUND = msg('auth.userNotFound');

type HierarchyPage = { page: number; limit: number; depth: number };

/** A node with no children yet and no deposit total yet (nest fills both). */
function toNode(row: repo.HierarchyRow): HierarchyNode {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    kyc_status: row.kycStatus as KycStatus,
    is_deposited: row.deposited,
    direct_referrals: row.directCount,
    team_size: row.teamSize,
    total_deposit: '0',
    created_at: row.createdAt.toISOString(),
    invite_code: row.inviteCode,
    depth: row.depth,
    children: [],
  };
}

/**
 * The admin's view of the referral tree (contracts/team-admin.ts): pages of top-level users or of
 * one node's children, each nested `depth` levels (one query per level, not per node), and a search
 * that finds a member at any level with the path from its top-level user. Search results
 * come in the order of the matched e-mail or phone (hierarchy.repository.ts says why). Read-only.
 */
export function createHierarchyService(deps: { db: Db; nodeBudget?: number }) {
  const { db } = deps;
  const budget = deps.nodeBudget ?? HIERARCHY_NODE_BUDGET;

  /**
   * Loads `depth` levels below `tops` breadth first (one query per level), then the deposit totals
   * of every node shown (one query). With a search, a match can also sit inside another match's
   * subtree; it then appears twice, each occurrence with its own subtree, never twice in one level.
   */
  async function nest(tops: repo.HierarchyRow[], depth: number): Promise<HierarchyNode[]> {
    const shown: HierarchyNode[] = [];
    const place = (row: repo.HierarchyRow): HierarchyNode => {
      const node = toNode(row);
      shown.push(node);
      return node;
    };
    const roots = tops.map(place);
    let previous = new Map(tops.map((row, i) => [row.id, { row, node: roots[i] as HierarchyNode }]));
    for (let d = 0; d < depth; d++) {
      const parents = [...previous.values()].filter((p) => p.row.directCount > 0).map((p) => p.row.id);
      const room = budget - shown.length;
      if (parents.length === 0 || room <= 0) break;
      const rows = await repo.childrenOfParents(db, parents, HIERARCHY_CHILDREN_LIMIT, room);
      const next = new Map<number, { row: repo.HierarchyRow; node: HierarchyNode }>();
      // Rows come parent by parent, newest child first: appending keeps that order.
      for (const row of rows) {
        const node = place(row);
        if (row.parentId !== null) previous.get(row.parentId)?.node.children.push(node);
        next.set(row.id, { row, node });
      }
      previous = next;
    }
    // Only nodes that were ever charged can have an approved deposit: the others need no lookup.
    const charged = new Set(shown.filter((node) => node.is_deposited).map((node) => node.id));
    const totals = await approvedDepositTotals(db, [...charged]);
    for (const node of shown) {
      const total = totals.get(node.id);
      if (total !== undefined) node.total_deposit = formatNormalised(decimalFromDb(total));
    }
    return roots;
  }

  return {
    async hierarchy(query: HierarchyQuery): Promise<{
      hierarchy: HierarchyNode[];
      pagination: Pagination;
      totalTopLevel: number;
      paths?: Record<string, { id: number; email: string; depth: number }[]>;
    }> {
      if (query.search) {
        const [rows, total] = await Promise.all([
          repo.searchNodes(db, query.search, pageOf(query)),
          repo.countSearch(db, query.search),
        ]);
        const [hierarchy, ancestors] = await Promise.all([
          nest(rows, query.depth),
          repo.ancestorsOf(
            db,
            rows.filter((row) => row.depth > 0).map((row) => row.id),
          ),
        ]);
        const depthOf = new Map(rows.map((row) => [row.id, row.depth]));
        const paths: Record<string, { id: number; email: string; depth: number }[]> = Object.fromEntries(
          rows.map((row) => [String(row.id), []]),
        );
        for (const a of ancestors) {
          paths[String(a.descendantId)]?.push({
            id: a.id,
            email: a.email,
            depth: (depthOf.get(a.descendantId) ?? 0) - a.distance,
          });
        }
        return { hierarchy, pagination: paginationOf(query, total), totalTopLevel: total, paths };
      }
      const [rows, counters] = await Promise.all([
        repo.listTopLevel(db, pageOf(query)),
        // Top-level users are level 1 of the overview's distribution (migration 0012's counters).
        readCounters(db, ['team.level.1']),
      ]);
      const total = countOf(counters['team.level.1']);
      return {
        hierarchy: await nest(rows, query.depth),
        pagination: paginationOf(query, total),
        totalTopLevel: total,
      };
    },

    /** One page of a node's children (404 for an unknown node); the total is its direct_count. */
    async children(
      id: number,
      query: HierarchyPage,
    ): Promise<{ children: HierarchyNode[]; pagination: Pagination }> {
      const [node, rows] = await Promise.all([
        repo.findNode(db, id),
        repo.listChildren(db, id, pageOf(query)),
      ]);
      if (!node) throw notFound(NODE_NOT_FOUND);
      return {
        children: await nest(rows, query.depth),
        pagination: paginationOf(query, node.directCount),
      };
    },
  };
}

export type HierarchyService = ReturnType<typeof createHierarchyService>;
