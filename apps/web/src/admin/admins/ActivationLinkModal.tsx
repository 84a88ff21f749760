import { ADMIN_ACTIVATION_HOURS, type AdminActivationLink, type AdminChange } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

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
export function startsWhen(
  change: Pick<AdminChange, 'id' | 'status' | 'effective_at'>,
  t: TFunction<'admin'>,
): string {
  if (change.status === 'delayed' && change.effective_at)
    return t('proposal.delayedUntil', { id: change.id, time: formatDateTime(change.effective_at) });
  return t('proposal.waitsForApproval', { id: change.id });
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
  const { t } = useTranslation('admin');
  const url = shown ? activationUrl(shown.link) : '';
  return (
    <Modal
      open={shown !== null}
      title={t('activation.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="activation-link-close">
          {t('activation.close')}
        </Button>
      }
      data-testid="activation-link-modal"
    >
      {shown && (
        <Flex vertical gap={12}>
          <Alert
            type="warning"
            showIcon
            title={t('activation.once')}
            description={t('activation.handOver', { email: shown.email })}
          />
          <Alert
            type="info"
            showIcon
            title={t('activation.waiting')}
            description={t('proposal.linkHours', {
              starts: startsWhen(shown.change, t),
              count: ADMIN_ACTIVATION_HOURS,
              n: ADMIN_ACTIVATION_HOURS,
            })}
            data-testid="activation-link-pending"
          />
          <Typography.Paragraph
            copyable={{ text: url, tooltips: [t('activation.copy'), t('activation.copied')] }}
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
