import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminActivationLink,
  type AdminStatusFilter,
  type AdminUpdateInput,
  type AdminView,
  DEFAULT_PAGE_SIZE,
} from '@platform/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { toggled } from '../../components/idSet.ts';
import { countText } from '../../components/pagination.ts';
import { useReasonPrompt } from '../../components/ReasonPrompt.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { useListParams } from '../../lib/listParams.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { AdminListPage, CountPager } from '../shell/AdminListPage.tsx';
import { ActivationLinkModal } from './ActivationLinkModal.tsx';
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
  issueActivation,
  setAdminStatus,
  updateAdmin,
} from './adminsApi.ts';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

const STATUS_OPTIONS: { value: AdminStatusFilter; label: string }[] = [
  { value: 'all', label: '全部状态' },
  { value: 'active', label: '已启用' },
  { value: 'inactive', label: '已禁用' },
];

/** The form of an edit: own level never sent. */
function updateBody(values: AdminFormValues, isSelf: boolean): AdminUpdateInput {
  const body: AdminUpdateInput = { email: values.email.trim(), phone: values.phone?.trim() ?? '' };
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
  // The activation link of the last create or re-issue: in this state only, never fetched again.
  const [link, setLink] = useState<{ email: string; link: AdminActivationLink } | null>(null);

  const queryKey = useMemo(() => adminsQueryKey(filters), [filters]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchAdmins(filters, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_ROOT });

  const markBusy = (id: number, on: boolean) => setBusy((current) => toggled(current, id, on));

  const editingSelf = form.editing !== null && form.editing.id === me?.id;

  const save = async (values: AdminFormValues) => {
    const editing = form.editing;
    try {
      if (editing) {
        await updateAdmin(editing.id, updateBody(values, editingSelf));
        message.success('管理员信息更新成功');
      } else {
        const created = await createAdmin({
          email: values.email.trim(),
          phone: values.phone?.trim() ?? '',
          admin_level: values.admin_level,
        });
        setLink({ email: created.admin.email, link: created.activation });
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

  // A lost phone or password: the admin's password, 2FA and sessions go at once, and only the new
  // link (shown once) sets new ones; the reason goes into the audit log.
  const resetTwofa = async (row: AdminView) => {
    const reason = await reasonPrompt.prompt({
      title: `为 ${row.email} 发送新的激活链接`,
      label: '该管理员的密码、两步验证和所有登录会话将立即失效，须通过新链接重新设置。请输入原因:',
      okText: '发送',
      danger: true,
    });
    if (!reason) return;
    markBusy(row.id, true);
    try {
      const issued = await issueActivation(row.id, reason);
      setLink({ email: issued.admin.email, link: issued.activation });
      message.success('已生成新的激活链接');
    } catch (error) {
      message.error(failureText('发送激活链接失败', error));
    } finally {
      markBusy(row.id, false);
      await refresh();
    }
  };

  const pagination = query.data?.pagination;

  return (
    <AdminListPage
      title="管理员管理"
      testId="admins"
      query={query}
      loadFailed="获取管理员列表失败"
      reloadError="keep"
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setForm({ open: true, editing: null })}
          data-testid="admins-add"
        >
          添加管理员
        </Button>
      }
      filters={
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
      }
      table={
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
      }
      footer={
        pagination && (
          <CountPager
            page={filters.page}
            pageSize={PAGE_SIZE}
            total={pagination.total}
            totalText={countText(pagination, '位管理员')}
            onChange={(page) => setFilters({ page })}
          />
        )
      }
      below={
        <>
          {reasonPrompt.element}
          <ActivationLinkModal shown={link} onClose={() => setLink(null)} />
          <AdminFormModal
            open={form.open}
            editing={form.editing}
            isSelf={editingSelf}
            onCancel={() => setForm({ open: false, editing: null })}
            onSubmit={save}
          />
        </>
      }
    />
  );
}
