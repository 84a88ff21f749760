import {
  DEPOSIT_STATUS_LABELS,
  type DepositStatus,
  KYC_STATUS_LABELS,
  type KycStatus,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalStatus,
} from '@platform/contracts';
import { Tag } from 'antd';

const KYC_COLORS: Record<KycStatus, string> = {
  approved: 'success',
  pending: 'warning',
  reviewing: 'processing',
  rejected: 'error',
  none: 'default',
};

/** 已认证 / 待审核 / 审核中 / 已拒绝 / 未认证. */
export function KycBadge({ status }: { status: KycStatus }) {
  return (
    <Tag color={KYC_COLORS[status]} data-testid="kyc-badge">
      {KYC_STATUS_LABELS[status]}
    </Tag>
  );
}

const DEPOSIT_COLORS: Record<DepositStatus, string> = {
  pending: 'gold',
  processing: 'blue',
  approved: 'green',
  rejected: 'red',
};

export function DepositStatusTag({ status }: { status: DepositStatus }) {
  return (
    <Tag color={DEPOSIT_COLORS[status]} data-testid="deposit-status">
      {DEPOSIT_STATUS_LABELS[status]}
    </Tag>
  );
}

const WITHDRAWAL_COLORS: Record<WithdrawalStatus, string> = {
  pending: 'gold',
  reviewing: 'orange',
  approved: 'cyan',
  rejected: 'red',
  processing: 'blue',
  completed: 'green',
};

export function WithdrawalStatusTag({ status }: { status: WithdrawalStatus }) {
  return (
    <Tag color={WITHDRAWAL_COLORS[status]} data-testid="withdrawal-status">
      {WITHDRAWAL_STATUS_LABELS[status]}
    </Tag>
  );
}
