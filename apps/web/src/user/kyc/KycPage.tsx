import { ClockCircleOutlined } from '@ant-design/icons';
import type { KycStatus } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Result, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { KycBadge } from '../../components/StatusTags.tsx';
import { errorMessage } from '../../lib/request.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { UserPage } from '../shell/UserPage.tsx';
import { NarrowColumn } from '../wallet/NarrowColumn.tsx';
import { useWalletRealtime } from '../wallet/useWalletRealtime.ts';
import { KycApplicationView } from './KycApplicationView.tsx';
import { KycForm } from './KycForm.tsx';
import { fetchKycStatus, type KycStatusInfo, kycStatusKey } from './kycApi.ts';

function StatusHeader({ status }: { status: KycStatus }) {
  const { t } = useTranslation('user');
  return (
    <Flex justify="space-between" align="center">
      <Typography.Text strong>{t('kyc.status')}</Typography.Text>
      <span data-testid="kyc-page-status">
        <KycBadge status={status} />
      </span>
    </Flex>
  );
}

/** The body under the status: the form, the review in progress, the decision. */
function KycBody({ info, onReload }: { info: KycStatusInfo; onReload: () => void }) {
  const navigate = useNavigate();
  const { t } = useTranslation('user');
  const [resubmitting, setResubmitting] = useState(false);
  const { kyc_status: status, application } = info;
  const view = application && <KycApplicationView application={application} onReload={onReload} />;

  if (status === 'approved') {
    return (
      <>
        <Result
          status="success"
          title={t('kyc.approved')}
          subTitle={t('kyc.approvedDetail')}
          extra={
            <Button type="primary" onClick={() => navigate('/wallet/withdraw')}>
              {t('kyc.goWithdraw')}
            </Button>
          }
          style={{ padding: '16px 0' }}
          data-testid="kyc-approved"
        />
        {view}
      </>
    );
  }
  if (status === 'pending' || status === 'reviewing') {
    return (
      <>
        <Result
          icon={<ClockCircleOutlined style={{ color: '#1677ff' }} />}
          title={t('kyc.inReview')}
          subTitle={t('kyc.inReviewDetail')}
          style={{ padding: '16px 0' }}
          data-testid="kyc-in-review"
        />
        {view}
      </>
    );
  }
  if (status === 'rejected' && !resubmitting) {
    return (
      <Flex vertical gap={12}>
        <Alert
          type="error"
          showIcon
          title={t('kyc.rejected')}
          description={t('kyc.reason', { reason: application?.admin_note || t('kyc.noReason') })}
          data-testid="kyc-rejected"
        />
        <Button
          type="primary"
          size="large"
          block
          onClick={() => setResubmitting(true)}
          data-testid="kyc-resubmit"
        >
          {t('kyc.resubmit')}
        </Button>
        {view}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('kyc.intro')}
      </Typography.Paragraph>
      <KycForm initial={status === 'rejected' ? (application ?? undefined) : undefined} />
    </Flex>
  );
}

/** 实名认证: the account's status and latest application, the form when one is needed; updated live. */
export default function KycPage() {
  const { message } = App.useApp();
  const { token } = useSessionSnapshot();
  const { t } = useTranslation('user');
  const query = useQuery({
    queryKey: kycStatusKey,
    queryFn: ({ signal }) => fetchKycStatus(signal),
    enabled: Boolean(token),
  });
  useWalletRealtime({
    onKyc: (application) => {
      if (application.status === 'approved') message.success(t('kyc.approvedToast'));
      else if (application.status === 'rejected') message.warning(t('kyc.rejectedToast'));
    },
  });

  let content: ReactNode;
  if (query.isPending) content = <PageLoading />;
  else if (query.isError)
    content = (
      <LoadErrorView
        title={t('kyc.statusFailed')}
        reason={errorMessage(query.error, t('kyc.statusFailed'))}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else
    content = (
      <Card>
        <Flex vertical gap={16}>
          <StatusHeader status={query.data.kyc_status} />
          {/* A new body per status: a decision ends any resubmission in progress. */}
          <KycBody key={query.data.kyc_status} info={query.data} onReload={() => void query.refetch()} />
        </Flex>
      </Card>
    );

  return (
    <NarrowColumn>
      <UserPage title={t('kyc.title')} back="/wallet" testId="kyc-page">
        {content}
      </UserPage>
    </NarrowColumn>
  );
}
