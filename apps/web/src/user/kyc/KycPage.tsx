import { ClockCircleOutlined } from '@ant-design/icons';
import type { KycStatus } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Result, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
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

const INTRO = '根据相关规定，提现前需完成实名认证。您的证件信息仅用于身份核验，不会用于其他用途。';

function StatusHeader({ status }: { status: KycStatus }) {
  return (
    <Flex justify="space-between" align="center">
      <Typography.Text strong>认证状态</Typography.Text>
      <span data-testid="kyc-page-status">
        <KycBadge status={status} />
      </span>
    </Flex>
  );
}

/** The body under the status: the form, the review in progress, the decision. */
function KycBody({ info, onReload }: { info: KycStatusInfo; onReload: () => void }) {
  const navigate = useNavigate();
  const [resubmitting, setResubmitting] = useState(false);
  const { kyc_status: status, application } = info;
  const view = application && <KycApplicationView application={application} onReload={onReload} />;

  if (status === 'approved') {
    return (
      <>
        <Result
          status="success"
          title="已完成实名认证"
          subTitle="您现在可以使用提现等全部功能"
          extra={
            <Button type="primary" onClick={() => navigate('/wallet/withdraw')}>
              去提现
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
          title="审核中"
          subTitle="您的实名认证申请已提交，请耐心等待审核，结果会在此页面实时更新"
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
          title="实名认证未通过"
          description={`原因：${application?.admin_note || '未说明'}`}
          data-testid="kyc-rejected"
        />
        <Button
          type="primary"
          size="large"
          block
          onClick={() => setResubmitting(true)}
          data-testid="kyc-resubmit"
        >
          重新提交
        </Button>
        {view}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {INTRO}
      </Typography.Paragraph>
      <KycForm initial={status === 'rejected' ? (application ?? undefined) : undefined} />
    </Flex>
  );
}

/** 实名认证: the account's status and latest application, the form when one is needed; updated live. */
export default function KycPage() {
  const { message } = App.useApp();
  const { token } = useSessionSnapshot();
  const query = useQuery({
    queryKey: kycStatusKey,
    queryFn: ({ signal }) => fetchKycStatus(signal),
    enabled: Boolean(token),
  });
  useWalletRealtime({
    onKyc: (application) => {
      if (application.status === 'approved') message.success('实名认证已通过');
      else if (application.status === 'rejected') message.warning('实名认证未通过，请查看原因后重新提交');
    },
  });

  let content: ReactNode;
  if (query.isPending) content = <PageLoading />;
  else if (query.isError)
    content = (
      <LoadErrorView
        title="获取实名认证状态失败"
        reason={errorMessage(query.error, '获取实名认证状态失败')}
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
      <UserPage title="实名认证" back="/wallet" testId="kyc-page">
        {content}
      </UserPage>
    </NarrowColumn>
  );
}
