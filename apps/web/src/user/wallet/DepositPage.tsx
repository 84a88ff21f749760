import type { UserDeposit } from '@platform/contracts';
import { formatBalance, formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

const SUBMITTED_SUBTITLE = {
  pending: 'deposit.submittedPending',
  processing: 'deposit.submittedProcessing',
  approved: 'deposit.submittedApproved',
  rejected: 'deposit.submittedRejected',
} as const satisfies Record<UserDeposit['status'], string>;

function Submitted({ deposit, onAgain }: { deposit: UserDeposit; onAgain: () => void }) {
  const { t } = useTranslation('user');
  return (
    <SubmittedResult
      testId="deposit-submitted"
      title={t('deposit.submitted')}
      subTitle={t(SUBMITTED_SUBTITLE[deposit.status])}
      status={<DepositStatusTag status={deposit.status} />}
      refused={deposit.status === 'rejected'}
      items={[
        { label: t('deposit.amount'), value: formatBalance(deposit.amount, deposit.currency) },
        { label: t('deposit.channel'), value: deposit.channel_name },
        { label: t('deposit.submittedAt'), value: formatDateTime(deposit.created_at) },
        ...(deposit.admin_note ? [{ label: t('deposit.reviewNote'), value: deposit.admin_note }] : []),
      ]}
      historyPath="/wallet/history?tab=deposits"
      again={{ label: t('deposit.again'), onClick: onAgain }}
    />
  );
}

/** 充值: pick a channel, pay to its address, then report the payment for review; its status follows live. */
export default function DepositPage() {
  const { token } = useSessionSnapshot();
  const { t } = useTranslation(['user', 'common']);
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
        title={t('deposit.channelsFailed')}
        reason={errorMessage(channels.error, t('deposit.channelsFailed'))}
        onRetry={() => void channels.refetch()}
        retrying={channels.isFetching}
      />
    );
  } else if (channels.data.length === 0) {
    content = (
      <Card>
        <Empty description={t('deposit.noChannels')} data-testid="deposit-no-channels" />
      </Card>
    );
  } else {
    const list = channels.data;
    const channel = list.find((c) => c.id === chosen) ?? list[0];
    content = channel && (
      <>
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('deposit.chooseChannel')}</Typography.Text>
          <ChoiceCards
            testId="deposit-channel"
            value={channel.id}
            onChange={setChosen}
            choices={list.map((c) => ({
              key: c.id,
              title: c.name,
              note: `${t(`common:depositChannelType.${c.type}`)} · ${c.currency}`,
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
      <UserPage title={t('deposit.title')} back="/wallet" testId="deposit-page">
        {content}
      </UserPage>
    </NarrowColumn>
  );
}
