import type { UserWithdrawal } from '@platform/contracts';
import { formatBalance, formatCharge, formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { WithdrawalStatusTag } from '../../components/StatusTags.tsx';
import { errorMessage } from '../../lib/request.ts';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { fetchKycStatus, kycStatusKey } from '../kyc/kycApi.ts';
import { UserPage } from '../shell/UserPage.tsx';
import { NarrowColumn } from './NarrowColumn.tsx';
import { payeeText } from './records.tsx';
import { SubmittedResult } from './SubmittedResult.tsx';
import { useWalletRealtime } from './useWalletRealtime.ts';
import { fetchWallet, fetchWithdrawChannels, walletKeys } from './walletApi.ts';
import { walletOf } from './walletMath.ts';
import { WithdrawBlocked } from './withdraw/WithdrawBlocked.tsx';
import { WithdrawForm } from './withdraw/WithdrawForm.tsx';

const SUBMITTED_SUBTITLE = {
  pending: 'withdraw.submittedPending',
  reviewing: 'withdraw.submittedReviewing',
  approved: 'withdraw.submittedApproved',
  processing: 'withdraw.submittedProcessing',
  completed: 'withdraw.submittedCompleted',
  rejected: 'withdraw.submittedRejected',
} as const satisfies Record<UserWithdrawal['status'], string>;

function Submitted({ withdrawal: w, onAgain }: { withdrawal: UserWithdrawal; onAgain: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  return (
    <SubmittedResult
      testId="withdraw-submitted"
      title={t('withdraw.submitted')}
      subTitle={t(SUBMITTED_SUBTITLE[w.status])}
      status={<WithdrawalStatusTag status={w.status} />}
      refused={w.status === 'rejected'}
      items={[
        { label: t('withdraw.amount'), value: formatBalance(w.amount, w.currency) },
        { label: t('withdraw.fee'), value: formatCharge(w.fee, w.currency) },
        { label: t('withdraw.total'), value: formatCharge(w.total, w.currency) },
        {
          label: t('withdraw.method'),
          value: t(`common:withdrawMethod.${w.withdraw_type}`, { defaultValue: w.channel }),
        },
        { label: t('withdraw.payee'), value: payeeText(w) },
        { label: t('withdraw.submittedAt'), value: formatDateTime(w.created_at) },
      ]}
      historyPath="/wallet/history?tab=withdrawals"
      again={{ label: t('withdraw.again'), onClick: onAgain }}
    />
  );
}

/** 提现: the reasons it is refused, or the form; the request's status then follows live. */
export default function WithdrawPage() {
  // A cached profile that missed 2FA being turned on is caught by the form: the server's
  // twofa_required shows the code field then.
  const { token, user } = useSessionSnapshot();
  const { t } = useTranslation('user');
  const enabled = Boolean(token);
  const wallet = useQuery({
    queryKey: walletKeys.wallet,
    queryFn: ({ signal }) => fetchWallet(signal),
    enabled,
  });
  const channels = useQuery({
    queryKey: walletKeys.withdrawChannels,
    queryFn: ({ signal }) => fetchWithdrawChannels(signal),
    enabled,
  });
  const kyc = useQuery({ queryKey: kycStatusKey, queryFn: ({ signal }) => fetchKycStatus(signal), enabled });
  const [submitted, setSubmitted] = useState<UserWithdrawal | null>(null);
  useWalletRealtime({
    onWithdrawal: (event) =>
      setSubmitted((current) =>
        current?.id === event.id
          ? { ...current, status: event.status, updated_at: event.updated_at }
          : current,
      ),
  });

  let content: ReactNode;
  if (submitted) {
    content = <Submitted withdrawal={submitted} onAgain={() => setSubmitted(null)} />;
  } else if (wallet.isPending || channels.isPending) {
    content = <PageLoading />;
  } else if (wallet.isError || channels.isError) {
    const failed = wallet.isError ? wallet : channels;
    const title = wallet.isError ? t('wallet.walletFailed') : t('withdraw.channelsFailed');
    content = (
      <LoadErrorView
        title={title}
        reason={errorMessage(failed.error, title)}
        onRetry={() => {
          if (wallet.isError) void wallet.refetch();
          if (channels.isError) void channels.refetch();
        }}
        retrying={wallet.isFetching || channels.isFetching}
      />
    );
  } else if (!wallet.data.withdrawRequirement.canWithdraw) {
    content = (
      <WithdrawBlocked reasons={wallet.data.withdrawRequirement.reasons} kycStatus={kyc.data?.kyc_status} />
    );
  } else if (channels.data.length === 0) {
    content = (
      <Card>
        <Empty description={t('withdraw.noChannels')} data-testid="withdraw-no-channels" />
      </Card>
    );
  } else {
    const wallets = wallet.data.wallets;
    content = (
      <Card size="small">
        <WithdrawForm
          channels={channels.data}
          available={(currency) => walletOf(wallets, currency).balance}
          onCreated={setSubmitted}
          twofaEnabled={Boolean(user?.twofa_enabled)}
          heldUntil={user?.withdrawals_held_until}
        />
      </Card>
    );
  }

  return (
    <NarrowColumn>
      <UserPage title={t('withdraw.title')} back="/wallet" testId="withdraw-page">
        {content}
      </UserPage>
    </NarrowColumn>
  );
}
