import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminChange,
  type AdminStatusFilter,
  type AdminUpdateInput,
  type AdminView,
  DEFAULT_PAGE_SIZE,
} from '@platform/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toggled } from '../../components/idSet.ts';
import { ListFooter } from '../../components/ListFooter.tsx';
import { useReasonPrompt } from '../../components/ReasonPrompt.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { useListParams } from '../../lib/listParams.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { AdminListPage } from '../shell/AdminListPage.tsx';
import { ActivationLinkModal, type ShownActivationLink } from './ActivationLinkModal.tsx';
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
  isProposal,
  issueActivation,
  setAdminStatus,
  updateAdmin,
} from './adminsApi.ts';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

const STATUS_FILTERS: AdminStatusFilter[] = ['all', 'active', 'inactive'];

/**
 * The calls an edit makes: e-mail and phone are saved at once; a level change is a proposal for
 * another super admin and goes alone (the server refuses it with other changes), after them. Own
 * level never sent.
 */
function updateBodies(values: AdminFormValues, editing: AdminView, isSelf: boolean): AdminUpdateInput[] {
  const contact = { email: values.email.trim(), phone: values.phone?.trim() ?? '' };
  const levelChanged = !isSelf && values.admin_level !== editing.admin_level;
  const contactChanged = contact.email !== editing.email || contact.phone !== (editing.phone ?? '');
  return [
    ...(contactChanged || !levelChanged ? [contact] : []),
    ...(levelChanged ? [{ admin_level: values.admin_level }] : []),
  ];
}

/**
 * 管理员管理 (super admins only): list, add, edit, enable/disable, delete. Adding, a level change,
 * a new activation link, deleting and enabling are proposals another super admin approves in
 * 待生效变更 (issue 32); e-mail, phone and disabling are saved at once.
 */
export default function AdminsPage() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation('admin');
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
  // The activation link of the last create or re-issue proposal: in this state only, never fetched again.
  const [link, setLink] = useState<ShownActivationLink | null>(null);
  /** A proposal's message: waiting for another super admin (or 24 h when none may approve). */
  const proposed = (change: AdminChange) =>
    message.success(change.status === 'delayed' ? t('proposal.delayed') : t('proposal.proposed'));

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
        for (const body of updateBodies(values, editing, editingSelf)) {
          const saved = await updateAdmin(editing.id, body);
          if (isProposal(saved)) proposed(saved.change);
          else message.success(t('admins.updated'));
        }
      } else {
        const email = values.email.trim();
        const created = await createAdmin({
          email,
          phone: values.phone?.trim() ?? '',
          admin_level: values.admin_level,
        });
        setLink({ email, link: created.activation, change: created.change });
        proposed(created.change);
      }
    } catch (error) {
      message.error(failureText(editing ? t('admins.updateFailed') : t('admins.createFailed'), error, t));
      throw error;
    }
    setForm({ open: false, editing: null });
    await refresh();
  };

  const toggle = async (row: AdminView, isActive: boolean) => {
    markBusy(row.id, true);
    try {
      const saved = await setAdminStatus(row.id, isActive);
      if (isProposal(saved)) proposed(saved.change);
      else message.success(isActive ? t('admins.enabled') : t('admins.disabled'));
    } catch (error) {
      message.error(failureText(t('admins.statusFailed'), error, t));
    } finally {
      markBusy(row.id, false);
      await refresh();
    }
  };

  const remove = (row: AdminView) => {
    modal.confirm({
      title: t('admins.deleteTitle'),
      content: t('admins.deleteText', { email: row.email }),
      okText: t('admins.delete'),
      okButtonProps: { danger: true },
      cancelText: t('admins.cancel'),
      onOk: async () => {
        markBusy(row.id, true);
        try {
          proposed((await deleteAdmin(row.id)).change);
        } catch (error) {
          message.error(failureText(t('admins.deleteFailed'), error, t));
        } finally {
          markBusy(row.id, false);
          await refresh();
        }
      },
    });
  };

  // A lost phone or password: once another super admin approves, the admin's password, 2FA and
  // sessions go, and only the new link (shown once, now) sets new ones; the reason is audited.
  const resetTwofa = async (row: AdminView) => {
    const reason = await reasonPrompt.prompt({
      title: t('admins.newLinkTitle', { email: row.email }),
      label: t('admins.newLinkReason'),
      okText: t('admins.send'),
      danger: true,
    });
    if (!reason) return;
    markBusy(row.id, true);
    try {
      const issued = await issueActivation(row.id, reason);
      setLink({ email: row.email, link: issued.activation, change: issued.change });
      proposed(issued.change);
    } catch (error) {
      message.error(failureText(t('admins.newLinkFailed'), error, t));
    } finally {
      markBusy(row.id, false);
      await refresh();
    }
  };

  const pagination = query.data?.pagination;

  return (
    <AdminListPage
      title={t('admins.title')}
      testId="admins"
      summary={
        <Alert
          type="info"
          showIcon
          title={t('admins.dualControl')}
          description={t('admins.immediate')}
          data-testid="admins-dual-control"
        />
      }
      query={query}
      loadFailed={t('admins.loadFailed')}
      reloadError="keep"
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setForm({ open: true, editing: null })}
          data-testid="admins-add"
        >
          {t('admins.add')}
        </Button>
      }
      filters={
        <Space wrap>
          <SearchBox
            value={filters.search}
            onSearch={(search) => setFilters({ search })}
            placeholder={t('admins.searchPlaceholder')}
            testId="admins-search"
          />
          <Select
            style={{ width: 130 }}
            value={filters.status}
            options={STATUS_FILTERS.map((value) => ({ value, label: t(`admins.statusFilter.${value}`) }))}
            onChange={(status) => setFilters({ status })}
            data-testid="admins-status-filter"
            aria-label={t('admins.statusFilterLabel')}
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
        <ListFooter
          pagination={pagination}
          page={filters.page}
          noun={t('admins.noun')}
          onChange={(page) => setFilters({ page })}
          testId="admins"
        />
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
