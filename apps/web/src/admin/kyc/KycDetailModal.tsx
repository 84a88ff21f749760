import { formatDateTime } from '@platform/domain';
import { Button, Descriptions, type DescriptionsProps, Flex, Modal, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RetryImage } from '../../components/RetryImage.tsx';
import { KycDuplicateAlert, KycStatusTag, type ViewerImage } from './KycBits.tsx';
import type { AdminKycRequest } from './kycApi.ts';

function detailItems(row: AdminKycRequest, t: TFunction<'admin'>): DescriptionsProps['items'] {
  return [
    { key: 'id', label: t('kyc.applicationId'), children: row.id },
    { key: 'status', label: t('kyc.statusColumn'), children: <KycStatusTag status={row.status} /> },
    { key: 'user_id', label: t('kyc.userId'), children: row.user.id },
    { key: 'email', label: t('kyc.userEmail'), children: row.user.email },
    { key: 'phone', label: t('kyc.userPhone'), children: row.user.phone || t('kyc.notProvided') },
    { key: 'real_name', label: t('kyc.realName'), children: row.real_name },
    { key: 'document', label: t('kyc.documentType'), children: t('kyc.idCard') },
    {
      key: 'id_number',
      label: t('kyc.idNumber'),
      children: (
        <Typography.Text copyable style={{ fontFamily: 'monospace' }} data-testid="kyc-detail-idnumber">
          {row.id_number}
        </Typography.Text>
      ),
    },
    { key: 'created_at', label: t('kyc.appliedAt'), children: formatDateTime(row.created_at) },
    {
      key: 'reviewed_at',
      label: t('kyc.reviewedAt'),
      children: row.reviewed_at ? formatDateTime(row.reviewed_at) : t('kyc.notReviewed'),
    },
    { key: 'admin_note', label: t('kyc.adminNote'), children: row.admin_note || t('kyc.none') },
  ];
}

export interface KycDetailModalProps {
  row: AdminKycRequest | null;
  onClose: () => void;
  onView: (image: ViewerImage) => void;
  onReloadImages: () => void;
}

/** Every field of one application and both ID images (click to open the viewer). */
export function KycDetailModal({ row, onClose, onView, onReloadImages }: KycDetailModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={row !== null}
      title={t('kyc.detailTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('kyc.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      {row && (
        <Flex vertical gap={16} data-testid="kyc-detail">
          <KycDuplicateAlert row={row} />
          <Descriptions bordered column={1} size="small" items={detailItems(row, t)} />
          <Flex gap={16} wrap>
            {(
              [
                ['front', t('kyc.idFront'), row.id_front_url],
                ['back', t('kyc.idBack'), row.id_back_url],
              ] as const
            ).map(([side, label, url]) => (
              <Flex key={side} vertical gap={4}>
                <Typography.Text type="secondary">{label}</Typography.Text>
                <RetryImage
                  url={url}
                  alt={label}
                  width={300}
                  height={190}
                  testId={`kyc-detail-image-${side}`}
                  onOpen={(src) =>
                    onView({ src, title: t('kyc.imageTitle', { side: label, name: row.real_name }) })
                  }
                  onReload={onReloadImages}
                  style={{ objectFit: 'contain' }}
                />
              </Flex>
            ))}
          </Flex>
        </Flex>
      )}
    </Modal>
  );
}
