import {
  DEFAULT_PAGE_SIZE,
  getTeamHierarchy,
  HIERARCHY_CHILDREN_LIMIT,
  HIERARCHY_DEFAULT_DEPTH,
  type HierarchyNode,
  hierarchyChildrenQuery,
  hierarchyChildrenReply,
  hierarchyQuery,
  hierarchyReply,
  listHierarchyChildren,
  type Pagination,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';
import { contractData } from '../overview/contractData.ts';

export type { HierarchyNode };

/** One ancestor on a search result's path (id, email, depth). */
export interface PathEntry {
  id: number;
  email: string;
  depth: number;
}

/** What GET /api/admin/team/hierarchy answers (hierarchyReply's data). */
export interface HierarchyPage {
  hierarchy: HierarchyNode[];
  pagination: Pagination;
  totalTopLevel: number;
  paths?: Record<string, PathEntry[]>;
}

/** One page of a node's direct referrals (hierarchyChildrenReply's data). */
export interface ChildrenPage {
  children: HierarchyNode[];
  pagination: Pagination;
}

/**
 * Levels nested under each top-level user (or search match) in the page call: their direct
 * referrals come with it (at most HIERARCHY_CHILDREN_LIMIT each), anything deeper is fetched when
 * a node is opened. Two levels of a big team would be up to 20 × 50 × 50 nodes in one reply.
 */
export const PAGE_DEPTH = HIERARCHY_DEFAULT_DEPTH;
export const CHILDREN_PAGE_SIZE = HIERARCHY_CHILDREN_LIMIT;

export const HIERARCHY_ROOT = ['admin', 'team-hierarchy'] as const;
export const hierarchyPageKey = (page: number, search: string) =>
  [...HIERARCHY_ROOT, 'page', { page, search }] as const;
export const childrenPageKey = (id: number, page: number) =>
  [...HIERARCHY_ROOT, 'children', id, page] as const;

/** The search term the server accepts (hierarchyQuery: trimmed, 2 to 100 characters), or null. */
export function validSearch(text: string): string | null {
  const parsed = hierarchyQuery.shape.search.safeParse(text);
  return parsed.success && parsed.data ? parsed.data : null;
}

/** GET /api/admin/team/hierarchy: a page of top-level users, or of the users matching `search` with their paths. */
export async function fetchHierarchy(
  page: number,
  search: string,
  signal?: AbortSignal,
): Promise<HierarchyPage> {
  const query = hierarchyQuery.parse({
    page,
    limit: DEFAULT_PAGE_SIZE,
    search: search || undefined,
    depth: PAGE_DEPTH,
  });
  const reply = await call(getTeamHierarchy, { query, signal });
  return contractData(hierarchyReply, reply).data;
}

/** GET /api/admin/team/hierarchy/{id}/children: one page (50) of a node's direct referrals, without their own. */
export async function fetchChildren(id: number, page: number, signal?: AbortSignal): Promise<ChildrenPage> {
  const query = hierarchyChildrenQuery.parse({ page, limit: CHILDREN_PAGE_SIZE, depth: 0 });
  const reply = await call(listHierarchyChildren, { params: { id }, query, signal });
  return contractData(hierarchyChildrenReply, reply).data;
}
