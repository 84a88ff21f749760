import {
  adminChangeProposedMessage,
  issuePasswordResetLink,
  type ResetLinkProposal,
} from '@platform/contracts';
import { isSuperAdmin } from '@platform/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Typography } from 'antd';
import { call, errorMessage } from '../../lib/request.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { startsWhen } from '../admins/ActivationLinkModal.tsx';

/** A path the server answers without PUBLIC_URL gets this page's origin, as invite links do. */
const absolute = (link: string) => (link.startsWith('/') ? `${window.location.origin}${link}` : link);

/**
 * 生成重置链接 (issue 33, docs/mail.md): the support flow for a user who cannot receive mail. Only a
 * super admin sees it, and it only proposes the link (issue 32): another super admin approves it
 * in 待生效变更 (or, with none, it takes effect after 24 h). The link is shown here once, when
 * proposed; from the approval it works once for its minutes.
 */
export function ResetLinkButton({ userId, role }: { userId: number; role: 'user' | 'admin' }) {
  const { user: me } = useSessionSnapshot();
  const issue = useMutation({
    mutationFn: () =>
      call(issuePasswordResetLink, { params: { id: userId } }).then((r) => r.data as ResetLinkProposal),
  });
  if (!isSuperAdmin(me) || role !== 'user') return null;
  return (
    <>
      <Popconfirm
        title="提交生成一次性重置密码链接？"
        description="须另一位超级管理员批准后才能使用；链接只显示一次，并记入审计日志"
        onConfirm={() => issue.mutate()}
        okText="提交"
        cancelText="取消"
      >
        <Button size="small" loading={issue.isPending} data-testid="issue-reset-link">
          生成重置链接
        </Button>
      </Popconfirm>
      {issue.isSuccess && (
        <Alert
          type="warning"
          showIcon
          style={{ width: '100%' }}
          title={adminChangeProposedMessage(issue.data.change)}
          data-testid="reset-link-pending"
          description={
            <>
              <Typography.Paragraph style={{ margin: 0 }}>
                {`${startsWhen(issue.data.change)}；生效前打开链接会提示等待批准。生效后 ${issue.data.reset_link.valid_minutes} 分钟内有效，只能使用一次。`}
              </Typography.Paragraph>
              <Typography.Paragraph style={{ margin: 0 }}>
                链接只显示这一次，请通过可信渠道交给用户本人：
              </Typography.Paragraph>
              <Typography.Paragraph
                copyable
                data-testid="reset-link"
                style={{ wordBreak: 'break-all', margin: 0 }}
              >
                {absolute(issue.data.reset_link.link)}
              </Typography.Paragraph>
            </>
          }
        />
      )}
      {issue.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(issue.error, '提交失败，请重试')}
          style={{ width: '100%' }}
        />
      )}
    </>
  );
}
