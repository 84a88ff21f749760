import { KYC_STATUS_LABELS, type WalletView } from '@platform/contracts';
import { formatMoney } from '@platform/domain';
import { Button, Card, Descriptions, Empty, Flex, Space, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session.tsx';
import { useLogout } from '../../lib/useLogout.ts';

const KYC_COLORS: Record<string, string> = {
  approved: 'success',
  pending: 'warning',
  reviewing: 'processing',
  rejected: 'error',
  none: 'default',
};

const walletColumns = [
  { title: '币种', dataIndex: 'currency', key: 'currency' },
  {
    title: '可用余额',
    key: 'balance',
    align: 'right' as const,
    render: (_: unknown, wallet: WalletView) => formatMoney(wallet.balance, wallet.currency),
  },
  {
    title: '冻结金额',
    key: 'frozen',
    align: 'right' as const,
    render: (_: unknown, wallet: WalletView) => formatMoney(wallet.frozen_balance, wallet.currency),
  },
  {
    title: '工资余额',
    key: 'salary',
    align: 'right' as const,
    render: (_: unknown, wallet: WalletView) => formatMoney(wallet.salary_balance, wallet.currency),
  },
];

function Guest() {
  const navigate = useNavigate();
  return (
    <Card style={{ maxWidth: 480, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        欢迎使用数字资产交易平台
      </Typography.Title>
      <Typography.Paragraph type="secondary">登录后查看您的账户和钱包。</Typography.Paragraph>
      <Space>
        <Button type="primary" onClick={() => navigate('/login')}>
          登录
        </Button>
        <Button onClick={() => navigate('/register')}>注册</Button>
      </Space>
    </Card>
  );
}

/** The user home: the signed-in account as the server reported it (no sample data). */
export default function HomePage() {
  const session = useSession();
  const { logout, pending } = useLogout();
  const navigate = useNavigate();
  const user = session.user;

  if (!session.authenticated || !user) {
    return (
      <Flex
        style={{ minHeight: '100vh', padding: 16, background: '#f5f5f5' }}
        align="center"
        justify="center"
      >
        <Guest />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          我的账户
        </Typography.Title>
        <Space wrap>
          {session.isAdmin && (
            <Button type="primary" onClick={() => navigate('/admin')}>
              进入管理后台
            </Button>
          )}
          <Button data-testid="logout" loading={pending} onClick={() => void logout()}>
            退出登录
          </Button>
        </Space>
      </Flex>
      <Card>
        <Descriptions column={1} size="small">
          <Descriptions.Item label="邮箱">
            <span data-testid="user-email">{user.email}</span>
          </Descriptions.Item>
          {user.phone && <Descriptions.Item label="手机号">{user.phone}</Descriptions.Item>}
          <Descriptions.Item label="实名认证">
            <Tag color={KYC_COLORS[user.kyc_status]} data-testid="kyc-status">
              {KYC_STATUS_LABELS[user.kyc_status]}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="邀请码">{user.invite_code}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="我的钱包">
        <Table<WalletView>
          rowKey="currency"
          columns={walletColumns}
          dataSource={user.wallets ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: <Empty description="暂无钱包" /> }}
        />
      </Card>
    </Flex>
  );
}
