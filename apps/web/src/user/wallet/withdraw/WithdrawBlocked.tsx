import type { KycStatus } from '@platform/contracts';
import { Alert, Button, Card, Flex, Result } from 'antd';
import { useNavigate } from 'react-router';
import { WithSupportContact } from '../../../components/SupportContact.tsx';

/** What the KYC button says in each state: start, follow the review, or try again. */
const KYC_ACTION: Partial<Record<KycStatus, string>> = {
  none: '去实名认证',
  pending: '查看认证进度',
  reviewing: '查看认证进度',
  rejected: '重新提交认证',
};

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
  const kycAction = kycStatus ? KYC_ACTION[kycStatus] : undefined;
  const pendingReview = kycStatus === 'pending' || kycStatus === 'reviewing';
  return (
    <Card data-testid="withdraw-blocked">
      <Result
        status="warning"
        title="暂不能提现"
        subTitle={pendingReview ? '实名认证审核中，通过后即可提现' : '完成以下事项后即可提现'}
        style={{ padding: '8px 0 16px' }}
      />
      <Flex vertical gap={8}>
        {reasons.map((reason) => (
          <Alert key={reason} type="warning" showIcon title={reason} data-testid="withdraw-blocked-reason" />
        ))}
        {reasons.some((r) => r.includes('禁用')) && (
          <Alert type="info" showIcon title={<WithSupportContact text="账户已被禁用，请联系客服处理" />} />
        )}
      </Flex>
      <Flex gap={8} style={{ marginTop: 16 }}>
        <Button block size="large" onClick={() => navigate('/wallet')}>
          返回资产
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
