import type { WalletView } from '@platform/contracts';
import { daysSince, formatCrypto, formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Modal, Result, Space, Spin, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KycBadge } from '../../components/StatusTags.tsx';
import { errorMessage } from '../../lib/request.ts';
import { ResetLinkButton } from './ResetLinkButton.tsx';
import { ActiveTag, RoleTag } from './UserBits.tsx';
import { UserSecurity } from './UserSecurity.tsx';
import { userRecordLinks } from './userRecords.tsx';
import { fetchUserDetail, userDetailQueryKey } from './usersApi.ts';

const walletColumns = (t: TFunction<'admin'>) => [
  { title: t('users.detail.currency'), dataIndex: 'currency', key: 'currency' },
  {
    title: t('users.detail.available'),
    key: 'balance',
    align: 'right' as const,
    render: (_: unknown, w: WalletView) => formatCrypto(w.balance, w.currency),
  },
  {
    title: t('users.detail.frozen'),
    key: 'frozen',
    align: 'right' as const,
    render: (_: unknown, w: WalletView) => formatCrypto(w.frozen_balance, w.currency),
  },
  {
    title: t('users.detail.salary'),
    key: 'salary',
    align: 'right' as const,
    render: (_: unknown, w: WalletView) => formatCrypto(w.salary_balance, w.currency),
  },
];

/**
 * 用户详情: the user's fields, 2FA and wallets, links to the lists of their records (userRecords) and
 * their devices and logins, loaded when the modal opens.
 */
export function UserDetailModal({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: userDetailQueryKey(userId ?? 0),
    queryFn: ({ signal }) => fetchUserDetail(userId ?? 0, signal),
    enabled: userId !== null,
  });
  const user = query.data?.user;

  let body: ReactNode;
  if (query.isLoading) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  } else if (query.isError || !user) {
    body = (
      <Result
        status="error"
        title={t('users.detail.loadFailed')}
        subTitle={errorMessage(query.error, '')}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('users.retry')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Flex vertical gap={16}>
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label={t('users.detail.userId')}>{user.id}</Descriptions.Item>
          <Descriptions.Item label={t('users.detail.email')}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t('users.detail.phone')}>
            {user.phone ?? t('users.detail.notProvided')}
          </Descriptions.Item>
          <Descriptions.Item label={t('users.detail.nickname')}>{user.nickname ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('users.role')}>
            <RoleTag user={user} />
          </Descriptions.Item>
          <Descriptions.Item label={t('users.status')}>
            <ActiveTag active={user.is_active} />
          </Descriptions.Item>
          <Descriptions.Item label={t('users.detail.kycStatus')}>
            <KycBadge status={user.kyc_status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('users.detail.inviteCode')}>{user.invite_code}</Descriptions.Item>
          <Descriptions.Item label={t('users.detail.invitedBy')}>
            {user.invited_by_code ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('users.registeredDays')}>
            {t('users.days', { n: daysSince(user.created_at) ?? '-' })}
          </Descriptions.Item>
          <Descriptions.Item label={t('users.registeredAt')}>
            {formatDateTime(user.created_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t('users.detail.lastLogin')}>
            {formatDateTime(user.last_login)}
          </Descriptions.Item>
          <Descriptions.Item label={t('users.detail.twofa')}>
            {user.twofa_enabled ? (
              <Tag color="green">{t('users.detail.twofaOn')}</Tag>
            ) : (
              <Tag>{t('users.detail.twofaOff')}</Tag>
            )}
          </Descriptions.Item>
        </Descriptions>
        <Space wrap data-testid="user-record-links">
          {userRecordLinks(user.id, t).map((link) => (
            <Link key={link.to} to={link.to}>
              <Button size="small">{link.label}</Button>
            </Link>
          ))}
          <ResetLinkButton userId={user.id} role={user.role} />
        </Space>
        <Table<WalletView>
          size="small"
          rowKey="currency"
          title={() => t('users.detail.wallets')}
          columns={walletColumns(t)}
          dataSource={user.wallets}
          pagination={false}
        />
        <UserSecurity userId={user.id} />
      </Flex>
    );
  }

  return (
    <Modal
      open={userId !== null}
      title={t('users.detail.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('users.detail.close')}</Button>}
      width={760}
      destroyOnHidden
    >
      <div data-testid="user-detail">{body}</div>
    </Modal>
  );
}
