import type { CreateDepositBody, UserDeposit, UserDepositChannel } from '@platform/contracts';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisconnected } from '../../../lib/connectivity.ts';
import { useIdempotentMutation } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { FormFooter } from '../FormFooter.tsx';
import { AmountInput, amountRule, RemarkItem } from '../formFields.tsx';
import { createDeposit } from '../walletApi.ts';

interface DepositFields {
  amount: string;
  tx_hash?: string;
  remark?: string;
}

/** Amount, tx hash (crypto only) and remark of a deposit on `channel`; tells the page what was created. */
export function DepositForm({
  channel,
  onCreated,
}: {
  channel: UserDepositChannel;
  onCreated: (deposit: UserDeposit) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DepositFields>();
  const { t } = useTranslation('user');
  const crypto = channel.type === 'crypto';
  const disconnected = useDisconnected();
  const submit = useIdempotentMutation({
    mutationFn: (body: CreateDepositBody, idempotencyKey) => createDeposit(body, idempotencyKey),
    // Nothing is sent while the app is disconnected (a tap just as the connection dropped).
    requiresConnection: true,
    onSuccess: (reply) => {
      message.success(reply.message || t('deposit.submittedToast'));
      form.resetFields();
      onCreated(reply.data.deposit);
    },
  });

  return (
    <Form<DepositFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(fields) =>
        submit.mutate({
          channel_id: channel.id,
          amount: fields.amount.trim(),
          tx_hash: crypto ? fields.tx_hash?.trim() || undefined : undefined,
          remark: fields.remark?.trim() || undefined,
        })
      }
      data-testid="deposit-form"
    >
      <Form.Item
        name="amount"
        label={t('deposit.amountLabel')}
        rules={[
          amountRule('deposit', {
            min: channel.min_amount,
            max: channel.max_amount,
            currency: channel.currency,
          }),
        ]}
      >
        <AmountInput
          currency={channel.currency}
          placeholder={t('deposit.amountPlaceholder')}
          data-testid="deposit-amount"
        />
      </Form.Item>
      {crypto && (
        <Form.Item
          name="tx_hash"
          label={t('deposit.txHash')}
          extra={t('deposit.txHashHint')}
          rules={[{ max: 200, message: t('deposit.txHashTooLong') }]}
        >
          <Input
            placeholder={t('wallet.optional')}
            autoComplete="off"
            allowClear
            data-testid="deposit-tx-hash"
          />
        </Form.Item>
      )}
      <RemarkItem name="remark" testId="deposit-remark" />
      <FormFooter
        error={submit.isError ? { title: errorMessage(submit.error, t('deposit.submitFailed')) } : null}
        submitting={submit.isPending}
        disabled={disconnected}
        label={t('deposit.submit')}
        testId="deposit"
      />
    </Form>
  );
}
