import type { DepositStatus, KycStatus, WithdrawalStatus } from '@platform/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const KYC_COLORS: Record<KycStatus, string> = {
  approved: 'success',
  pending: 'warning',
  reviewing: 'processing',
  rejected: 'error',
  none: 'default',
};

/** 已认证 / 待审核 / 审核中 / 已拒绝 / 未认证. */
export function KycBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={KYC_COLORS[status]} data-testid="kyc-badge">
      {t(`kycStatus.${status}`)}
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
  const { t } = useTranslation();
  return (
    <Tag color={DEPOSIT_COLORS[status]} data-testid="deposit-status">
      {t(`depositStatus.${status}`)}
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
  const { t } = useTranslation();
  return (
    <Tag color={WITHDRAWAL_COLORS[status]} data-testid="withdrawal-status">
      {t(`withdrawalStatus.${status}`)}
    </Tag>
  );
}
