import { issuePasswordResetLink, type ResetLinkProposal } from '@platform/contracts';
import { isSuperAdmin } from '@platform/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
  const { user: me } = useSessionSnapshot();
  const issue = useMutation({
    mutationFn: () =>
      call(issuePasswordResetLink, { params: { id: userId } }).then((r) => r.data as ResetLinkProposal),
  });
  if (!isSuperAdmin(me) || role !== 'user') return null;
  return (
    <>
      <Popconfirm
        title={t('resetLink.confirm')}
        description={t('resetLink.confirmText')}
        onConfirm={() => issue.mutate()}
        okText={t('resetLink.submit')}
        cancelText={t('resetLink.cancel')}
      >
        <Button size="small" loading={issue.isPending} data-testid="issue-reset-link">
          {t('resetLink.button')}
        </Button>
      </Popconfirm>
      {issue.isSuccess && (
        <Alert
          type="warning"
          showIcon
          style={{ width: '100%' }}
          title={issue.data.change.status === 'delayed' ? t('proposal.delayed') : t('proposal.proposed')}
          data-testid="reset-link-pending"
          description={
            <>
              <Typography.Paragraph style={{ margin: 0 }}>
                {t('proposal.linkMinutes', {
                  starts: startsWhen(issue.data.change, t),
                  count: issue.data.reset_link.valid_minutes,
                  n: issue.data.reset_link.valid_minutes,
                })}
              </Typography.Paragraph>
              <Typography.Paragraph style={{ margin: 0 }}>{t('resetLink.handOver')}</Typography.Paragraph>
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
          title={errorMessage(issue.error, t('resetLink.failed'))}
          style={{ width: '100%' }}
        />
      )}
    </>
  );
}
