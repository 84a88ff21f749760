import { WarningOutlined } from '@ant-design/icons';
import { formatDateTime } from '@platform/domain';
import { Alert, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminKycRequest, KycRequestStatus } from './kycApi.ts';

const STATUS_COLORS: Record<KycRequestStatus, string> = {
  pending: 'gold',
  reviewing: 'blue',
  approved: 'green',
  rejected: 'red',
};

/** The status badge of a KYC application. */
export function KycStatusTag({ status }: { status: KycRequestStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="kyc-status">
      {t(`kyc.status.${status}`)}
    </Tag>
  );
}

/** What the viewer shows: the URL currently displayed and a title. */
export interface ViewerImage {
  src: string;
  title: string;
}

/** The table's warning under the ID number; hovering lists the accounts and their statuses. */
export function KycDuplicateHint({ row }: { row: AdminKycRequest }) {
  const { t } = useTranslation('admin');
  if (row.duplicate_id_count === 0) return null;
  return (
    <Tooltip
      title={
        <Flex vertical gap={2}>
          {row.duplicate_id_applications.map((d) => (
            <span key={d.id}>
              {t('kyc.tabCount', { label: d.user_email, n: t(`kyc.status.${d.status}`) })}
            </span>
          ))}
        </Flex>
      }
    >
      <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`kyc-duplicate-${row.id}`}>
        <WarningOutlined />{' '}
        {t('kyc.duplicates', { count: row.duplicate_id_count, n: row.duplicate_id_count })}
      </Typography.Text>
    </Tooltip>
  );
}

/** The detail and review modals' warning: every listed account with its application's status. */
export function KycDuplicateAlert({ row }: { row: AdminKycRequest }) {
  const { t } = useTranslation('admin');
  if (row.duplicate_id_count === 0) return null;
  const listed = row.duplicate_id_applications;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="kyc-duplicate-list"
      title={t('kyc.duplicatesCheck', {
        summary: t('kyc.duplicates', { count: row.duplicate_id_count, n: row.duplicate_id_count }),
      })}
      description={
        <Flex vertical gap={4}>
          {listed.map((d) => (
            <Flex key={d.id} gap={8} align="center" wrap>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{d.user_email}</Typography.Text>
              <KycStatusTag status={d.status} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('kyc.duplicateLine', { id: d.id, userId: d.user_id, time: formatDateTime(d.created_at) })}
              </Typography.Text>
            </Flex>
          ))}
          {row.duplicate_id_count > listed.length && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('kyc.onlyListed', { count: listed.length, n: listed.length })}
            </Typography.Text>
          )}
        </Flex>
      }
    />
  );
}
