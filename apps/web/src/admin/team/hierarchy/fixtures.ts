import type { HierarchyNode } from './hierarchyApi.ts';

/** A hierarchy node for the tests: a top-level user without referrals unless told otherwise. */
export function makeNode(id: number, overrides: Partial<HierarchyNode> = {}): HierarchyNode {
  const children = overrides.children ?? [];
  return {
    id,
    email: `user${id}@example.com`,
    phone: null,
    kyc_status: 'none',
    is_deposited: false,
    direct_referrals: children.length,
    team_size: children.length,
    total_deposit: '0',
    created_at: '2024-05-01T16:30:05.000Z',
    invite_code: `CODE${id}`,
    depth: 0,
    ...overrides,
    children,
  };
}

/** `count` children of `parentId` at `depth`, ids from `firstId`. */
export function makeChildren(firstId: number, count: number, depth: number): HierarchyNode[] {
  return Array.from({ length: count }, (_, index) => makeNode(firstId + index, { depth }));
}
