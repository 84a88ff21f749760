import { ADMIN_LEVEL_LABELS, type AdminView, TWOFA_MESSAGES } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Button, Empty, Space, Switch, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
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
  const columns: TableColumnsType<AdminView> = [
    {
      title: '邮箱',
      key: 'email',
      width: 220,
      // A long e-mail is cut (whole in the tooltip), so that the table fits at 1366 px.
      render: (_, row) => (
        <Space size={4}>
          <Typography.Text strong ellipsis={{ tooltip: row.email }} style={{ maxWidth: 160 }}>
            {row.email}
          </Typography.Text>
          {row.id === selfId && <Tag color="gold">我</Tag>}
        </Space>
      ),
    },
    { title: '手机号', key: 'phone', render: (_, row) => row.phone ?? '-' },
    {
      title: '级别',
      key: 'level',
      render: (_, row) => (
        <Tag color={row.admin_level === 'super_admin' ? 'red' : 'blue'} data-testid={`admin-level-${row.id}`}>
          {ADMIN_LEVEL_LABELS[row.admin_level]}
        </Tag>
      ),
    },
    {
      title: '状态',
      key: 'status',
      render: (_, row) => {
        const self = row.id === selfId;
        const toggle = (
          <Switch
            checked={row.is_active}
            checkedChildren="启用"
            unCheckedChildren="禁用"
            disabled={self}
            loading={busy.has(row.id)}
            onChange={(checked) => onToggle(row, checked)}
            data-testid={`admin-toggle-${row.id}`}
          />
        );
        return self ? <Tooltip title="不能禁用自己的账户">{toggle}</Tooltip> : toggle;
      },
    },
    {
      title: '两步验证',
      key: 'twofa',
      render: (_, row) => (
        <Tag color={row.twofa_enabled ? 'green' : 'default'} data-testid={`admin-twofa-${row.id}`}>
          {row.twofa_enabled ? '已开启' : '未开启'}
        </Tag>
      ),
    },
    {
      title: '激活',
      key: 'activation',
      render: (_, row) => (
        <Tag color={row.activation_pending ? 'orange' : 'green'} data-testid={`admin-activation-${row.id}`}>
          {row.activation_pending ? '待激活' : '已激活'}
        </Tag>
      ),
    },
    { title: '创建时间', key: 'created_at', render: (_, row) => formatDateTime(row.created_at) },
    { title: '最后登录', key: 'last_login', render: (_, row) => formatDateTime(row.last_login) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      // Wide enough for 编辑, 发送激活链接 and 删除 side by side.
      width: 236,
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => onEdit(row)} data-testid={`admin-edit-${row.id}`}>
            编辑
          </Button>
          {row.id === selfId ? (
            <Tooltip title={TWOFA_MESSAGES.ownReset}>
              <Button size="small" disabled data-testid={`admin-twofa-reset-${row.id}`}>
                发送激活链接
              </Button>
            </Tooltip>
          ) : (
            <Button
              size="small"
              disabled={busy.has(row.id)}
              onClick={() => onResetTwofa(row)}
              data-testid={`admin-twofa-reset-${row.id}`}
            >
              发送激活链接
            </Button>
          )}
          <Button
            size="small"
            danger
            disabled={row.id === selfId || busy.has(row.id)}
            onClick={() => onDelete(row)}
            data-testid={`admin-delete-${row.id}`}
          >
            删除
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
      scrollX={LAPTOP_TABLE_WIDTH}
      empty={<Empty description="暂无管理员" />}
    />
  );
}
