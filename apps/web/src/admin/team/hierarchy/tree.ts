import { CHILDREN_PAGE_SIZE, type ChildrenPage, type HierarchyNode, type PathEntry } from './hierarchyApi.ts';

/**
 * The hierarchy screen's tree, kept small on purpose: a node's children come either nested in the
 * page call (the "seed", at most 50) or from /children pages that the screen asked for (the first
 * when a node is opened whose seed is missing or short, one more per 加载更多). Only what is
 * expanded becomes rows, and only the rows in view are drawn (VirtualTree).
 */

/** The /children pages of one node as far as they were asked for. */
export interface FetchedChildren {
  /** pages[i] is page i + 1 once it has arrived. */
  pages: (ChildrenPage | undefined)[];
  loading: boolean;
  error: unknown;
}

export type FetchedMap = ReadonlyMap<number, FetchedChildren>;

/** How many /children pages the screen wants per node (from page 1). */
export type WantedPages = ReadonlyMap<number, number>;

export interface LoadedChildren {
  children: HierarchyNode[];
  loading: boolean;
  error: unknown;
  /** Further children exist that a 加载更多 would fetch. */
  canLoadMore: boolean;
}

/** The seed is the node's whole first page: nothing is missing from it (a node with 120 has 50). */
export function seedComplete(node: HierarchyNode): boolean {
  return node.children.length >= Math.min(node.direct_referrals, CHILDREN_PAGE_SIZE);
}

/** Whether opening the node has to fetch its first page. */
export function needsFirstPage(node: HierarchyNode): boolean {
  return node.direct_referrals > 0 && !seedComplete(node);
}

function withoutDuplicates(nodes: HierarchyNode[]): HierarchyNode[] {
  const seen = new Set<number>();
  return nodes.filter((node) => {
    if (seen.has(node.id)) return false;
    seen.add(node.id);
    return true;
  });
}

/** The children known now: the fetched pages once page 1 is there, the seed until then. */
export function loadedChildren(node: HierarchyNode, fetched: FetchedChildren | undefined): LoadedChildren {
  const loading = fetched?.loading ?? false;
  const error = fetched?.error ?? null;
  const first = fetched?.pages[0];
  if (!first) {
    const canLoadMore =
      !fetched &&
      seedComplete(node) &&
      node.children.length > 0 &&
      node.children.length < node.direct_referrals;
    return { children: node.children, loading, error, canLoadMore };
  }
  const arrived: ChildrenPage[] = [];
  for (const page of fetched.pages) {
    if (!page) break;
    arrived.push(page);
  }
  const last = arrived[arrived.length - 1] ?? first;
  const children = withoutDuplicates(arrived.flatMap((page) => page.children));
  const allArrived = arrived.length === fetched.pages.length;
  return {
    children,
    loading,
    error,
    canLoadMore: allArrived && !loading && !error && last.pagination.page < last.pagination.totalPages,
  };
}

/** A node's ancestors, nearest first, shared between siblings (a row costs O(1), however deep). */
export type Ancestry = { entry: PathEntry; up: Ancestry } | null;

/** The ancestors from the top-level user down to the parent. */
export function ancestorsOf(ancestry: Ancestry): PathEntry[] {
  const path: PathEntry[] = [];
  for (let link = ancestry; link; link = link.up) path.push(link.entry);
  return path.reverse();
}

/** A search match's path, top-level user first (sorted here rather than trusting the reply's order). */
function pathOf(
  paths: Readonly<Record<string, PathEntry[]>> | undefined,
  id: number,
): PathEntry[] | undefined {
  if (!paths) return undefined;
  return [...(paths[String(id)] ?? [])].sort((a, b) => a.depth - b.depth);
}

function ancestryOf(path: readonly PathEntry[]): Ancestry {
  let ancestry: Ancestry = null;
  for (const entry of path) ancestry = { entry, up: ancestry };
  return ancestry;
}

export type TreeRow =
  | {
      kind: 'node';
      key: string;
      node: HierarchyNode;
      /** Indentation steps (24 px each) on the screen: 0 for a row at the top of the list. */
      indent: number;
      expandable: boolean;
      expanded: boolean;
      /** Search results: the ancestors from the top-level user down to the parent. */
      path?: PathEntry[];
      /** The node's ancestors as far as known (the parents above it, or a search's path). */
      ancestry: Ancestry;
    }
  | {
      kind: 'loading' | 'error' | 'more';
      key: string;
      /** The expanded node the row belongs to. */
      node: HierarchyNode;
      indent: number;
      /** Its children shown so far (加载更多 says how many of direct_referrals). */
      shown: number;
      /** Why the children could not be loaded (kind error). */
      error?: unknown;
    };

/**
 * The rows on screen, depth first: every root, and under each expanded node its loaded children
 * followed by a status row (loading, error with retry, or 加载更多).
 */
export function visibleRows(
  roots: readonly HierarchyNode[],
  expanded: ReadonlySet<number>,
  fetched: FetchedMap,
  paths?: Readonly<Record<string, PathEntry[]>>,
): TreeRow[] {
  type Item =
    | { type: 'node'; node: HierarchyNode; indent: number; key: string; root: boolean; ancestry: Ancestry }
    | { type: 'status'; row: TreeRow };
  const rows: TreeRow[] = [];
  // An explicit stack rather than recursion: a long chain of expanded nodes must not overflow.
  const stack: Item[] = [];
  for (let i = roots.length - 1; i >= 0; i--) {
    const node = roots[i] as HierarchyNode;
    const path = pathOf(paths, node.id) ?? [];
    stack.push({
      type: 'node',
      node,
      indent: 0,
      key: `${i}:${node.id}`,
      root: true,
      ancestry: ancestryOf(path),
    });
  }
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    if (item.type === 'status') {
      rows.push(item.row);
      continue;
    }
    const { node, indent, key, ancestry } = item;
    const expandable = node.direct_referrals > 0;
    const isOpen = expandable && expanded.has(node.id);
    rows.push({
      kind: 'node',
      key,
      node,
      indent,
      expandable,
      expanded: isOpen,
      path: item.root ? pathOf(paths, node.id) : undefined,
      ancestry,
    });
    if (!isOpen) continue;
    const own = fetched.get(node.id);
    const state = loadedChildren(node, own);
    const shown = state.children.length;
    const base = { node, indent: indent + 1, shown };
    const status: TreeRow | null = state.error
      ? { kind: 'error', key: `${key}/error`, ...base, error: state.error }
      : state.loading || (shown === 0 && needsFirstPage(node) && !own)
        ? { kind: 'loading', key: `${key}/loading`, ...base }
        : state.canLoadMore
          ? { kind: 'more', key: `${key}/more`, ...base }
          : null;
    // The status row comes after the whole subtree, so it goes on the stack first.
    if (status) stack.push({ type: 'status', row: status });
    const below: Ancestry = { entry: { id: node.id, email: node.email, depth: node.depth }, up: ancestry };
    for (let i = shown - 1; i >= 0; i--) {
      const child = state.children[i] as HierarchyNode;
      stack.push({
        type: 'node',
        node: child,
        indent: indent + 1,
        key: `${key}/${child.id}`,
        root: false,
        ancestry: below,
      });
    }
  }
  return rows;
}

/** Every loaded node that has loaded children (展开全部 opens these, and fetches nothing). */
export function expandableLoadedIds(roots: readonly HierarchyNode[], fetched: FetchedMap): number[] {
  const ids: number[] = [];
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop() as HierarchyNode;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    const { children } = loadedChildren(node, fetched.get(node.id));
    if (children.length > 0) {
      ids.push(node.id);
      stack.push(...children);
    }
  }
  return ids;
}

/** The /children requests the wanted pages stand for, in a stable order. */
export function childRequests(wanted: WantedPages): { id: number; page: number }[] {
  const requests: { id: number; page: number }[] = [];
  for (const [id, pages] of wanted) {
    for (let page = 1; page <= pages; page++) requests.push({ id, page });
  }
  return requests;
}

/** What the screen reads of one /children query (a TanStack Query result). */
export interface ChildQueryState {
  data?: ChildrenPage;
  isPending: boolean;
  error: unknown;
}

/**
 * The node id to its fetched pages, from the results of childRequests(...) in the same order. A
 * page is loading until its first answer; a failed refresh of a page that is there keeps it.
 */
export function fetchedChildren(
  requests: readonly { id: number; page: number }[],
  results: readonly ChildQueryState[],
): Map<number, FetchedChildren> {
  const map = new Map<number, FetchedChildren>();
  requests.forEach((request, index) => {
    const result = results[index];
    let entry = map.get(request.id);
    if (!entry) {
      entry = { pages: [], loading: false, error: null };
      map.set(request.id, entry);
    }
    entry.pages[request.page - 1] = result?.data;
    if (!result || (result.isPending && !result.error)) entry.loading = true;
    if (result?.error && !result.data && !entry.error) entry.error = result.error;
  });
  return map;
}
