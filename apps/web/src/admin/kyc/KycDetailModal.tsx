import { formatDateTime } from '@platform/domain';
import { Button, Descriptions, type DescriptionsProps, Flex, Modal, Typography } from 'antd';
import { RetryImage } from '../../components/RetryImage.tsx';
import { KycDuplicateAlert, KycStatusTag, type ViewerImage } from './KycBits.tsx';
import type { AdminKycRequest } from './kycApi.ts';

function detailItems(row: AdminKycRequest): DescriptionsProps['items'] {
  return [
    { key: 'id', label: '申请ID', children: row.id },
    { key: 'status', label: '状态', children: <KycStatusTag status={row.status} /> },
    { key: 'user_id', label: '用户ID', children: row.user.id },
    { key: 'email', label: '用户邮箱', children: row.user.email },
    { key: 'phone', label: '用户手机', children: row.user.phone || '未提供' },
    { key: 'real_name', label: '真实姓名', children: row.real_name },
    { key: 'document', label: '证件类型', children: '身份证' },
    {
      key: 'id_number',
      label: '身份证号',
      children: (
        <Typography.Text copyable style={{ fontFamily: 'monospace' }} data-testid="kyc-detail-idnumber">
          {row.id_number}
        </Typography.Text>
      ),
    },
    { key: 'created_at', label: '申请时间', children: formatDateTime(row.created_at) },
    {
      key: 'reviewed_at',
      label: '审核时间',
      children: row.reviewed_at ? formatDateTime(row.reviewed_at) : '未审核',
    },
    { key: 'admin_note', label: '审核备注', children: row.admin_note || '无' },
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
  return (
    <Modal
      open={row !== null}
      title="KYC申请详情"
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      width={720}
      destroyOnHidden
    >
      {row && (
        <Flex vertical gap={16} data-testid="kyc-detail">
          <KycDuplicateAlert row={row} />
          <Descriptions bordered column={1} size="small" items={detailItems(row)} />
          <Flex gap={16} wrap>
            {(
              [
                ['front', '身份证正面', row.id_front_url],
                ['back', '身份证反面', row.id_back_url],
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
                  onOpen={(src) => onView({ src, title: `${label} · ${row.real_name}` })}
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
