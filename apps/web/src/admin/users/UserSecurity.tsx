import { type AccountLogin, type AccountSession, LOGIN_FAILURE_LABELS } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag } from 'antd';
import { errorMessage } from '../../lib/request.ts';
import { fetchUserLogins, fetchUserSessions, userLoginsQueryKey, userSessionsQueryKey } from './usersApi.ts';

const sessionColumns = [
  { title: '设备', dataIndex: 'device', key: 'device' },
  { title: 'IP', key: 'ip', render: (_: unknown, s: AccountSession) => s.ip ?? '-' },
  {
    title: '登录时间',
    key: 'created',
    render: (_: unknown, s: AccountSession) => formatDateTime(s.created_at),
  },
  {
    title: '最近活动',
    key: 'seen',
    render: (_: unknown, s: AccountSession) => formatDateTime(s.last_seen_at),
  },
];

const loginColumns = [
  { title: '时间', key: 'at', render: (_: unknown, l: AccountLogin) => formatDateTime(l.created_at) },
  { title: '设备', dataIndex: 'device', key: 'device' },
  { title: 'IP', key: 'ip', render: (_: unknown, l: AccountLogin) => l.ip ?? '-' },
  {
    title: '结果',
    key: 'result',
    render: (_: unknown, l: AccountLogin) =>
      l.success ? (
        <Tag color="green">成功</Tag>
      ) : (
        <Tag color="red">{`失败：${l.failure_reason ? LOGIN_FAILURE_LABELS[l.failure_reason] : '未知'}`}</Tag>
      ),
  },
];

/** 用户详情's 登录设备 (sessions in force) and 登录记录 (last 20 attempts) of one user, read-only. */
export function UserSecurity({ userId }: { userId: number }) {
  const sessions = useQuery({
    queryKey: userSessionsQueryKey(userId),
    queryFn: ({ signal }) => fetchUserSessions(userId, signal),
  });
  const logins = useQuery({
    queryKey: userLoginsQueryKey(userId),
    queryFn: ({ signal }) => fetchUserLogins(userId, signal),
  });
  const failed = sessions.error ?? logins.error;
  return (
    <>
      {failed ? <Alert type="error" showIcon message={errorMessage(failed, '获取登录信息失败')} /> : null}
      <Table<AccountSession>
        size="small"
        rowKey="id"
        title={() => `登录设备（${sessions.data?.pagination.total ?? 0}）`}
        columns={sessionColumns}
        dataSource={sessions.data?.sessions ?? []}
        loading={sessions.isLoading}
        pagination={false}
        data-testid="user-sessions"
      />
      <Table<AccountLogin>
        size="small"
        rowKey="id"
        title={() => '登录记录（最近20次）'}
        columns={loginColumns}
        dataSource={logins.data?.logins ?? []}
        loading={logins.isLoading}
        pagination={false}
        data-testid="user-logins"
      />
    </>
  );
}
