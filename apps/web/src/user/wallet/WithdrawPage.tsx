import { type UserWithdrawal, WITHDRAW_METHOD_LABELS } from '@platform/contracts';
import { formatBalance, formatCharge, formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty } from 'antd';
import { type ReactNode, useState } from 'react';
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

const SUBMITTED_SUBTITLE: Record<UserWithdrawal['status'], string> = {
  pending: '金额和手续费已冻结，请等待审核；被拒绝时退回可用余额',
  reviewing: '正在审核，请耐心等待',
  approved: '已通过审核，等待出款',
  processing: '正在出款，请留意到账',
  completed: '已出款，请查收',
  rejected: '提现申请未通过，冻结的金额和手续费已退回可用余额',
};

function Submitted({ withdrawal: w, onAgain }: { withdrawal: UserWithdrawal; onAgain: () => void }) {
  return (
    <SubmittedResult
      testId="withdraw-submitted"
      title="提现申请已提交"
      subTitle={SUBMITTED_SUBTITLE[w.status]}
      status={<WithdrawalStatusTag status={w.status} />}
      refused={w.status === 'rejected'}
      items={[
        { label: '提现金额', value: formatBalance(w.amount, w.currency) },
        { label: '手续费', value: formatCharge(w.fee, w.currency) },
        { label: '冻结合计', value: formatCharge(w.total, w.currency) },
        { label: '提现方式', value: WITHDRAW_METHOD_LABELS[w.withdraw_type] ?? w.channel },
        { label: '收款', value: payeeText(w) },
        { label: '提交时间', value: formatDateTime(w.created_at) },
      ]}
      historyPath="/wallet/history?tab=withdrawals"
      again={{ label: '继续提现', onClick: onAgain }}
    />
  );
}

/** 提现: the reasons it is refused, or the form; the request's status then follows live. */
export default function WithdrawPage() {
  // A cached profile that missed 2FA being turned on is caught by the form: the server's
  // twofa_required shows the code field then.
  const { token, user } = useSessionSnapshot();
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
    const title = wallet.isError ? '获取钱包信息失败' : '获取提现渠道失败';
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
        <Empty description="暂无可用的提现渠道" data-testid="withdraw-no-channels" />
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
      <UserPage title="提现" back="/wallet" testId="withdraw-page">
        {content}
      </UserPage>
    </NarrowColumn>
  );
}
