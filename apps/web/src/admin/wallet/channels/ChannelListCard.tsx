import { formatNumber } from '@platform/domain';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Space, type TableColumnsType, type TableColumnType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type ComponentType, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { LAPTOP_TABLE_WIDTH, ListTable } from '../../shell/AdminListPage.tsx';
import type { ChannelFormModalProps } from './ChannelModal.tsx';
import { type ChannelKind, ChannelsToolbar, currencyOptions, useConfirmDelete } from './channelListParts.tsx';

/** A channel limit as shown in the lists: up to 8 decimals, none when whole. */
export const channelAmount = (value: string) => formatNumber(value, 8, { minDecimals: 0 });

interface ListedChannel {
  id: number;
  name: string;
  description: string | null;
  currency: string;
}

/** 渠道名称, in bold; a long one is cut at its cell (whole in the tooltip) so that the other columns stay in view. */
export function nameColumn<C extends ListedChannel>(t: TFunction<'admin'>): TableColumnType<C> {
  return {
    title: t('channels.name'),
    key: 'name',
    width: 150,
    // Cut at the cell (antd's ellipsis is at most 100 % wide), so that it never spills over 描述.
    render: (_, row) => (
      <Typography.Text strong ellipsis={{ tooltip: row.name }}>
        {row.name}
      </Typography.Text>
    ),
  };
}

/** 描述, a dash when there is none; a long one is cut, whole in the tooltip. */
export function descriptionColumn<C extends ListedChannel>(t: TFunction<'admin'>): TableColumnType<C> {
  return {
    title: t('channels.description'),
    key: 'description',
    width: 110,
    render: (_, row) =>
      row.description ? (
        <Typography.Text ellipsis={{ tooltip: row.description }}>{row.description}</Typography.Text>
      ) : (
        <Typography.Text type="secondary">-</Typography.Text>
      ),
  };
}

/** The loaded channels of one kind, the currencies their forms offer, and a reload. */
export function useChannelList<C extends ListedChannel>(
  queryKey: QueryKey,
  fetch: (signal: AbortSignal) => Promise<C[]>,
) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: ({ signal }) => fetch(signal) });
  const currencies = useMemo(() => currencyOptions(query.data ?? []), [query.data]);
  const reload = () => queryClient.invalidateQueries({ queryKey });
  return { query, channels: query.data ?? [], currencies, reload };
}

export type ChannelList<C extends ListedChannel> = ReturnType<typeof useChannelList<C>>;

export interface ChannelListCardProps<C extends ListedChannel> {
  list: ChannelList<C>;
  /** Deposit or withdrawal channels: the card's title (as the menu entry), load error, empty text and delete question. */
  kind: ChannelKind;
  /** Prefixes the test ids: `<prefix>-add`, `<prefix>-row-<id>`, `<prefix>-edit-<id>`, `<prefix>-delete-<id>`. */
  testIdPrefix: string;
  /** The kind's own columns; 操作 (编辑, 删除) follows them. */
  columns: TableColumnsType<C>;
  remove: (id: number) => Promise<string>;
  /** The message.error text for a failed delete. */
  deleteFailure: (error: unknown) => string;
  FormModal: ComponentType<ChannelFormModalProps<C>>;
}

/**
 * A channel list page: the table with 刷新 and 添加渠道, edit and delete on each row, the add/edit
 * modal, and in place of it all the load error with a retry while nothing has loaded.
 */
export function ChannelListCard<C extends ListedChannel>({
  list: { query, channels, currencies, reload },
  kind,
  testIdPrefix,
  columns,
  remove,
  deleteFailure,
  FormModal,
}: ChannelListCardProps<C>) {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<{ channel: C | null } | null>(null);
  const confirmRemove = useConfirmDelete({ kind, remove, failure: deleteFailure, reload });

  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title={t(`channels.${kind}.loadFailed`)}
        reason={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  // Pinned to the right: long addresses and descriptions scroll under it, the buttons stay in reach.
  const actionsColumn: TableColumnType<C> = {
    title: t('channels.actions'),
    key: 'actions',
    fixed: 'right',
    width: 140,
    render: (_, row) => (
      <Space size={4}>
        <Button
          size="small"
          onClick={() => setEditing({ channel: row })}
          data-testid={`${testIdPrefix}-edit-${row.id}`}
        >
          {t('channels.edit')}
        </Button>
        <Button
          size="small"
          danger
          onClick={() => confirmRemove(row)}
          data-testid={`${testIdPrefix}-delete-${row.id}`}
        >
          {t('channels.delete')}
        </Button>
      </Space>
    ),
  };

  return (
    <Card
      title={t(`channels.${kind}.title`)}
      extra={
        <ChannelsToolbar
          onReload={() => void reload()}
          reloading={query.isFetching && !query.isLoading}
          onAdd={() => setEditing({ channel: null })}
          addTestId={`${testIdPrefix}-add`}
        />
      }
    >
      <ListTable<C>
        columns={[...columns, actionsColumn]}
        // Fits 1366 px with nothing under the pinned 启用 and 操作; narrower screens scroll.
        scrollX={LAPTOP_TABLE_WIDTH}
        rows={channels}
        loading={query.isLoading}
        rowTestId={`${testIdPrefix}-row`}
        empty={<Empty description={t(`channels.${kind}.empty`)} />}
      />
      {editing && (
        <FormModal
          channel={editing.channel}
          currencies={currencies}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
    </Card>
  );
}
