import {
  ColumnHeightOutlined,
  ReloadOutlined,
  SearchOutlined,
  VerticalAlignMiddleOutlined,
} from '@ant-design/icons';
import type { HierarchyNode } from '@platform/contracts';
import { formatCount } from '@platform/domain';
import { keepPreviousData, useIsFetching, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Input, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../components/ListFooter.tsx';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { adminTeamZhCN } from '../../i18n/admin/team/zh-CN.ts';
import { param, useListParams } from '../../lib/listParams.ts';
import { errorMessage } from '../../lib/request.ts';
import {
  childrenPageKey,
  fetchChildren,
  fetchHierarchy,
  HIERARCHY_ROOT,
  hierarchyPageKey,
  type PathEntry,
  validSearch,
} from './hierarchy/hierarchyApi.ts';
import { NodeDetail } from './hierarchy/NodeDetail.tsx';
import {
  type ChildQueryState,
  childRequests,
  expandableLoadedIds,
  fetchedChildren,
  needsFirstPage,
  visibleRows,
} from './hierarchy/tree.ts';
import { VirtualTree } from './hierarchy/VirtualTree.tsx';

/** The search runs this long after the last key press. */
export const SEARCH_DEBOUNCE_MS = 400;
/** Fetched children stay fresh this long (刷新 reloads them at once). */
const CHILDREN_STALE_MS = 60_000;

/** 展开全部's hint in zh-CN (the page shows the language's, team.hierarchy.expandAllHint). */
export const EXPAND_ALL_HINT = adminTeamZhCN.hierarchy.expandAllHint;

/**
 * Page and search in the address (hierarchyQuery: a search of 2 to 100 characters). The search
 * replaces its history entry as it is typed; a page adds one.
 */
const HIERARCHY_LIST_PARAMS = {
  search: param.search({ min: 2, max: 100 }),
  page: param.page(),
};

/**
 * 团队层级 (spec 001 §2, §3): the referral tree, 20 top-level users a page with their direct
 * referrals; deeper levels are fetched when a node is opened (50 at a time, 加载更多 for the rest),
 * so that a tree of a million users is never loaded or drawn whole. The search (e-mail or phone,
 * on the server, any level) shows each match with its path from its top-level user. Clicking a
 * user opens its details. Page and search are kept in the address.
 */
export default function HierarchyPage() {
  const { t } = useTranslation('admin');
  const LOAD_FAILED = t('team.hierarchy.loadFailed');
  const expandAllHint = t('team.hierarchy.expandAllHint');
  const queryClient = useQueryClient();
  const [{ search, page }, setAddress] = useListParams(HIERARCHY_LIST_PARAMS);

  const [text, setText] = useState(search);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [wanted, setWanted] = useState<ReadonlyMap<number, number>>(() => new Map());
  const [selected, setSelected] = useState<{ node: HierarchyNode; ancestors: PathEntry[] } | null>(null);

  // The search follows the typing (debounced) once it has 2 characters, and is dropped when cleared.
  const typed = text.trim();
  const typedSearch = validSearch(typed);
  const tooShort = typed.length > 0 && !typedSearch;
  useEffect(() => {
    if (tooShort) return;
    const next = typedSearch ?? '';
    if (next === search) return;
    const timer = setTimeout(() => setAddress({ search: next }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typedSearch, tooShort, search, setAddress]);
  // The address changed by itself (back button): the box shows its search.
  useEffect(() => {
    setText((current) => ((validSearch(current.trim()) ?? '') === search ? current : search));
  }, [search]);

  const list = useQuery({
    queryKey: hierarchyPageKey(page, search),
    queryFn: ({ signal }) => fetchHierarchy(page, search, signal),
    placeholderData: keepPreviousData,
  });

  const requests = useMemo(() => childRequests(wanted), [wanted]);
  const combine = useCallback((results: ChildQueryState[]) => fetchedChildren(requests, results), [requests]);
  const fetched = useQueries({
    queries: requests.map(({ id, page: childPage }) => ({
      queryKey: childrenPageKey(id, childPage),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchChildren(id, childPage, signal),
      staleTime: CHILDREN_STALE_MS,
    })),
    combine,
  });

  const roots = list.data?.hierarchy;
  // The reply says itself whether it answers a search (paths), also while the next one is loading.
  const paths = list.data?.paths;
  const rows = useMemo(
    () => visibleRows(roots ?? [], expanded, fetched, paths),
    [roots, expanded, fetched, paths],
  );
  const busy = useIsFetching({ queryKey: HIERARCHY_ROOT }) > 0;

  const toggle = useCallback((node: HierarchyNode) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(node.id)) next.delete(node.id);
      else next.add(node.id);
      return next;
    });
    if (needsFirstPage(node)) {
      setWanted((current) => (current.has(node.id) ? current : new Map(current).set(node.id, 1)));
    }
  }, []);
  const loadMore = useCallback((node: HierarchyNode) => {
    // Pages from 1: while the first is on its way the nested children stay on screen.
    setWanted((current) => new Map(current).set(node.id, (current.get(node.id) ?? 1) + 1));
  }, []);
  const retry = useCallback(
    (node: HierarchyNode) => {
      void queryClient.refetchQueries({ queryKey: [...HIERARCHY_ROOT, 'children', node.id] });
    },
    [queryClient],
  );
  const openDetail = useCallback(
    (node: HierarchyNode, ancestors: PathEntry[]) => setSelected({ node, ancestors }),
    [],
  );
  const expandAll = () =>
    setExpanded((current) => new Set([...current, ...expandableLoadedIds(roots ?? [], fetched)]));
  const collapseAll = () => setExpanded(new Set());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: HIERARCHY_ROOT });

  if (list.isPending) return <PageLoading />;
  if (!list.data) {
    return (
      <LoadErrorView
        title={LOAD_FAILED}
        reason={errorMessage(list.error, LOAD_FAILED)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }

  const { pagination, totalTopLevel } = list.data;
  const searched = paths !== undefined;
  const applyNow = () => {
    if (!tooShort) setAddress({ search: typedSearch ?? '' });
  };

  return (
    <Flex vertical gap={16} data-testid="hierarchy-page">
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('team.hierarchy.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Tooltip title={expandAllHint}>
            <Button
              icon={<ColumnHeightOutlined />}
              onClick={expandAll}
              disabled={busy}
              aria-description={expandAllHint}
              data-testid="hierarchy-expand-all"
            >
              {t('team.hierarchy.expandAll')}
            </Button>
          </Tooltip>
          <Button
            icon={<VerticalAlignMiddleOutlined />}
            onClick={collapseAll}
            disabled={busy}
            data-testid="hierarchy-collapse-all"
          >
            {t('team.hierarchy.collapseAll')}
          </Button>
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            onClick={refresh}
            loading={busy}
            data-testid="hierarchy-refresh"
          >
            {t('team.hierarchy.refresh')}
          </Button>
        </Flex>
      </Flex>

      {list.isError && (
        <Alert
          type="warning"
          showIcon
          title={t('team.hierarchy.failed', {
            title: LOAD_FAILED,
            reason: errorMessage(list.error, LOAD_FAILED),
          })}
        />
      )}

      <Card size="small">
        <Flex vertical gap={12}>
          <Flex align="center" justify="space-between" wrap gap={8}>
            <Flex vertical gap={4} style={{ flex: '1 1 280px', maxWidth: 420 }}>
              <Input
                allowClear
                value={text}
                prefix={<SearchOutlined />}
                placeholder={t('team.hierarchy.searchPlaceholder')}
                onChange={(event) => setText(event.target.value)}
                onPressEnter={applyNow}
                aria-label={t('team.hierarchy.searchLabel')}
                data-testid="hierarchy-search"
              />
              {tooShort && (
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 12 }}
                  data-testid="hierarchy-search-hint"
                >
                  {t('team.hierarchy.searchHint')}
                </Typography.Text>
              )}
            </Flex>
            <Typography.Text data-testid="hierarchy-count">
              {list.isPlaceholderData
                ? t('team.hierarchy.loading')
                : searched
                  ? t('team.hierarchy.found', { count: totalTopLevel, n: formatCount(totalTopLevel) })
                  : t('team.hierarchy.topLevel', { count: totalTopLevel, n: formatCount(totalTopLevel) })}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="hierarchy-legend">
            {t('team.hierarchy.legend')}
          </Typography.Text>

          {rows.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={searched ? t('team.hierarchy.noMatch') : t('team.hierarchy.noUsers')}
              data-testid="hierarchy-empty"
            />
          ) : (
            <div style={{ opacity: list.isPlaceholderData ? 0.5 : 1, transition: 'opacity 0.2s' }}>
              <VirtualTree
                rows={rows}
                selectedId={selected?.node.id ?? null}
                resetKey={`${page}|${search}`}
                onToggle={toggle}
                onOpen={openDetail}
                onMore={loadMore}
                onRetry={retry}
              />
            </div>
          )}

          <ListFooter
            pagination={pagination}
            page={page}
            noun={t('team.hierarchy.noun')}
            onChange={(next) => setAddress({ page: next })}
            disabled={busy}
            testId="hierarchy"
          />
        </Flex>
      </Card>

      <NodeDetail
        node={selected?.node ?? null}
        ancestors={selected?.ancestors ?? []}
        onClose={() => setSelected(null)}
      />
    </Flex>
  );
}
