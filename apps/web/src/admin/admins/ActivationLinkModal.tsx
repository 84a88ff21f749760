import type { AdminActivationLink } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Alert, Button, Flex, Modal, Typography } from 'antd';

/** The full address of a link: this app's origin and the server's path. */
export const activationUrl = (link: AdminActivationLink) => `${window.location.origin}${link.path}`;

/**
 * The activation link of a new admin (or a new link for one), shown once: the server keeps only
 * its hash, so closing this dialog is the last time anyone sees it.
 */
export function ActivationLinkModal({
  shown,
  onClose,
}: {
  shown: { email: string; link: AdminActivationLink } | null;
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
            description={`请通过安全渠道交给 ${shown.email} 本人。对方打开链接后设置自己的密码并绑定两步验证，之后才能登录；您不会知道其密码。链接 24 小时内有效，只能使用一次。`}
          />
          <Typography.Paragraph
            copyable={{ text: url, tooltips: ['复制链接', '已复制'] }}
            style={{ fontFamily: 'monospace', overflowWrap: 'anywhere', margin: 0 }}
            data-testid="activation-link-url"
          >
            {url}
          </Typography.Paragraph>
          <Typography.Text type="secondary">有效期至 {formatDateTime(shown.link.expires_at)}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
