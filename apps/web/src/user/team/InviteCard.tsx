import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from './copyText.ts';
import { InviteQr } from './InviteQr.tsx';
import { QuerySection } from './QuerySection.tsx';
import { fetchInviteLink, teamKeys } from './teamApi.ts';

/** Copies with a message either way: the user must know whether the paste will work. */
export function useCopy() {
  const { message } = App.useApp();
  const { t } = useTranslation('user');
  return async (text: string, what: string) => {
    if (await copyText(text)) message.success(t('team.invite.copied', { what }));
    else message.error(t('team.invite.copyFailed'));
  };
}

const label = { fontSize: 12 } as const;

/** 邀请好友: the caller's code and registration link (each with a copy button) and its QR code. */
export function InviteCard() {
  const query = useQuery({ queryKey: teamKeys.inviteLink, queryFn: ({ signal }) => fetchInviteLink(signal) });
  const copy = useCopy();
  const { t } = useTranslation('user');

  return (
    <Card size="small" title={t('team.invite.title')} data-testid="team-invite">
      <QuerySection query={query} failed={t('team.loadFailed.inviteLink')} rows={4}>
        {({ inviteCode, inviteLink }) => (
          <Flex vertical gap={12}>
            <Flex align="center" justify="space-between" gap={8}>
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text type="secondary" style={label}>
                  {t('team.invite.code')}
                </Typography.Text>
                <Typography.Text
                  strong
                  style={{ fontSize: 22, letterSpacing: 2, fontFamily: 'monospace' }}
                  data-testid="invite-code"
                >
                  {inviteCode}
                </Typography.Text>
              </Flex>
              <Button
                icon={<CopyOutlined />}
                onClick={() => void copy(inviteCode, t('team.invite.code'))}
                data-testid="invite-copy-code"
              >
                {t('team.invite.copy')}
              </Button>
            </Flex>
            <Flex vertical gap={4}>
              <Typography.Text type="secondary" style={label}>
                {t('team.invite.link')}
              </Typography.Text>
              <Flex align="center" gap={8}>
                <Typography.Text
                  style={{ flex: 1, minWidth: 0, wordBreak: 'break-all', fontSize: 13 }}
                  data-testid="invite-link"
                >
                  {inviteLink}
                </Typography.Text>
                <Button
                  type="primary"
                  icon={<CopyOutlined />}
                  onClick={() => void copy(inviteLink, t('team.invite.link'))}
                  data-testid="invite-copy-link"
                >
                  {t('team.invite.copyLink')}
                </Button>
              </Flex>
            </Flex>
            <InviteQr link={inviteLink} code={inviteCode} />
          </Flex>
        )}
      </QuerySection>
    </Card>
  );
}
