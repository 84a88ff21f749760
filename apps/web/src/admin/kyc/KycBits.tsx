import { WarningOutlined } from '@ant-design/icons';
import { formatDateTime } from '@platform/domain';
import { Alert, Flex, Tag, Tooltip, Typography } from 'antd';
import { type AdminKycRequest, KYC_REQUEST_STATUS_LABELS, type KycRequestStatus } from './kycApi.ts';

const STATUS_COLORS: Record<KycRequestStatus, string> = {
  pending: 'gold',
  reviewing: 'blue',
  approved: 'green',
  rejected: 'red',
};

/** The status badge of a KYC application. */
export function KycStatusTag({ status }: { status: KycRequestStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="kyc-status">
      {KYC_REQUEST_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}

/** What the viewer shows: the URL currently displayed and a title. */
export interface ViewerImage {
  src: string;
  title: string;
}

/** 另有 N 个申请使用相同证件号码 (other accounts' applications with this number, any status). */
export const duplicateSummary = (row: AdminKycRequest) =>
  `另有 ${row.duplicate_id_count} 个申请使用相同证件号码`;

/** The table's warning under the ID number; hovering lists the accounts and their statuses. */
export function KycDuplicateHint({ row }: { row: AdminKycRequest }) {
  if (row.duplicate_id_count === 0) return null;
  return (
    <Tooltip
      title={
        <Flex vertical gap={2}>
          {row.duplicate_id_applications.map((d) => (
            <span key={d.id}>
              {d.user_email}（{KYC_REQUEST_STATUS_LABELS[d.status] ?? d.status}）
            </span>
          ))}
        </Flex>
      }
    >
      <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`kyc-duplicate-${row.id}`}>
        <WarningOutlined /> {duplicateSummary(row)}
      </Typography.Text>
    </Tooltip>
  );
}

/** The detail and review modals' warning: every listed account with its application's status. */
export function KycDuplicateAlert({ row }: { row: AdminKycRequest }) {
  if (row.duplicate_id_count === 0) return null;
  const listed = row.duplicate_id_applications;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="kyc-duplicate-list"
      title={`${duplicateSummary(row)}，请核实是否为同一人重复注册`}
      description={
        <Flex vertical gap={4}>
          {listed.map((d) => (
            <Flex key={d.id} gap={8} align="center" wrap>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{d.user_email}</Typography.Text>
              <KycStatusTag status={d.status} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                申请ID {d.id} · 用户ID {d.user_id} · {formatDateTime(d.created_at)}
              </Typography.Text>
            </Flex>
          ))}
          {row.duplicate_id_count > listed.length && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              仅列出其中 {listed.length} 个
            </Typography.Text>
          )}
        </Flex>
      }
    />
  );
}
