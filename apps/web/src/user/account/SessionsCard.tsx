import { LaptopOutlined, MobileOutlined } from '@ant-design/icons';
import type { AccountSession } from '@platform/contracts';
import { formatDateTimeShort } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { i18n } from '../../i18n/index.ts';
import { errorMessage } from '../../lib/request.ts';
import { sessionStore } from '../../lib/session.tsx';
import { RecordRow } from '../wallet/records.tsx';
import { QueryBody } from './QueryBody.tsx';
import { fetchSessions, revokeOtherSessions, revokeSession, securityKeys } from './securityApi.ts';

/** The server refreshes a session's last use at most once a minute: within two it is in use now. */
const IN_USE_MS = 2 * 60_000;
const MOBILE = /Android|iOS|iPadOS|HarmonyOS/;

export function lastUseText(at: string, now = Date.now()): string {
  return now - Date.parse(at) < IN_USE_MS ? i18n.t('user:account.sessions.justNow') : formatDateTimeShort(at);
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
  const { t } = useTranslation('user');
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
              {t('account.sessions.current')}
            </Tag>
          )}
        </Flex>
      }
      lines={[
        t('account.sessions.ip', { ip: session.ip ?? t('account.sessions.unknown') }),
        t('account.sessions.lastUsed', { time: lastUseText(session.last_seen_at) }),
        t('account.sessions.signedIn', { time: formatDateTimeShort(session.created_at) }),
      ]}
      right={
        <Button
          danger
          size="small"
          loading={pending}
          onClick={() => onRevoke(session)}
          data-testid="session-revoke"
        >
          {session.current ? t('account.sessions.signOutThis') : t('account.sessions.signOut')}
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
  const { t } = useTranslation(['user', 'common']);
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
      message.error(errorMessage(error, t('account.sessions.signOutFailed')));
      void refresh();
    },
  });
  const revokeOthers = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: ({ message: text }) => {
      message.success(text);
      void refresh();
    },
    onError: (error) => message.error(errorMessage(error, t('account.sessions.signOutOthersFailed'))),
  });

  const confirmRevoke = (session: AccountSession) =>
    modal.confirm({
      title: session.current ? t('account.sessions.confirmThisTitle') : t('account.sessions.confirmTitle'),
      content: session.current
        ? t('account.sessions.confirmThis')
        : t('account.sessions.confirm', {
            device: session.device,
            ip: session.ip ?? t('account.sessions.unknown'),
          }),
      okText: t('account.sessions.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () => revoke.mutate(session),
    });
  const confirmOthers = () =>
    modal.confirm({
      title: t('account.sessions.othersTitle'),
      content: t('account.sessions.others'),
      okText: t('account.sessions.othersOk'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () => revokeOthers.mutate(),
    });

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <Card
      title={t('account.sessions.title')}
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
            {t('account.sessions.othersButton')}
          </Button>
        )
      }
      data-testid="sessions-card"
    >
      <QueryBody query={sessions} errorTitle={t('account.sessions.loadFailed')} testId="sessions-error">
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
              {t('account.sessions.unknownDevice')}
            </Typography.Paragraph>
          </>
        )}
      </QueryBody>
    </Card>
  );
}
