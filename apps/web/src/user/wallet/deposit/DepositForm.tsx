import type { CreateDepositBody, UserDeposit, UserDepositChannel } from '@platform/contracts';
import { App, Form, Input } from 'antd';
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
  const crypto = channel.type === 'crypto';
  const disconnected = useDisconnected();
  const submit = useIdempotentMutation({
    mutationFn: (body: CreateDepositBody, idempotencyKey) => createDeposit(body, idempotencyKey),
    // Nothing is sent while the app is disconnected (a tap just as the connection dropped).
    requiresConnection: true,
    onSuccess: (reply) => {
      message.success(reply.message || '充值申请已提交，请等待审核');
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
        label="充值金额"
        rules={[
          amountRule('充值', {
            min: channel.min_amount,
            max: channel.max_amount,
            currency: channel.currency,
          }),
        ]}
      >
        <AmountInput currency={channel.currency} placeholder="请输入充值金额" data-testid="deposit-amount" />
      </Form.Item>
      {crypto && (
        <Form.Item
          name="tx_hash"
          label="交易哈希（TxID）"
          extra="转账完成后在钱包中复制交易哈希，便于尽快核实"
          rules={[{ max: 200, message: '不能超过200个字符' }]}
        >
          <Input placeholder="选填" autoComplete="off" allowClear data-testid="deposit-tx-hash" />
        </Form.Item>
      )}
      <RemarkItem name="remark" testId="deposit-remark" />
      <FormFooter
        error={submit.isError ? { title: errorMessage(submit.error, '提交充值申请失败') } : null}
        submitting={submit.isPending}
        disabled={disconnected}
        label="提交充值申请"
        testId="deposit"
      />
    </Form>
  );
}
