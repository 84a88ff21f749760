import { type AdminUserRow, DEFAULT_PAGE_SIZE } from '@platform/contracts';
import { isSuperAdmin } from '@platform/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toggled } from '../../components/idSet.ts';
import { ListFooter } from '../../components/ListFooter.tsx';
import { useListParams } from '../../lib/listParams.ts';
import { errorMessage } from '../../lib/request.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { AdminListPage } from '../shell/AdminListPage.tsx';
import { UserDetailModal } from './UserDetailModal.tsx';
import { UserFilters } from './UserFilters.tsx';
import { UserStatCards } from './UserStatCards.tsx';
import { UsersTable } from './UsersTable.tsx';
import {
  bulkSetUserStatus,
  type UserFilters as Filters,
  fetchUsers,
  setUserStatus,
  USER_LIST_PARAMS,
  USERS_QUERY_ROOT,
  usersQueryKey,
} from './usersApi.ts';

/** The size the list asks for (spec 000 §2, §9); its pager pages by the size the reply says. */
const PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * 用户管理: stat cards, filters, the user list with enable/disable (per row and in bulk, disabling
 * confirmed) and details. Search, filters and page are kept in the address.
 */
export default function UsersPage() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { user: me } = useSessionSnapshot();
  const [filters, setFilters] = useListParams(USER_LIST_PARAMS);
  const [selected, setSelected] = useState<number[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [bulkRunning, setBulkRunning] = useState(false);

  const queryKey = useMemo(() => usersQueryKey(filters), [filters]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchUsers(filters, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_ROOT });

  const changeFilters = (change: Partial<Omit<Filters, 'page'>>) => {
    setSelected([]);
    setFilters(change);
  };

  const runToggle = async (row: AdminUserRow, isActive: boolean) => {
    setBusy((current) => toggled(current, row.id, true));
    try {
      await setUserStatus(row.id, isActive);
      message.success(t('users.updated'));
    } catch (error) {
      message.error(errorMessage(error, t('users.updateFailed')));
    } finally {
      setBusy((current) => toggled(current, row.id, false));
      await refresh();
    }
  };

  /** Enabling is immediate; disabling signs the user out, so it is confirmed first (as in bulk). */
  const toggle = (row: AdminUserRow, isActive: boolean) => {
    if (isActive) {
      void runToggle(row, true);
      return;
    }
    modal.confirm({
      title: t('users.confirmDisable'),
      content: t('users.confirmDisableText', { email: row.email }),
      okText: t('users.disable'),
      okButtonProps: { danger: true },
      cancelText: t('users.cancel'),
      onOk: () => {
        void runToggle(row, false);
      },
    });
  };

  const runBulk = async (isActive: boolean, ids: number[]) => {
    setBulkRunning(true);
    try {
      const reply = await bulkSetUserStatus(ids, isActive);
      const n = reply.data.processedCount;
      message.success(isActive ? t('users.bulkEnabled', { n }) : t('users.bulkDisabled', { n }));
      setSelected([]);
    } catch (error) {
      message.error(errorMessage(error, t('users.updateFailed')));
    } finally {
      setBulkRunning(false);
      await refresh();
    }
  };

  const bulk = (isActive: boolean) => {
    const ids = selected.filter((id) => id !== me?.id);
    if (ids.length === 0) {
      message.warning(selected.length > 0 ? t('users.cannotDisableSelf') : t('users.selectFirst'));
      return;
    }
    modal.confirm({
      title: isActive ? t('users.confirmBulkEnableTitle') : t('users.confirmBulkDisableTitle'),
      content: isActive
        ? t('users.confirmBulkEnable', { count: ids.length, n: ids.length })
        : t('users.confirmBulkDisable', { count: ids.length, n: ids.length }),
      okText: isActive ? t('users.bulkEnable') : t('users.bulkDisable'),
      okButtonProps: { danger: !isActive },
      cancelText: t('users.cancel'),
      onOk: () => {
        void runBulk(isActive, ids);
      },
    });
  };

  const data = query.data;
  const pagination = data?.pagination;
  const selectedCount = selected.length;

  return (
    <AdminListPage
      title={t('users.title')}
      testId="users"
      query={query}
      loadFailed={t('users.loadFailed')}
      reloadError="keep"
      summary={
        data && !data.stats ? (
          <Alert
            type="error"
            showIcon
            title={t('users.statsFailed')}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {t('users.retry')}
              </Button>
            }
          />
        ) : (
          <UserStatCards stats={data?.stats} loading={query.isLoading} />
        )
      }
      filters={<UserFilters filters={filters} onChange={changeFilters} />}
      batchBar={
        <Space wrap>
          <Typography.Text type="secondary">
            {t('users.selected', { count: selectedCount, n: selectedCount })}
          </Typography.Text>
          <Button
            disabled={selectedCount === 0 || bulkRunning}
            loading={bulkRunning}
            onClick={() => bulk(true)}
            data-testid="users-bulk-enable"
          >
            {t('users.bulkEnable')}
          </Button>
          <Button
            danger
            disabled={selectedCount === 0 || bulkRunning}
            onClick={() => bulk(false)}
            data-testid="users-bulk-disable"
          >
            {t('users.bulkDisable')}
          </Button>
        </Space>
      }
      table={
        <UsersTable
          rows={data?.users ?? []}
          loading={query.isFetching && !bulkRunning && busy.size === 0}
          selected={selected}
          onSelect={setSelected}
          selfId={me?.id}
          canChangeAdmins={isSuperAdmin(me)}
          busy={busy}
          onToggle={toggle}
          onDetail={(row) => setDetailId(row.id)}
        />
      }
      footer={
        <ListFooter
          pagination={pagination}
          page={filters.page}
          noun={t('users.noun')}
          onChange={(page) => {
            setSelected([]);
            setFilters({ page });
          }}
          testId="users"
        />
      }
      below={<UserDetailModal userId={detailId} onClose={() => setDetailId(null)} />}
    />
  );
}
