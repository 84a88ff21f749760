import type { AccountLogin, AccountSession } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/request.ts';
import { fetchUserLogins, fetchUserSessions, userLoginsQueryKey, userSessionsQueryKey } from './usersApi.ts';

const sessionColumns = (t: TFunction<'admin'>) => [
  { title: t('users.security.device'), dataIndex: 'device', key: 'device' },
  { title: 'IP', key: 'ip', render: (_: unknown, s: AccountSession) => s.ip ?? '-' },
  {
    title: t('users.security.loginTime'),
    key: 'created',
    render: (_: unknown, s: AccountSession) => formatDateTime(s.created_at),
  },
  {
    title: t('users.security.lastActive'),
    key: 'seen',
    render: (_: unknown, s: AccountSession) => formatDateTime(s.last_seen_at),
  },
];

const loginColumns = (t: TFunction<['admin', 'common']>) => [
  {
    title: t('users.security.time'),
    key: 'at',
    render: (_: unknown, l: AccountLogin) => formatDateTime(l.created_at),
  },
  { title: t('users.security.device'), dataIndex: 'device', key: 'device' },
  { title: 'IP', key: 'ip', render: (_: unknown, l: AccountLogin) => l.ip ?? '-' },
  {
    title: t('users.security.result'),
    key: 'result',
    render: (_: unknown, l: AccountLogin) =>
      l.success ? (
        <Tag color="green">{t('users.security.success')}</Tag>
      ) : (
        <Tag color="red">
          {t('users.security.failed', {
            reason: l.failure_reason
              ? t(`common:loginFailure.${l.failure_reason}`)
              : t('users.security.unknown'),
          })}
        </Tag>
      ),
  },
];

/** 用户详情's 登录设备 (sessions in force) and 登录记录 (last 20 attempts) of one user, read-only. */
export function UserSecurity({ userId }: { userId: number }) {
  const { t } = useTranslation(['admin', 'common']);
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
      {failed ? (
        <Alert type="error" showIcon message={errorMessage(failed, t('users.security.loadFailed'))} />
      ) : null}
      <Table<AccountSession>
        size="small"
        rowKey="id"
        title={() => t('users.security.sessions', { n: sessions.data?.pagination.total ?? 0 })}
        columns={sessionColumns(t)}
        dataSource={sessions.data?.sessions ?? []}
        loading={sessions.isLoading}
        pagination={false}
        data-testid="user-sessions"
      />
      <Table<AccountLogin>
        size="small"
        rowKey="id"
        title={() => t('users.security.logins')}
        columns={loginColumns(t)}
        dataSource={logins.data?.logins ?? []}
        loading={logins.isLoading}
        pagination={false}
        data-testid="user-logins"
      />
    </>
  );
}
