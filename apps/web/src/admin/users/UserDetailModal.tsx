import type { WalletView } from '@platform/contracts';
import { daysSince, formatCrypto, formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Modal, Result, Space, Spin, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { KycBadge } from '../../components/StatusTags.tsx';
import { errorMessage } from '../../lib/request.ts';
import { ResetLinkButton } from './ResetLinkButton.tsx';
import { ActiveTag, RoleTag } from './UserBits.tsx';
import { UserSecurity } from './UserSecurity.tsx';
import { userRecordLinks } from './userRecords.tsx';
import { fetchUserDetail, userDetailQueryKey } from './usersApi.ts';

const walletColumns = [
  { title: '币种', dataIndex: 'currency', key: 'currency' },
  {
    title: '可用余额',
    key: 'balance',
    align: 'right' as const,
    render: (_: unknown, w: WalletView) => formatCrypto(w.balance, w.currency),
  },
  {
    title: '冻结余额',
    key: 'frozen',
    align: 'right' as const,
    render: (_: unknown, w: WalletView) => formatCrypto(w.frozen_balance, w.currency),
  },
  {
    title: '工资余额',
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
        title="获取用户详情失败"
        subTitle={errorMessage(query.error, '')}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  } else {
    body = (
      <Flex vertical gap={16}>
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label="用户ID">{user.id}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{user.email}</Descriptions.Item>
          <Descriptions.Item label="手机号">{user.phone ?? '未提供'}</Descriptions.Item>
          <Descriptions.Item label="昵称">{user.nickname ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="角色">
            <RoleTag user={user} />
          </Descriptions.Item>
          <Descriptions.Item label="状态">
            <ActiveTag active={user.is_active} />
          </Descriptions.Item>
          <Descriptions.Item label="KYC状态">
            <KycBadge status={user.kyc_status} />
          </Descriptions.Item>
          <Descriptions.Item label="邀请码">{user.invite_code}</Descriptions.Item>
          <Descriptions.Item label="注册邀请码">{user.invited_by_code ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="注册天数">{`${daysSince(user.created_at) ?? '-'}天`}</Descriptions.Item>
          <Descriptions.Item label="注册时间">{formatDateTime(user.created_at)}</Descriptions.Item>
          <Descriptions.Item label="最后登录">{formatDateTime(user.last_login)}</Descriptions.Item>
          <Descriptions.Item label="两步验证">
            {user.twofa_enabled ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>}
          </Descriptions.Item>
        </Descriptions>
        <Space wrap data-testid="user-record-links">
          {userRecordLinks(user.id).map((link) => (
            <Link key={link.to} to={link.to}>
              <Button size="small">{link.label}</Button>
            </Link>
          ))}
          <ResetLinkButton userId={user.id} role={user.role} />
        </Space>
        <Table<WalletView>
          size="small"
          rowKey="currency"
          title={() => '钱包'}
          columns={walletColumns}
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
      title="用户详情"
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      width={760}
      destroyOnHidden
    >
      <div data-testid="user-detail">{body}</div>
    </Modal>
  );
}
