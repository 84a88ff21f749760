import type {
  CreateWithdrawalBody,
  UserWithdrawal,
  UserWithdrawChannel,
  WithdrawMethod,
} from '@platform/contracts';
import {
  currencyPrecision,
  formatBalance,
  formatCharge,
  formatNormalised,
  formatNumber,
  usdtAddressNetwork,
} from '@platform/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TwofaCodeField } from '../../../components/twofa/TwofaCodeField.tsx';
import { i18n } from '../../../i18n/index.ts';
import { useDisconnected } from '../../../lib/connectivity.ts';
import { useIdempotentMutation } from '../../../lib/idempotency.ts';
import { ApiError, errorMessage } from '../../../lib/request.ts';
import { isTwofaChallenge, normaliseCode, twofaErrorText } from '../../../lib/twofa.ts';
import { addressBookKeys, fetchAddresses } from '../../account/address-book/addressBookApi.ts';
import { WithdrawalHold } from '../../account/WithdrawalHold.tsx';
import { ChoiceCards } from '../ChoiceCards.tsx';
import { FormFooter, type FormFooterProps } from '../FormFooter.tsx';
import { AmountInput, amountRule, RemarkItem } from '../formFields.tsx';
import { createWithdrawal, WALLET_QUERY_ROOT } from '../walletApi.ts';
import {
  balanceProblem,
  feeRatePercent,
  maxWithdrawable,
  type WithdrawPreview,
  withdrawPreview,
} from '../walletMath.ts';

interface WithdrawFields {
  amount: string;
  address?: string;
  account?: string;
  name?: string;
  phone?: string;
  user_remark?: string;
  /** The 2FA code, asked for when the user has 2FA on. */
  totp?: string;
}

/** The reasons a refusal carries in data.reasons (422), if any. */
export function refusalReasons(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const reasons = (error.body as { data?: { reasons?: unknown } } | undefined)?.data?.reasons;
  return Array.isArray(reasons) ? reasons.filter((r): r is string => typeof r === 'string') : [];
}

/** A failed request as the form shows it: with several reasons, each on its own line. */
function refusal(error: unknown): FormFooterProps['error'] {
  // A missing or wrong 2FA code is shown on the code's field.
  if (!error || isTwofaChallenge(error)) return null;
  const reasons = refusalReasons(error);
  if (reasons.length <= 1) return { title: errorMessage(error, i18n.t('user:withdraw.submitFailed')) };
  return {
    title: i18n.t('user:withdraw.notSubmitted'),
    description: (
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    ),
  };
}

/** The withdrawal request built from the form (channel chosen explicitly, payee by method). */
export function withdrawalBody(channel: UserWithdrawChannel, fields: WithdrawFields): CreateWithdrawalBody {
  const remark = fields.user_remark?.trim() || undefined;
  const totp = normaliseCode(fields.totp) || undefined;
  const base = {
    withdraw_type: channel.type,
    channel_id: channel.id,
    amount: fields.amount.trim(),
    user_remark: remark,
    ...(totp ? { totp } : {}),
  };
  if (channel.type === 'usdt') return { ...base, address: fields.address?.trim() };
  return {
    ...base,
    account_info: {
      account: fields.account?.trim() ?? '',
      name: fields.name?.trim() ?? '',
      phone: fields.phone?.trim() || null,
    },
  };
}

function FeePreview({ preview, channel }: { preview: WithdrawPreview | null; channel: UserWithdrawChannel }) {
  const { t } = useTranslation('user');
  // To the currency's places (display-precision.ts): what is paid rounded up, what arrives down.
  const charged = (value: WithdrawPreview['fee'] | undefined) =>
    value ? formatCharge(value, channel.currency) : '-';
  const received = (value: WithdrawPreview['amount'] | undefined) =>
    value ? formatBalance(value, channel.currency) : '-';
  const rows: [string, string, string][] = [
    [
      t('withdraw.feeRate', { rate: feeRatePercent(channel.fee_rate) }),
      charged(preview?.fee),
      'withdraw-fee',
    ],
    [t('withdraw.received'), received(preview?.amount), 'withdraw-receive'],
    [t('withdraw.frozenTotal'), charged(preview?.total), 'withdraw-total'],
  ];
  return (
    <Flex
      vertical
      gap={4}
      style={{ background: 'var(--app-subtle)', borderRadius: 8, padding: 12, marginBottom: 16 }}
    >
      {rows.map(([label, value, testId]) => (
        <Flex key={label} justify="space-between" gap={8}>
          <Typography.Text type="secondary">{label}</Typography.Text>
          <Typography.Text strong={testId === 'withdraw-total'} data-testid={testId}>
            {value}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

const PAYEE_LABELS = {
  wechat: 'withdraw.wechatAccount',
  alipay: 'withdraw.alipayAccount',
} as const satisfies Record<Exclude<WithdrawMethod, 'usdt'>, string>;

/** Where the money goes, each value whole and wrapped (never truncated): the last look before it leaves. */
function ConfirmPayee({ body }: { body: CreateWithdrawalBody }) {
  const { t } = useTranslation(['user', 'common']);
  const rows: [string, string, string][] =
    body.withdraw_type === 'usdt'
      ? [
          [t('withdraw.network'), usdtAddressNetwork(body.address ?? '') ?? '-', 'withdraw-confirm-network'],
          [t('withdraw.address'), body.address ?? '', 'withdraw-confirm-address'],
        ]
      : [
          [t('withdraw.method'), t(`common:withdrawMethod.${body.withdraw_type}`), 'withdraw-confirm-method'],
          [t(PAYEE_LABELS[body.withdraw_type]), body.account_info?.account ?? '', 'withdraw-confirm-account'],
          [t('withdraw.payeeName'), body.account_info?.name ?? '', 'withdraw-confirm-name'],
          ...(body.account_info?.phone
            ? [
                [t('withdraw.phone'), body.account_info.phone, 'withdraw-confirm-phone'] as [
                  string,
                  string,
                  string,
                ],
              ]
            : []),
        ];
  return (
    <Flex
      vertical
      gap={4}
      data-testid="withdraw-confirm-payee"
      style={{ background: 'var(--app-subtle)', borderRadius: 8, padding: 8 }}
    >
      {rows.map(([label, value, testId]) => (
        <div key={testId}>
          <Typography.Text type="secondary">{label}</Typography.Text>
          <div
            style={{
              wordBreak: 'break-all',
              fontFamily: testId === 'withdraw-confirm-address' ? 'monospace' : undefined,
            }}
          >
            <Typography.Text strong data-testid={testId}>
              {value}
            </Typography.Text>
          </div>
        </div>
      ))}
    </Flex>
  );
}

/** Method, payee, amount with the fee preview, remark; a confirm, then POST /api/wallet/withdrawals. */
export function WithdrawForm({
  channels,
  available,
  onCreated,
  twofaEnabled = false,
  heldUntil,
}: {
  channels: UserWithdrawChannel[];
  /** Withdrawals held after a security change until then (issue 32): the reason shown, submit off. */
  heldUntil?: string | null;
  /** The user has 2FA on: the 两步验证码 field is required and sent as `totp`. */
  twofaEnabled?: boolean;
  /** The available balance per currency. */
  available: (currency: string) => string;
  onCreated: (withdrawal: UserWithdrawal) => void;
}) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<WithdrawFields>();
  const { t } = useTranslation(['user', 'common']);
  const methods = [...new Set(channels.map((c) => c.type))];
  const [method, setMethod] = useState<WithdrawMethod>(methods[0] ?? 'usdt');
  const ofMethod = channels.filter((c) => c.type === method);
  const [channelId, setChannelId] = useState<number>();
  const channel = ofMethod.find((c) => c.id === channelId) ?? ofMethod[0];
  const amount = Form.useWatch('amount', form);
  // The server asked for a code the cached profile did not know about (2FA turned on elsewhere).
  const [serverAskedCode, setServerAskedCode] = useState(false);
  const needsCode = twofaEnabled || serverAskedCode;

  // 地址簿: a saved address fills the field (whitelist mode accepts only these).
  const book = useQuery({ queryKey: addressBookKeys.addresses, queryFn: fetchAddresses });
  const disconnected = useDisconnected();
  const held = Boolean(heldUntil && Date.parse(heldUntil) > Date.now());
  const submit = useIdempotentMutation({
    mutationFn: (body: CreateWithdrawalBody, idempotencyKey) => createWithdrawal(body, idempotencyKey),
    // A confirmation still open when the connection dropped sends nothing.
    requiresConnection: true,
    onSuccess: (reply) => {
      message.success(reply.message || t('withdraw.submittedToast'));
      form.resetFields();
      onCreated(reply.data.withdrawal);
    },
    onError: (error) => {
      if (!isTwofaChallenge(error)) return;
      setServerAskedCode(true);
      // The field may only now be mounted: set its error after it renders.
      setTimeout(() => form.setFields([{ name: 'totp', errors: [twofaErrorText(error)] }]));
    },
    // A refusal may come from a changed balance or standing: show the current one.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT }),
  });

  if (!channel) return null;
  const balance = available(channel.currency);
  const preview = withdrawPreview(amount, channel.fee_rate);
  const limits = { min: channel.min_amount, max: channel.max_amount, currency: channel.currency };

  const confirm = (fields: WithdrawFields) => {
    const body = withdrawalBody(channel, fields);
    const p = withdrawPreview(fields.amount, channel.fee_rate);
    modal.confirm({
      title: t('withdraw.confirm'),
      content: (
        <Flex vertical gap={8}>
          <ConfirmPayee body={body} />
          {p && (
            <Typography.Text>
              {t('withdraw.confirmText', {
                amount: formatNormalised(p.amount),
                fee: formatNormalised(p.fee),
                total: formatNormalised(p.total),
                currency: channel.currency,
              })}
            </Typography.Text>
          )}
        </Flex>
      ),
      okText: t('withdraw.confirm'),
      cancelText: t('withdraw.cancel'),
      onOk: () => submit.mutate(body),
    });
  };

  return (
    <Form<WithdrawFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={confirm}
      onValuesChange={() => submit.isError && submit.reset()}
      data-testid="withdraw-form"
    >
      <Form.Item label={t('withdraw.method')}>
        <ChoiceCards
          testId="withdraw-method"
          value={method}
          onChange={(next) => {
            setMethod(next);
            setChannelId(undefined);
            // An amount already typed meets the new channel's limits; an empty one is not an error yet.
            if (form.getFieldValue('amount')) void form.validateFields(['amount']).catch(() => {});
          }}
          choices={methods.map((m) => ({ key: m, title: t(`common:withdrawMethod.${m}`) }))}
        />
      </Form.Item>
      {ofMethod.length > 1 && (
        <Form.Item label={t('withdraw.channel')}>
          <Select
            value={channel.id}
            onChange={setChannelId}
            options={ofMethod.map((c) => ({ value: c.id, label: c.name }))}
            data-testid="withdraw-channel"
          />
        </Form.Item>
      )}
      {method === 'usdt' && (book.data?.length ?? 0) > 0 && (
        <Form.Item label={t('withdraw.fromBook')}>
          <Select
            placeholder={t('withdraw.fromBookPlaceholder')}
            value={null}
            onChange={(address: string) => {
              form.setFieldValue('address', address);
              void form.validateFields(['address']).catch(() => {});
            }}
            options={book.data?.map((a) => ({
              value: a.address,
              label: `${a.label} · ${a.network} · ${a.address.slice(0, 6)}…${a.address.slice(-6)}`,
            }))}
            data-testid="withdraw-address-book"
          />
        </Form.Item>
      )}
      {method === 'usdt' ? (
        <Form.Item
          name="address"
          label={t('withdraw.addressLabel')}
          rules={[
            { required: true, whitespace: true, message: t('withdraw.addressRequired') },
            { max: 200, message: t('withdraw.tooLong', { max: 200 }) },
            {
              // TRC20 (base58check) or ERC20 (EIP-55 when mixed case), as the server checks it.
              validator: (_, value: string | undefined) =>
                !value?.trim() || usdtAddressNetwork(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('common:addressFormat'))),
            },
          ]}
          extra={t('withdraw.addressHint')}
        >
          <Input
            placeholder={t('withdraw.addressPlaceholder', { currency: channel.currency })}
            autoComplete="off"
            allowClear
            data-testid="withdraw-address"
          />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="account"
            label={t(PAYEE_LABELS[method])}
            rules={[
              { required: true, whitespace: true, message: t('withdraw.accountRequired') },
              { max: 100, message: t('withdraw.tooLong', { max: 100 }) },
            ]}
          >
            <Input
              placeholder={t('withdraw.accountRequired')}
              autoComplete="off"
              data-testid="withdraw-account"
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('withdraw.payeeName')}
            rules={[
              { required: true, whitespace: true, message: t('withdraw.nameRequired') },
              { max: 50, message: t('withdraw.tooLong', { max: 50 }) },
            ]}
          >
            <Input placeholder={t('withdraw.nameRequired')} autoComplete="off" data-testid="withdraw-name" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('withdraw.phone')}
            rules={[{ max: 32, message: t('withdraw.tooLong', { max: 32 }) }]}
          >
            <Input
              placeholder={t('wallet.optional')}
              inputMode="tel"
              autoComplete="off"
              data-testid="withdraw-phone"
            />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="amount"
        label={t('withdraw.amount')}
        extra={t('withdraw.limits', {
          min: formatNumber(channel.min_amount, 2, { minDecimals: 0 }),
          max: formatNumber(channel.max_amount, 2, { minDecimals: 0 }),
          currency: channel.currency,
        })}
        rules={[
          amountRule('withdraw', limits),
          {
            validator: (_, value: string | undefined) => {
              const p = withdrawPreview(value, channel.fee_rate);
              const problem = p && balanceProblem(p, balance, channel.currency);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <AmountInput
          currency={channel.currency}
          placeholder={t('withdraw.amountPlaceholder')}
          data-testid="withdraw-amount"
        />
      </Form.Item>
      <Flex justify="space-between" align="center" style={{ marginTop: -12, marginBottom: 12 }}>
        <Typography.Text type="secondary" data-testid="withdraw-available">
          {t('withdraw.available', { balance: formatBalance(balance, channel.currency) })}
        </Typography.Text>
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          onClick={() => {
            form.setFieldValue(
              'amount',
              maxWithdrawable(
                balance,
                channel.fee_rate,
                channel.max_amount,
                currencyPrecision(channel.currency),
              ),
            );
            void form.validateFields(['amount']).catch(() => {});
          }}
          data-testid="withdraw-all"
        >
          {t('withdraw.all')}
        </Button>
      </Flex>
      <FeePreview preview={preview} channel={channel} />
      <RemarkItem name="user_remark" testId="withdraw-remark" />
      {needsCode && <TwofaCodeField name="totp" testId="withdraw-totp" extra={t('withdraw.totpHint')} />}
      <WithdrawalHold until={heldUntil} />
      <FormFooter
        error={refusal(submit.error)}
        submitting={submit.isPending}
        disabled={disconnected || held}
        label={t('withdraw.submit')}
        testId="withdraw"
      />
    </Form>
  );
}
