import { DEPOSIT_CHANNEL_TYPE_LABELS, type UserDeposit } from '@platform/contracts';
import { formatBalance, formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { DepositStatusTag } from '../../components/StatusTags.tsx';
import { errorMessage } from '../../lib/request.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { UserPage } from '../shell/UserPage.tsx';
import { ChoiceCards } from './ChoiceCards.tsx';
import { DepositForm } from './deposit/DepositForm.tsx';
import { PayTo } from './deposit/PayTo.tsx';
import { NarrowColumn } from './NarrowColumn.tsx';
import { SubmittedResult } from './SubmittedResult.tsx';
import { useWalletRealtime } from './useWalletRealtime.ts';
import { fetchDepositChannels, walletKeys } from './walletApi.ts';

const SUBMITTED_SUBTITLE: Record<UserDeposit['status'], string> = {
  pending: '充值申请已提交，请等待审核，审核通过后金额将计入可用余额',
  processing: '充值正在处理中',
  approved: '充值已到账',
  rejected: '充值申请未通过审核',
};

function Submitted({ deposit, onAgain }: { deposit: UserDeposit; onAgain: () => void }) {
  return (
    <SubmittedResult
      testId="deposit-submitted"
      title="充值申请已提交"
      subTitle={SUBMITTED_SUBTITLE[deposit.status]}
      status={<DepositStatusTag status={deposit.status} />}
      refused={deposit.status === 'rejected'}
      items={[
        { label: '金额', value: formatBalance(deposit.amount, deposit.currency) },
        { label: '渠道', value: deposit.channel_name },
        { label: '提交时间', value: formatDateTime(deposit.created_at) },
        ...(deposit.admin_note ? [{ label: '审核备注', value: deposit.admin_note }] : []),
      ]}
      historyPath="/wallet/history?tab=deposits"
      again={{ label: '继续充值', onClick: onAgain }}
    />
  );
}

/** 充值: pick a channel, pay to its address, then report the payment for review; its status follows live. */
export default function DepositPage() {
  const { token } = useSessionSnapshot();
  const channels = useQuery({
    queryKey: walletKeys.depositChannels,
    queryFn: ({ signal }) => fetchDepositChannels(signal),
    enabled: Boolean(token),
  });
  const [chosen, setChosen] = useState<number>();
  const [submitted, setSubmitted] = useState<UserDeposit | null>(null);
  useWalletRealtime({
    onDeposit: (deposit) => setSubmitted((current) => (current?.id === deposit.id ? deposit : current)),
  });

  let content: ReactNode;
  if (submitted) {
    content = <Submitted deposit={submitted} onAgain={() => setSubmitted(null)} />;
  } else if (channels.isPending) {
    content = <PageLoading />;
  } else if (channels.isError) {
    content = (
      <LoadErrorView
        title="获取充值渠道失败"
        reason={errorMessage(channels.error, '获取充值渠道失败')}
        onRetry={() => void channels.refetch()}
        retrying={channels.isFetching}
      />
    );
  } else if (channels.data.length === 0) {
    content = (
      <Card>
        <Empty description="暂无可用的充值渠道" data-testid="deposit-no-channels" />
      </Card>
    );
  } else {
    const list = channels.data;
    const channel = list.find((c) => c.id === chosen) ?? list[0];
    content = channel && (
      <>
        <Flex vertical gap={8}>
          <Typography.Text strong>选择充值渠道</Typography.Text>
          <ChoiceCards
            testId="deposit-channel"
            value={channel.id}
            onChange={setChosen}
            choices={list.map((c) => ({
              key: c.id,
              title: c.name,
              note: `${DEPOSIT_CHANNEL_TYPE_LABELS[c.type]} · ${c.currency}`,
            }))}
          />
        </Flex>
        <PayTo channel={channel} />
        <Card size="small">
          {/* A new form per channel: limits and fields differ. */}
          <DepositForm key={channel.id} channel={channel} onCreated={setSubmitted} />
        </Card>
      </>
    );
  }

  return (
    <NarrowColumn>
      <UserPage title="充值" back="/wallet" testId="deposit-page">
        {content}
      </UserPage>
    </NarrowColumn>
  );
}
