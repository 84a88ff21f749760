import type { AdminUserRow } from '@platform/contracts';
import { daysSince, formatDateTime, formatUSDT } from '@platform/domain';
import { Button, Empty, Flex, Switch, type TableColumnsType, Tooltip, Typography } from 'antd';
import { KycBadge } from '../../components/StatusTags.tsx';
import { ListTable } from '../shell/AdminListPage.tsx';
import { RoleTag } from './UserBits.tsx';

export interface UsersTableProps {
  rows: AdminUserRow[];
  loading: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  /** The signed-in admin: their own toggle is disabled. */
  selfId: number | undefined;
  /** Plain admins cannot change admin accounts (the server refuses it too). */
  canChangeAdmins: boolean;
  /** Users whose status change is on its way. */
  busy: ReadonlySet<number>;
  onToggle: (row: AdminUserRow, isActive: boolean) => void;
  onDetail: (row: AdminUserRow) => void;
}

function toggleBlocker(
  row: AdminUserRow,
  selfId: number | undefined,
  canChangeAdmins: boolean,
): string | null {
  if (row.id === selfId) return '不能禁用自己的账户';
  if (row.role === 'admin' && !canChangeAdmins) return '只有超级管理员可以启用或禁用管理员账户';
  return null;
}

export function UsersTable(props: UsersTableProps) {
  const { rows, loading, selected, onSelect, selfId, canChangeAdmins, busy, onToggle, onDetail } = props;
  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: '用户信息',
      key: 'user',
      render: (_, row) => (
        <Flex vertical>
          <Typography.Link strong onClick={() => onDetail(row)}>
            {row.email}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ID {row.id}
            {row.phone ? ` · ${row.phone}` : ''}
            {row.nickname ? ` · ${row.nickname}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '角色', key: 'role', width: 110, render: (_, row) => <RoleTag user={row} /> },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, row) => {
        const blocker = toggleBlocker(row, selfId, canChangeAdmins);
        const toggle = (
          <Switch
            checked={row.is_active}
            checkedChildren="正常"
            unCheckedChildren="禁用"
            loading={busy.has(row.id)}
            disabled={blocker !== null}
            onChange={(checked) => onToggle(row, checked)}
            data-testid={`user-toggle-${row.id}`}
          />
        );
        return blocker ? <Tooltip title={blocker}>{toggle}</Tooltip> : toggle;
      },
    },
    { title: 'KYC', key: 'kyc', width: 100, render: (_, row) => <KycBadge status={row.kyc_status} /> },
    {
      title: '余额',
      key: 'balance',
      align: 'right',
      render: (_, row) => (
        <Flex vertical align="end">
          <strong>{formatUSDT(row.balance)}</strong>
          {/[1-9]/.test(row.frozen_balance) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              冻结 {formatUSDT(row.frozen_balance)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: '注册时间', key: 'created_at', render: (_, row) => formatDateTime(row.created_at) },
    {
      title: '注册天数',
      key: 'days',
      width: 100,
      render: (_, row) => `${daysSince(row.created_at) ?? '-'}天`,
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <Button size="small" onClick={() => onDetail(row)} data-testid={`user-detail-${row.id}`}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <ListTable<AdminUserRow>
      columns={columns}
      rows={rows}
      loading={loading}
      rowTestId="user-row"
      scrollX={1000}
      selection={{
        selected,
        onSelect,
        checkbox: (row) => ({ 'data-testid': `user-select-${row.id}` }),
      }}
      empty={<Empty description="暂无用户" />}
    />
  );
}
