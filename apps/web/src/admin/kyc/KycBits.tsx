import { Tag } from 'antd';
import { KYC_REQUEST_STATUS_LABELS, type KycRequestStatus } from './kycApi.ts';

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
