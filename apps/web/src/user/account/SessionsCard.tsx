import { LaptopOutlined, MobileOutlined } from '@ant-design/icons';
import type { AccountSession } from '@platform/contracts';
import { formatDateTimeShort } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/request.ts';
import { sessionStore } from '../../lib/session.tsx';
import { RecordRow } from '../wallet/records.tsx';
import { QueryBody } from './QueryBody.tsx';
import { fetchSessions, revokeOtherSessions, revokeSession, securityKeys } from './securityApi.ts';

/** The server refreshes a session's last use at most once a minute: within two it is in use now. */
const IN_USE_MS = 2 * 60_000;
const MOBILE = /Android|iOS|iPadOS|HarmonyOS/;

export function lastUseText(at: string, now = Date.now()): string {
  return now - Date.parse(at) < IN_USE_MS ? '刚刚' : formatDateTimeShort(at);
}

function SessionRow({
  session,
  pending,
  onRevoke,
}: {
  session: AccountSession;
  pending: boolean;
  onRevoke: (session: AccountSession) => void;
}) {
  const Icon = MOBILE.test(session.device) ? MobileOutlined : LaptopOutlined;
  return (
    <RecordRow
      testId={`session-${session.id}`}
      title={
        <Flex align="center" gap={6} wrap>
          <Icon style={{ color: '#1677ff' }} />
          <span data-testid="session-device">{session.device}</span>
          {session.current && (
            <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="session-current">
              本机
            </Tag>
          )}
        </Flex>
      }
      lines={[
        `IP：${session.ip ?? '未知'}`,
        `最近使用：${lastUseText(session.last_seen_at)}`,
        `登录时间：${formatDateTimeShort(session.created_at)}`,
      ]}
      right={
        <Button
          danger
          size="small"
          loading={pending}
          onClick={() => onRevoke(session)}
          data-testid="session-revoke"
        >
          {session.current ? '退出本机' : '退出'}
        </Button>
      }
    />
  );
}

/**
 * 登录设备: every signed-in session of the account, this one marked 本机, each with a button that
 * signs it out at once (on the server, for every instance). Signing this one out ends the session
 * here too and goes to the login page.
 */
export function SessionsCard() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery({ queryKey: securityKeys.sessions, queryFn: fetchSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions });

  const revoke = useMutation({
    mutationFn: (session: AccountSession) => revokeSession(session.id),
    onSuccess: (text, session) => {
      if (session.current) {
        sessionStore.clear();
        queryClient.clear();
        navigate('/login', { replace: true });
        return;
      }
      message.success(text);
      void refresh();
    },
    onError: (error) => {
      message.error(errorMessage(error, '退出设备失败'));
      void refresh();
    },
  });
  const revokeOthers = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: ({ message: text }) => {
      message.success(text);
      void refresh();
    },
    onError: (error) => message.error(errorMessage(error, '退出其他设备失败')),
  });

  const confirmRevoke = (session: AccountSession) =>
    modal.confirm({
      title: session.current ? '退出本机？' : '退出该设备？',
      content: session.current
        ? '本机将退出登录，需要重新登录才能继续使用。'
        : `${session.device}（IP ${session.ip ?? '未知'}）将立即退出登录。`,
      okText: '退出登录',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => revoke.mutate(session),
    });
  const confirmOthers = () =>
    modal.confirm({
      title: '退出其他所有设备？',
      content: '除本机外，所有已登录的设备都将立即退出登录。',
      okText: '全部退出',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => revokeOthers.mutate(),
    });

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <Card
      title="登录设备"
      styles={{ body: { paddingBlock: 4 } }}
      extra={
        others > 0 && (
          <Button
            type="link"
            danger
            size="small"
            style={{ paddingInline: 0 }}
            loading={revokeOthers.isPending}
            onClick={confirmOthers}
            data-testid="sessions-revoke-others"
          >
            退出其他设备
          </Button>
        )
      }
      data-testid="sessions-card"
    >
      <QueryBody query={sessions} errorTitle="获取登录设备失败" testId="sessions-error">
        {() => (
          <>
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={revoke.isPending && revoke.variables?.id === session.id}
                onRevoke={confirmRevoke}
              />
            ))}
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '10px 0 6px' }}>
              发现不认识的设备，请立即退出该设备并修改密码。
            </Typography.Paragraph>
          </>
        )}
      </QueryBody>
    </Card>
  );
}
