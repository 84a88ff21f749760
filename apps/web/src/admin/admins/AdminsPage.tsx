import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  type AdminStatusFilter,
  type AdminUpdateInput,
  type AdminView,
  DEFAULT_PAGE_SIZE,
} from '@platform/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Pagination, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { useReasonPrompt } from '../../components/ReasonPrompt.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { useListParams } from '../../lib/listParams.ts';
import { errorMessage } from '../../lib/request.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { AdminFormModal, type AdminFormValues } from './AdminFormModal.tsx';
import { AdminsTable } from './AdminsTable.tsx';
import {
  ADMIN_LIST_PARAMS,
  ADMINS_QUERY_ROOT,
  adminsQueryKey,
  createAdmin,
  deleteAdmin,
  failureText,
  fetchAdmins,
  resetAdminTwofa,
  setAdminStatus,
  updateAdmin,
} from './adminsApi.ts';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

const STATUS_OPTIONS: { value: AdminStatusFilter; label: string }[] = [
  { value: 'all', label: '全部状态' },
  { value: 'active', label: '已启用' },
  { value: 'inactive', label: '已禁用' },
];

/** The form of an edit: unchanged password left out, own level never sent. */
function updateBody(values: AdminFormValues, isSelf: boolean): AdminUpdateInput {
  const body: AdminUpdateInput = { email: values.email.trim(), phone: values.phone?.trim() ?? '' };
  if (values.password) body.password = values.password;
  if (!isSelf) body.admin_level = values.admin_level;
  return body;
}

/** 管理员管理 (super admins only): list, add, edit, enable/disable, delete. */
export default function AdminsPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { user: me } = useSessionSnapshot();
  // Search, status and page are kept in the address.
  const [filters, setFilters] = useListParams(ADMIN_LIST_PARAMS);
  const [form, setForm] = useState<{ open: boolean; editing: AdminView | null }>({
    open: false,
    editing: null,
  });
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const reasonPrompt = useReasonPrompt();

  const queryKey = useMemo(() => adminsQueryKey(filters), [filters]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchAdmins(filters, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_ROOT });

  const markBusy = (id: number, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const editingSelf = form.editing !== null && form.editing.id === me?.id;

  const save = async (values: AdminFormValues) => {
    const editing = form.editing;
    try {
      if (editing) {
        await updateAdmin(editing.id, updateBody(values, editingSelf));
        message.success('管理员信息更新成功');
      } else {
        await createAdmin({
          email: values.email.trim(),
          phone: values.phone?.trim() ?? '',
          password: values.password,
          admin_level: values.admin_level,
        });
        message.success('管理员创建成功');
      }
    } catch (error) {
      message.error(failureText(editing ? '更新管理员信息失败' : '创建管理员失败', error));
      throw error;
    }
    setForm({ open: false, editing: null });
    await refresh();
  };

  const toggle = async (row: AdminView, isActive: boolean) => {
    markBusy(row.id, true);
    try {
      await setAdminStatus(row.id, isActive);
      message.success(isActive ? '管理员已启用' : '管理员已禁用');
    } catch (error) {
      message.error(failureText('更新状态失败', error));
    } finally {
      markBusy(row.id, false);
      await refresh();
    }
  };

  const remove = (row: AdminView) => {
    modal.confirm({
      title: '删除管理员',
      content: `确定要删除管理员 ${row.email} 吗？此操作不可恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        markBusy(row.id, true);
        try {
          await deleteAdmin(row.id);
          message.success('管理员删除成功');
        } catch (error) {
          message.error(failureText('删除管理员失败', error));
        } finally {
          markBusy(row.id, false);
          await refresh();
        }
      },
    });
  };

  // The admin must enrol again at the next login; the reason goes into the audit log.
  const resetTwofa = async (row: AdminView) => {
    const reason = await reasonPrompt.prompt({
      title: `重置 ${row.email} 的两步验证`,
      label: '重置后该管理员下次登录须重新绑定两步验证。请输入重置原因:',
      okText: '重置',
      danger: true,
    });
    if (!reason) return;
    markBusy(row.id, true);
    try {
      await resetAdminTwofa(row.id, reason);
      message.success('两步验证已重置');
    } catch (error) {
      message.error(failureText('重置两步验证失败', error));
    } finally {
      markBusy(row.id, false);
      await refresh();
    }
  };

  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title="获取管理员列表失败"
        reason={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const pagination = query.data?.pagination;

  return (
    <Flex vertical gap={16} data-testid="admins-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          管理员管理
        </Typography.Title>
        <Space>
          <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
            刷新
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ open: true, editing: null })}
            data-testid="admins-add"
          >
            添加管理员
          </Button>
        </Space>
      </Flex>

      <Card size="small">
        <Space wrap>
          <SearchBox
            value={filters.search}
            onSearch={(search) => setFilters({ search })}
            placeholder="搜索邮箱或手机号"
            testId="admins-search"
          />
          <Select
            style={{ width: 130 }}
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => setFilters({ status })}
            data-testid="admins-status-filter"
            aria-label="状态筛选"
          />
        </Space>
      </Card>

      <Card size="small">
        <AdminsTable
          rows={query.data?.admins ?? []}
          loading={query.isFetching && busy.size === 0}
          selfId={me?.id}
          busy={busy}
          onToggle={(row, isActive) => void toggle(row, isActive)}
          onEdit={(row) => setForm({ open: true, editing: row })}
          onDelete={remove}
          onResetTwofa={(row) => void resetTwofa(row)}
        />
        {pagination && pagination.total > 0 && (
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Pagination
              current={filters.page}
              pageSize={PAGE_SIZE}
              total={pagination.total}
              showLessItems
              showSizeChanger={false}
              showTotal={(total) => `共 ${total} 位管理员`}
              onChange={(page) => setFilters({ page })}
            />
          </Flex>
        )}
      </Card>

      {reasonPrompt.element}
      <AdminFormModal
        open={form.open}
        editing={form.editing}
        isSelf={editingSelf}
        onCancel={() => setForm({ open: false, editing: null })}
        onSubmit={save}
      />
    </Flex>
  );
}
