import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { formatCount, formatUSDT } from '@platform/domain';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { Button, Flex, Spin, Tag, Typography } from 'antd';
import { type CSSProperties, type KeyboardEvent, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/request.ts';
import type { HierarchyNode, PathEntry } from './hierarchyApi.ts';
import { ancestorsOf, type TreeRow } from './tree.ts';

/** Indentation per level (spec 001 §2). */
export const INDENT_PX = 24;
export const NODE_ROW_HEIGHT = 60;
/** A search result's row carries its path on up to two extra lines (a narrow screen wraps it). */
export const PATH_ROW_HEIGHT = 100;
export const STATUS_ROW_HEIGHT = 40;
/** The tree scrolls inside a box of at most this height; rows outside it (plus a margin) are not drawn. */
export const TREE_MAX_HEIGHT = 640;
/** Rows drawn beyond each edge of the box, so a quick scroll does not show blank space. */
const OVERSCAN_ROWS = 7;
/** Room kept for a row's content right of its indentation before the box scrolls sideways. */
const CONTENT_MIN_WIDTH = 340;

export function rowHeight(row: TreeRow): number {
  if (row.kind !== 'node') return STATUS_ROW_HEIGHT;
  return row.path ? PATH_ROW_HEIGHT : NODE_ROW_HEIGHT;
}

/**
 * The box's size as the virtualizer sees it: a box that reports no height (not laid out yet, or a
 * document without layout) counts as the full box, so the first rows are drawn rather than none.
 */
const observeTreeRect: typeof observeElementRect<HTMLDivElement> = (instance, report) =>
  observeElementRect(instance, (rect) =>
    report({ width: rect.width, height: rect.height || TREE_MAX_HEIGHT }),
  );

export interface VirtualTreeProps {
  rows: readonly TreeRow[];
  selectedId: number | null;
  /** Changing it scrolls back to the top (another page or search). */
  resetKey: string;
  onToggle: (node: HierarchyNode) => void;
  /** A node was clicked: it and its ancestors from the top-level user down to its parent. */
  onOpen: (node: HierarchyNode, ancestors: PathEntry[]) => void;
  onMore: (node: HierarchyNode) => void;
  onRetry: (node: HierarchyNode) => void;
}

/**
 * The tree's rows in a scrolling box that draws only the rows in view: a page of top-level users
 * opened 展开全部 may hold thousands of loaded nodes, and the screen stays as quick as with ten.
 */
export function VirtualTree({
  rows,
  selectedId,
  resetKey,
  onToggle,
  onOpen,
  onMore,
  onRetry,
}: VirtualTreeProps) {
  const { t } = useTranslation('admin');
  const box = useRef<HTMLDivElement>(null);
  // Stable per `rows`: the virtualizer recomputes every row's offset whenever these change, so new
  // functions on each render would redo that work on every scroll frame.
  const estimateSize = useCallback((index: number) => rowHeight(rows[index] as TreeRow), [rows]);
  const getItemKey = useCallback((index: number) => (rows[index] as TreeRow).key, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: 0, height: TREE_MAX_HEIGHT },
    observeElementRect: observeTreeRect,
  });
  const width = useMemo(() => {
    let deepest = 0;
    for (const row of rows) deepest = Math.max(deepest, row.indent);
    return deepest * INDENT_PX + CONTENT_MIN_WIDTH;
  }, [rows]);
  const total = virtualizer.getTotalSize();
  const height = Math.min(total, TREE_MAX_HEIGHT);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger, not a value read here.
  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [resetKey]);

  return (
    <div
      ref={box}
      role="tree"
      aria-label={t('team.hierarchy.title')}
      data-testid="hierarchy-tree"
      data-rows={rows.length}
      style={{ height, overflow: 'auto', position: 'relative', border: '1px solid #f0f0f0', borderRadius: 6 }}
    >
      <div style={{ height: total, minWidth: width, position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index] as TreeRow;
          const style = {
            position: 'absolute',
            top: item.start,
            left: 0,
            right: 0,
            height: item.size,
          } as const;
          if (row.kind === 'node') {
            return (
              <NodeRow
                key={row.key}
                row={row}
                style={style}
                selected={row.node.id === selectedId}
                onToggle={onToggle}
                onOpen={onOpen}
              />
            );
          }
          return <StatusRow key={row.key} row={row} style={style} onMore={onMore} onRetry={onRetry} />;
        })}
      </div>
    </div>
  );
}

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

function PathLine({ path, testId }: { path: PathEntry[]; testId: string }) {
  const { t } = useTranslation('admin');
  const text = t('team.hierarchy.tree.path', {
    path: path.length === 0 ? t('team.hierarchy.tree.top') : path.map((entry) => entry.email).join(' › '),
  });
  // At most two lines, the whole path on hover (and in the detail panel).
  return (
    <div
      title={text}
      data-testid={testId}
      style={{
        fontSize: 12,
        lineHeight: '18px',
        color: 'rgba(0, 0, 0, 0.45)',
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </div>
  );
}

function NodeRow({
  row,
  style,
  selected,
  onToggle,
  onOpen,
}: {
  row: Extract<TreeRow, { kind: 'node' }>;
  style: CSSProperties;
  selected: boolean;
  onToggle: (node: HierarchyNode) => void;
  onOpen: (node: HierarchyNode, ancestors: PathEntry[]) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const { node, indent, expandable, expanded, path } = row;
  const open = () => onOpen(node, ancestorsOf(row.ancestry));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    } else if (event.key === 'ArrowRight' && expandable && !expanded) {
      onToggle(node);
    } else if (event.key === 'ArrowLeft' && expanded) {
      onToggle(node);
    }
  };
  return (
    <div
      role="treeitem"
      aria-level={indent + 1}
      aria-expanded={expandable ? expanded : undefined}
      aria-selected={selected}
      tabIndex={0}
      onClick={open}
      onKeyDown={onKeyDown}
      data-testid={`hierarchy-node-${node.id}`}
      style={{
        ...style,
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        paddingLeft: 8 + indent * INDENT_PX,
        paddingRight: 12,
        borderBottom: '1px solid #f5f5f5',
        background: selected ? '#e6f4ff' : undefined,
        cursor: 'pointer',
        boxSizing: 'border-box',
      }}
    >
      <span style={{ width: 24, flex: 'none', display: 'inline-flex', justifyContent: 'center' }}>
        {expandable && (
          <Button
            type="text"
            size="small"
            icon={expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
            aria-label={
              expanded
                ? t('team.hierarchy.tree.collapse', { email: node.email })
                : t('team.hierarchy.tree.expand', { email: node.email })
            }
            onClick={(event) => {
              event.stopPropagation();
              onToggle(node);
            }}
            data-testid={`hierarchy-toggle-${node.id}`}
          />
        )}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        {path && <PathLine path={path} testId={`hierarchy-path-${node.id}`} />}
        <Flex align="center" gap={6} style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ minWidth: 0 }} data-testid="hierarchy-node-email">
            {node.email}
          </Typography.Text>
          {node.kyc_status === 'approved' && (
            <Tag color="green" style={{ marginInlineEnd: 0 }} data-testid="hierarchy-badge-kyc">
              {t('common:kycStatus.approved')}
            </Tag>
          )}
          {node.is_deposited && (
            <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="hierarchy-badge-deposited">
              {t('team.hierarchy.tree.deposited')}
            </Tag>
          )}
        </Flex>
        <Flex
          align="center"
          gap={12}
          style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.55)', whiteSpace: 'nowrap', ...numeric }}
          data-testid="hierarchy-node-stats"
        >
          <span style={{ color: '#1677ff', fontWeight: 500 }}>L{node.depth + 1}</span>
          <span>{t('team.hierarchy.tree.direct', { n: formatCount(node.direct_referrals) })}</span>
          <span>{t('team.hierarchy.tree.team', { n: formatCount(node.team_size) })}</span>
          <span>{t('team.hierarchy.tree.deposit', { amount: formatUSDT(node.total_deposit) })}</span>
        </Flex>
      </div>
    </div>
  );
}

function StatusRow({
  row,
  style,
  onMore,
  onRetry,
}: {
  row: Extract<TreeRow, { kind: 'loading' | 'error' | 'more' }>;
  style: CSSProperties;
  onMore: (node: HierarchyNode) => void;
  onRetry: (node: HierarchyNode) => void;
}) {
  const { t } = useTranslation('admin');
  const { node } = row;
  const body =
    row.kind === 'loading' ? (
      <Flex align="center" gap={8} data-testid={`hierarchy-loading-${node.id}`}>
        <Spin size="small" />
        <Typography.Text type="secondary">{t('team.hierarchy.tree.loadingChildren')}</Typography.Text>
      </Flex>
    ) : row.kind === 'error' ? (
      <Flex align="center" gap={8} data-testid={`hierarchy-error-${node.id}`}>
        <Typography.Text type="danger">
          {t('team.hierarchy.tree.childrenFailed', {
            reason: errorMessage(row.error, t('team.hierarchy.tree.tryLater')),
          })}
        </Typography.Text>
        <Button size="small" onClick={() => onRetry(node)} data-testid={`hierarchy-retry-${node.id}`}>
          {t('team.hierarchy.tree.retry')}
        </Button>
      </Flex>
    ) : (
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        onClick={() => onMore(node)}
        data-testid={`hierarchy-more-${node.id}`}
      >
        {t('team.hierarchy.tree.more', {
          shown: formatCount(row.shown),
          total: formatCount(node.direct_referrals),
        })}
      </Button>
    );
  return (
    <div
      role="none"
      style={{
        ...style,
        display: 'flex',
        alignItems: 'center',
        paddingLeft: 8 + 24 + 4 + row.indent * INDENT_PX,
        boxSizing: 'border-box',
      }}
    >
      {body}
    </div>
  );
}
