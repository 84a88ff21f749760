import { ADMIN_ACTIVATION_HOURS, type AdminActivationLink, type AdminChange } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Alert, Button, Flex, Modal, Typography } from 'antd';

/** The full address of a link: this app's origin and the server's path. */
export const activationUrl = (link: AdminActivationLink) => `${window.location.origin}${link.path}`;

/** A link as the proposal that made it returned it: for whom, the link, and the change it waits on. */
export interface ShownActivationLink {
  email: string;
  link: AdminActivationLink;
  change: Pick<AdminChange, 'id' | 'status' | 'effective_at'>;
}

/**
 * When a link made with a proposal starts to work: another super admin's approval, or the 24 h
 * delay (also the user detail's support reset link, users/ResetLinkButton.tsx).
 */
export function startsWhen(change: Pick<AdminChange, 'id' | 'status' | 'effective_at'>): string {
  if (change.status === 'delayed' && change.effective_at)
    return `没有其他超级管理员可批准：变更 #${change.id} 将于 ${formatDateTime(change.effective_at)} 生效（期间任何其他管理员可撤销）`;
  return `变更 #${change.id} 须另一位超级管理员在「待生效变更」中批准`;
}

/**
 * The activation link of a new admin (or a new link for one), shown once, when proposed: the server
 * keeps only its hash, so closing this dialog is the last time anyone sees it. It works once the
 * change takes effect, then for ADMIN_ACTIVATION_HOURS and once.
 */
export function ActivationLinkModal({
  shown,
  onClose,
}: {
  shown: ShownActivationLink | null;
  onClose: () => void;
}) {
  const url = shown ? activationUrl(shown.link) : '';
  return (
    <Modal
      open={shown !== null}
      title="激活链接"
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="activation-link-close">
          我已复制，关闭
        </Button>
      }
      data-testid="activation-link-modal"
    >
      {shown && (
        <Flex vertical gap={12}>
          <Alert
            type="warning"
            showIcon
            title="链接只显示这一次"
            description={`请通过安全渠道交给 ${shown.email} 本人。对方打开链接后设置自己的密码并绑定两步验证，之后才能登录；您不会知道其密码。`}
          />
          <Alert
            type="info"
            showIcon
            title="等待批准后才能使用"
            description={`${startsWhen(shown.change)}；生效前打开链接会提示等待批准。生效后 ${ADMIN_ACTIVATION_HOURS} 小时内有效，只能使用一次。`}
            data-testid="activation-link-pending"
          />
          <Typography.Paragraph
            copyable={{ text: url, tooltips: ['复制链接', '已复制'] }}
            style={{ fontFamily: 'monospace', overflowWrap: 'anywhere', margin: 0 }}
            data-testid="activation-link-url"
          >
            {url}
          </Typography.Paragraph>
        </Flex>
      )}
    </Modal>
  );
}
