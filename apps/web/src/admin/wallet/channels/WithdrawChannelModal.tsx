import {
  type AdminWithdrawChannel,
  DEFAULT_CURRENCY,
  WITHDRAW_CHANNEL_DEFAULT_MAX,
  WITHDRAW_CHANNEL_DEFAULT_MIN,
  type WithdrawChannelInput,
  type WithdrawMethod,
  withdrawMethods,
} from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { App, Form, type FormRule, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { errorMessage } from '../../../lib/request.ts';
import {
  AmountRangeItems,
  CHANNEL_MODAL_WIDTH,
  type ChannelFormModalProps,
  ChannelNameItem,
  CurrencyItem,
  DescriptionAndStatusItems,
} from './ChannelModal.tsx';
import { saveWithdrawChannel } from './channelsApi.ts';
import { formText } from './formRules.ts';

interface FormValues {
  name: string;
  type: WithdrawMethod | undefined;
  currency: string;
  min_amount: string | null;
  max_amount: string | null;
  /** Percent in the form (1.5 means 1.5%); the API takes a fraction. */
  fee_percent: string | null;
  description: string;
  active: boolean;
}

/** The stored fraction as the percent shown: '0.015' → '1.5'. */
export const feePercent = (fraction: string) => new Decimal(fraction).times(100).toFixed();

/** The form's percent as the API's fraction: '1.5' → '0.015'; blank stays blank (the server's 0). */
export function feeFraction(percent: string | null | undefined): string {
  const text = formText(percent);
  return text === undefined ? '' : new Decimal(text).div(100).toFixed();
}

const feePercentRule = (message: string): FormRule => ({
  validator: (_, value: unknown) => {
    const text = formText(value);
    if (text === undefined) return Promise.resolve();
    const valid = /^\d{1,3}(\.\d{1,2})?$/.test(text) && new Decimal(text).lte(100);
    return valid ? Promise.resolve() : Promise.reject(new Error(message));
  },
});

function initialValues(channel: AdminWithdrawChannel | null): FormValues {
  return {
    name: channel?.name ?? '',
    type: channel?.type,
    currency: channel?.currency ?? DEFAULT_CURRENCY,
    min_amount: channel?.min_amount ?? null,
    max_amount: channel?.max_amount ?? null,
    fee_percent: channel ? feePercent(channel.fee_rate) : null,
    description: channel?.description ?? '',
    active: channel ? channel.status === 'active' : true,
  };
}

export function withdrawChannelBody(values: FormValues): WithdrawChannelInput {
  return {
    name: values.name.trim(),
    type: values.type as WithdrawMethod,
    currency: values.currency,
    min_amount: formText(values.min_amount) ?? '',
    max_amount: formText(values.max_amount) ?? '',
    fee_rate: feeFraction(values.fee_percent),
    description: values.description?.trim() ?? '',
    status: values.active ? 'active' : 'inactive',
  };
}

export type WithdrawChannelModalProps = ChannelFormModalProps<AdminWithdrawChannel>;

/** 添加/编辑提现渠道. Mounted only while open. */
export function WithdrawChannelModal({ channel, currencies, onClose, onSaved }: WithdrawChannelModalProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const invalid = () => {
    const values = form.getFieldsValue(true) as FormValues;
    if (formText(values.name) === undefined || !values.type) message.error(t('channelForm.requiredFields'));
  };

  return (
    <FormModal<FormValues>
      title={t(channel ? 'channelForm.withdrawEdit' : 'channelForm.withdrawAdd')}
      width={CHANNEL_MODAL_WIDTH}
      editing={channel !== null}
      form={form}
      initialValues={initialValues(channel)}
      save={(values) => saveWithdrawChannel(channel?.id ?? null, withdrawChannelBody(values))}
      savedMessage={(reply) => String(reply)}
      failure={(error) =>
        errorMessage(error, t(channel ? 'channelForm.updateFailed' : 'channelForm.addFailed'))
      }
      onSaved={onSaved}
      onClose={onClose}
      saveTestId="withdraw-channel-save"
      formTestId="withdraw-channel-form"
      onFinishFailed={invalid}
    >
      <ChannelNameItem
        placeholder={t('channelForm.withdrawNamePlaceholder')}
        testId="withdraw-channel-form-name"
      />
      <Form.Item
        label={t('channelForm.withdrawType')}
        name="type"
        rules={[{ required: true, message: t('channelForm.withdrawTypeRequired') }]}
      >
        <Select
          options={withdrawMethods.map((value) => ({ value, label: t(`channels.withdrawType.${value}`) }))}
          placeholder={t('channelForm.withdrawTypeRequired')}
          data-testid="withdraw-channel-form-type"
        />
      </Form.Item>
      <CurrencyItem currencies={currencies} testId="withdraw-channel-form-currency" />
      <AmountRangeItems
        testIdPrefix="withdraw-channel-form"
        required={false}
        fallbackMin={WITHDRAW_CHANNEL_DEFAULT_MIN}
        min={{ placeholder: WITHDRAW_CHANNEL_DEFAULT_MIN, extra: t('channelForm.blankIs', { value: 0 }) }}
        max={{
          placeholder: WITHDRAW_CHANNEL_DEFAULT_MAX,
          extra: t('channelForm.blankIs', { value: WITHDRAW_CHANNEL_DEFAULT_MAX }),
        }}
      />
      <Form.Item
        label={t('channelForm.feeRate')}
        name="fee_percent"
        rules={[feePercentRule(t('channelForm.feePercent'))]}
        extra={t('channelForm.feeHint')}
      >
        <InputNumber<string>
          stringMode
          min="0"
          step="0.01"
          precision={2}
          style={{ width: '100%' }}
          placeholder="0"
          suffix="%"
          data-testid="withdraw-channel-form-fee"
        />
      </Form.Item>
      <DescriptionAndStatusItems testIdPrefix="withdraw-channel-form" />
    </FormModal>
  );
}
