import type { KycStatus } from '@platform/contracts';
import { Alert, Button, Card, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WithSupportContact } from '../../../components/SupportContact.tsx';

/** What the KYC button says in each state: start, follow the review, or try again. */
const KYC_ACTION = {
  none: 'withdraw.kycStart',
  pending: 'withdraw.kycProgress',
  reviewing: 'withdraw.kycProgress',
  rejected: 'withdraw.kycAgain',
} as const satisfies Partial<Record<KycStatus, string>>;

/**
 * Why this account cannot withdraw now (the server's reasons) and what fixes it: the KYC screen when
 * verification is missing, support when the account is disabled. No form is shown.
 */
export function WithdrawBlocked({
  reasons,
  kycStatus,
}: {
  reasons: string[];
  kycStatus: KycStatus | undefined;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation('user');
  const actionKey = kycStatus && kycStatus !== 'approved' ? KYC_ACTION[kycStatus] : undefined;
  const kycAction = actionKey ? t(actionKey) : undefined;
  const pendingReview = kycStatus === 'pending' || kycStatus === 'reviewing';
  // i18n-exempt: the server's Chinese reason for a disabled account (an English reply does not match it yet)
  const disabled = reasons.some((r) => r.includes('禁用'));
  return (
    <Card data-testid="withdraw-blocked">
      <Result
        status="warning"
        title={t('withdraw.blocked')}
        subTitle={pendingReview ? t('withdraw.blockedInReview') : t('withdraw.blockedTodo')}
        style={{ padding: '8px 0 16px' }}
      />
      <Flex vertical gap={8}>
        {reasons.map((reason) => (
          <Alert key={reason} type="warning" showIcon title={reason} data-testid="withdraw-blocked-reason" />
        ))}
        {disabled && (
          <Alert type="info" showIcon title={<WithSupportContact text={t('withdraw.disabled')} />} />
        )}
      </Flex>
      <Flex gap={8} style={{ marginTop: 16 }}>
        <Button block size="large" onClick={() => navigate('/wallet')}>
          {t('withdraw.backToAssets')}
        </Button>
        {kycAction && (
          <Button
            block
            size="large"
            type="primary"
            onClick={() => navigate('/kyc')}
            data-testid="withdraw-go-kyc"
          >
            {kycAction}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
