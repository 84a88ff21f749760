import type { AdminView } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Button, Empty, Space, Switch, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LAPTOP_TABLE_WIDTH, ListTable } from '../shell/AdminListPage.tsx';

export interface AdminsTableProps {
  rows: AdminView[];
  loading: boolean;
  selfId: number | undefined;
  busy: ReadonlySet<number>;
  onToggle: (row: AdminView, isActive: boolean) => void;
  onEdit: (row: AdminView) => void;
  onDelete: (row: AdminView) => void;
  onResetTwofa: (row: AdminView) => void;
}

export function AdminsTable({
  rows,
  loading,
  selfId,
  busy,
  onToggle,
  onEdit,
  onDelete,
  onResetTwofa,
}: AdminsTableProps) {
  const { t, i18n } = useTranslation('admin');
  // English needs wider columns than the spec's Chinese, so its table scrolls sideways sooner (below
  // 1200 px of table); the Chinese keeps the laptop width, its columns as before.
  const english = i18n.resolvedLanguage === 'en';
  const columns: TableColumnsType<AdminView> = [
    {
      title: t('admins.email'),
      key: 'email',
      width: 220,
      // A long e-mail is cut (whole in the tooltip), so that the table fits at 1366 px.
      render: (_, row) => (
        <Space size={4}>
          <Typography.Text strong ellipsis={{ tooltip: row.email }} style={{ maxWidth: 160 }}>
            {row.email}
          </Typography.Text>
          {row.id === selfId && <Tag color="gold">{t('admins.me')}</Tag>}
        </Space>
      ),
    },
    { title: t('admins.phone'), key: 'phone', render: (_, row) => row.phone ?? '-' },
    {
      title: t('admins.level'),
      key: 'level',
      // The widest tag (Super admin in English) inside its column, not over the status switch.
      width: english ? 112 : undefined,
      render: (_, row) => (
        <Tag color={row.admin_level === 'super_admin' ? 'red' : 'blue'} data-testid={`admin-level-${row.id}`}>
          {t(`level.${row.admin_level}`)}
        </Tag>
      ),
    },
    {
      title: t('admins.status'),
      key: 'status',
      render: (_, row) => {
        const self = row.id === selfId;
        const toggle = (
          <Switch
            checked={row.is_active}
            checkedChildren={t('admins.on')}
            unCheckedChildren={t('admins.off')}
            disabled={self}
            loading={busy.has(row.id)}
            onChange={(checked) => onToggle(row, checked)}
            data-testid={`admin-toggle-${row.id}`}
          />
        );
        return self ? <Tooltip title={t('admins.cannotDisableSelf')}>{toggle}</Tooltip> : toggle;
      },
    },
    {
      title: t('admins.twofa'),
      key: 'twofa',
      render: (_, row) => (
        <Tag color={row.twofa_enabled ? 'green' : 'default'} data-testid={`admin-twofa-${row.id}`}>
          {row.twofa_enabled ? t('admins.twofaOn') : t('admins.twofaOff')}
        </Tag>
      ),
    },
    {
      title: t('admins.activation'),
      key: 'activation',
      // Its English title (Activation) whole: a fixed layout would share the width out and cut it.
      width: english ? 104 : undefined,
      render: (_, row) => (
        <Tag color={row.activation_pending ? 'orange' : 'green'} data-testid={`admin-activation-${row.id}`}>
          {row.activation_pending ? t('admins.activationPending') : t('admins.activated')}
        </Tag>
      ),
    },
    { title: t('admins.createdAt'), key: 'created_at', render: (_, row) => formatDateTime(row.created_at) },
    { title: t('admins.lastLogin'), key: 'last_login', render: (_, row) => formatDateTime(row.last_login) },
    {
      title: t('admins.actions'),
      key: 'actions',
      fixed: 'right',
      // Wide enough for 编辑, 发送激活链接 and 删除 side by side, or their longer English (Edit, Send
      // activation link, Delete).
      width: english ? 264 : 236,
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => onEdit(row)} data-testid={`admin-edit-${row.id}`}>
            {t('admins.edit')}
          </Button>
          {row.id === selfId ? (
            <Tooltip title={t('admins.ownReset')}>
              <Button size="small" disabled data-testid={`admin-twofa-reset-${row.id}`}>
                {t('admins.sendLink')}
              </Button>
            </Tooltip>
          ) : (
            <Button
              size="small"
              disabled={busy.has(row.id)}
              onClick={() => onResetTwofa(row)}
              data-testid={`admin-twofa-reset-${row.id}`}
            >
              {t('admins.sendLink')}
            </Button>
          )}
          <Button
            size="small"
            danger
            disabled={row.id === selfId || busy.has(row.id)}
            onClick={() => onDelete(row)}
            data-testid={`admin-delete-${row.id}`}
          >
            {t('admins.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ListTable<AdminView>
      columns={columns}
      rows={rows}
      loading={loading}
      rowTestId="admin-row"
      scrollX={english ? 1200 : LAPTOP_TABLE_WIDTH}
      empty={<Empty description={t('admins.empty')} />}
    />
  );
}
