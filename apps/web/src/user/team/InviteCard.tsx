import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Typography } from 'antd';
import { copyText } from './copyText.ts';
import { InviteQr } from './InviteQr.tsx';
import { QuerySection } from './QuerySection.tsx';
import { fetchInviteLink, TEAM_LOAD_FAILED, teamKeys } from './teamApi.ts';

export const COPY_FAILED = '复制失败，请长按手动复制';

/** Copies with a message either way: the user must know whether the paste will work. */
export function useCopy() {
  const { message } = App.useApp();
  return async (text: string, what: string) => {
    if (await copyText(text)) message.success(`${what}已复制`);
    else message.error(COPY_FAILED);
  };
}

const label = { fontSize: 12 } as const;

/** 邀请好友: the caller's code and registration link (each with a copy button) and its QR code. */
export function InviteCard() {
  const query = useQuery({ queryKey: teamKeys.inviteLink, queryFn: ({ signal }) => fetchInviteLink(signal) });
  const copy = useCopy();

  return (
    <Card size="small" title="邀请好友" data-testid="team-invite">
      <QuerySection query={query} failed={TEAM_LOAD_FAILED.inviteLink} rows={4}>
        {({ inviteCode, inviteLink }) => (
          <Flex vertical gap={12}>
            <Flex align="center" justify="space-between" gap={8}>
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text type="secondary" style={label}>
                  我的邀请码
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
                onClick={() => void copy(inviteCode, '邀请码')}
                data-testid="invite-copy-code"
              >
                复制
              </Button>
            </Flex>
            <Flex vertical gap={4}>
              <Typography.Text type="secondary" style={label}>
                邀请链接
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
                  onClick={() => void copy(inviteLink, '邀请链接')}
                  data-testid="invite-copy-link"
                >
                  复制链接
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
