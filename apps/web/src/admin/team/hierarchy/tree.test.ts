import { describe, expect, it } from 'vitest';
import { makeChildren, makeNode } from './fixtures.ts';
import type { ChildrenPage } from './hierarchyApi.ts';
import {
  ancestorsOf,
  childRequests,
  expandableLoadedIds,
  type FetchedChildren,
  fetchedChildren,
  loadedChildren,
  needsFirstPage,
  type TreeRow,
  visibleRows,
} from './tree.ts';

const page = (children: ReturnType<typeof makeChildren>, n: number, total: number): ChildrenPage => ({
  children,
  pagination: { page: n, limit: 50, total, totalPages: Math.ceil(total / 50) },
});

const describeRows = (rows: TreeRow[]) =>
  rows.map((row) =>
    row.kind === 'node'
      ? `${'  '.repeat(row.indent)}${row.node.id}`
      : `${'  '.repeat(row.indent)}[${row.kind}]`,
  );

describe('the hierarchy tree', () => {
  const leaf = makeNode(3, { depth: 1 });
  const parent = makeNode(2, { depth: 1, direct_referrals: 4, team_size: 9 }); // children not nested
  const root = makeNode(1, { children: [parent, leaf], team_size: 11 });

  it('fetches a first page only when the nested children are missing or short', () => {
    expect(needsFirstPage(root)).toBe(false);
    expect(needsFirstPage(parent)).toBe(true);
    expect(needsFirstPage(leaf)).toBe(false);
    // 120 referrals: the nested 50 are the whole first page.
    expect(needsFirstPage(makeNode(9, { children: makeChildren(100, 50, 1), direct_referrals: 120 }))).toBe(
      false,
    );
    expect(needsFirstPage(makeNode(9, { children: makeChildren(100, 49, 1), direct_referrals: 120 }))).toBe(
      true,
    );
  });

  it('shows only expanded subtrees, with a loading row for children on their way', () => {
    expect(describeRows(visibleRows([root], new Set(), new Map()))).toEqual(['1']);
    expect(describeRows(visibleRows([root], new Set([1]), new Map()))).toEqual(['1', '  2', '  3']);
    expect(describeRows(visibleRows([root], new Set([1, 2]), new Map()))).toEqual([
      '1',
      '  2',
      '    [loading]',
      '  3',
    ]);
    // A node without referrals never opens.
    expect(visibleRows([leaf], new Set([3]), new Map())[0]).toMatchObject({
      expandable: false,
      expanded: false,
    });
  });

  it('puts fetched children under their node and offers 加载更多 while pages remain', () => {
    const fetched = new Map<number, FetchedChildren>([
      [2, { pages: [page(makeChildren(20, 2, 2), 1, 4)], loading: false, error: null }],
    ]);
    fetched.get(2)!.pages[0]!.pagination = { page: 1, limit: 2, total: 4, totalPages: 2 };
    const rows = visibleRows([root], new Set([1, 2]), fetched);
    expect(describeRows(rows)).toEqual(['1', '  2', '    20', '    21', '    [more]', '  3']);
    expect(rows[4]).toMatchObject({ kind: 'more', shown: 2 });
    // The last page: no more.
    fetched.get(2)!.pages.push(page(makeChildren(22, 2, 2), 2, 4));
    fetched.get(2)!.pages[1]!.pagination = { page: 2, limit: 2, total: 4, totalPages: 2 };
    expect(describeRows(visibleRows([root], new Set([1, 2]), fetched))).toEqual([
      '1',
      '  2',
      '    20',
      '    21',
      '    22',
      '    23',
      '  3',
    ]);
  });

  it('offers 加载更多 after a full nested first page, and keeps it on screen while pages load', () => {
    const big = makeNode(5, { children: makeChildren(100, 50, 1), direct_referrals: 120 });
    expect(loadedChildren(big, undefined)).toMatchObject({ canLoadMore: true, loading: false });
    const loading: FetchedChildren = { pages: [undefined, undefined], loading: true, error: null };
    const state = loadedChildren(big, loading);
    expect(state.children).toHaveLength(50);
    expect(state.canLoadMore).toBe(false);
    const rows = visibleRows([big], new Set([5]), new Map([[5, loading]]));
    expect(rows.at(-1)).toMatchObject({ kind: 'loading' });
  });

  it('drops a child that a shifted page sends twice, and reports a failed page with the error', () => {
    const twice: FetchedChildren = {
      pages: [page(makeChildren(20, 3, 2), 1, 6), page(makeChildren(22, 3, 2), 2, 6)],
      loading: false,
      error: null,
    };
    expect(loadedChildren(parent, twice).children.map((n) => n.id)).toEqual([20, 21, 22, 23, 24]);
    const failed = new Map([[2, { pages: [undefined], loading: false, error: new Error('x') }]]);
    const rows = visibleRows([root], new Set([1, 2]), failed);
    expect(rows[2]).toMatchObject({ kind: 'error', node: { id: 2 } });
  });

  it('shows each search match with its path', () => {
    const deep = makeNode(30, { depth: 3 });
    const rows = visibleRows([deep, root], new Set(), new Map(), {
      // In any order: the screen puts the top-level user first.
      '30': [
        { id: 2, email: 'b@x.com', depth: 1 },
        { id: 3, email: 'c@x.com', depth: 2 },
        { id: 1, email: 'a@x.com', depth: 0 },
      ],
    });
    expect(rows[0]).toMatchObject({ kind: 'node', indent: 0, path: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    expect(rows[1]).toMatchObject({ kind: 'node', path: [] });
    const row = rows[0] as Extract<TreeRow, { kind: 'node' }>;
    expect(ancestorsOf(row.ancestry).map((entry) => entry.id)).toEqual([1, 2, 3]);
  });

  it('knows the ancestors of every row shown', () => {
    const fetched = new Map<number, FetchedChildren>([
      [2, { pages: [page([makeNode(20, { depth: 2 })], 1, 1)], loading: false, error: null }],
    ]);
    const rows = visibleRows([root], new Set([1, 2]), fetched);
    const ancestors = (id: number) => {
      const row = rows.find((r) => r.kind === 'node' && r.node.id === id) as Extract<
        TreeRow,
        { kind: 'node' }
      >;
      return ancestorsOf(row.ancestry).map((entry) => entry.id);
    };
    expect(ancestors(1)).toEqual([]);
    expect(ancestors(3)).toEqual([1]);
    expect(ancestors(20)).toEqual([1, 2]);
  });

  it('expands all loaded nodes with loaded children and nothing else', () => {
    const fetched = new Map<number, FetchedChildren>([
      [
        2,
        {
          pages: [page([makeNode(20, { depth: 2, direct_referrals: 7 })], 1, 1)],
          loading: false,
          error: null,
        },
      ],
    ]);
    expect(expandableLoadedIds([root], fetched).sort()).toEqual([1, 2]);
    expect(expandableLoadedIds([root], new Map())).toEqual([1]);
  });

  it('walks a chain of 20,000 expanded levels without recursion', () => {
    let node = makeNode(20_000, { depth: 19_999 });
    const ids = [20_000];
    for (let id = 19_999; id >= 1; id--) {
      node = makeNode(id, { depth: id - 1, children: [node] });
      ids.push(id);
    }
    const rows = visibleRows([node], new Set(ids), new Map());
    expect(rows).toHaveLength(20_000);
    expect(rows.at(-1)).toMatchObject({ indent: 19_999 });
  });

  it('turns wanted pages into requests and their results back into pages per node', () => {
    const requests = childRequests(
      new Map([
        [2, 2],
        [7, 1],
      ]),
    );
    expect(requests).toEqual([
      { id: 2, page: 1 },
      { id: 2, page: 2 },
      { id: 7, page: 1 },
    ]);
    const one = page(makeChildren(20, 1, 2), 1, 60);
    const map = fetchedChildren(requests, [
      { data: one, isPending: false, error: null },
      { isPending: true, error: null },
      { isPending: false, error: new Error('boom') },
    ]);
    expect(map.get(2)).toEqual({ pages: [one, undefined], loading: true, error: null });
    expect(map.get(7)?.error).toBeInstanceOf(Error);
    expect(map.get(7)?.loading).toBe(false);
  });
});
