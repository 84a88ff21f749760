import type { AdminUserRow } from '@platform/contracts';
import { daysSince, formatDateTime, formatUSDT } from '@platform/domain';
import { Button, Empty, Flex, Switch, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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
  t: TFunction<'admin'>,
): string | null {
  if (row.id === selfId) return t('users.cannotDisableSelf');
  if (row.role === 'admin' && !canChangeAdmins) return t('users.onlyAdminsBySuper');
  return null;
}

export function UsersTable(props: UsersTableProps) {
  const { rows, loading, selected, onSelect, selfId, canChangeAdmins, busy, onToggle, onDetail } = props;
  const { t } = useTranslation('admin');
  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: t('users.userInfo'),
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
    { title: t('users.role'), key: 'role', width: 110, render: (_, row) => <RoleTag user={row} /> },
    {
      title: t('users.status'),
      key: 'status',
      width: 110,
      render: (_, row) => {
        const blocker = toggleBlocker(row, selfId, canChangeAdmins, t);
        const toggle = (
          <Switch
            checked={row.is_active}
            checkedChildren={t('users.active')}
            unCheckedChildren={t('users.disabled')}
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
      title: t('users.balance'),
      key: 'balance',
      align: 'right',
      render: (_, row) => (
        <Flex vertical align="end">
          <strong>{formatUSDT(row.balance)}</strong>
          {/[1-9]/.test(row.frozen_balance) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('users.frozen', { amount: formatUSDT(row.frozen_balance) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('users.registeredAt'), key: 'created_at', render: (_, row) => formatDateTime(row.created_at) },
    {
      title: t('users.registeredDays'),
      key: 'days',
      // English 'Days registered' on one line (100 px wrapped it over three).
      width: 140,
      render: (_, row) => t('users.days', { n: daysSince(row.created_at) ?? '-' }),
    },
    {
      title: t('users.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <Button size="small" onClick={() => onDetail(row)} data-testid={`user-detail-${row.id}`}>
          {t('users.detailButton')}
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
      empty={<Empty description={t('users.empty')} />}
    />
  );
}
