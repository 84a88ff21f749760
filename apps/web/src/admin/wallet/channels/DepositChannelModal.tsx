import {
  type AdminDepositChannel,
  DEFAULT_CURRENCY,
  type DepositChannelInput,
  type DepositChannelType,
  depositChannelTypes,
} from '@platform/contracts';
import { App, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
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
import { saveDepositChannel } from './channelsApi.ts';
import { formText } from './formRules.ts';
import { QrUploadField } from './QrUploadField.tsx';

interface FormValues {
  name: string;
  type: DepositChannelType;
  currency: string;
  address: string;
  qr_code_url: string | null;
  min_amount: string | null;
  max_amount: string | null;
  description: string;
  active: boolean;
}

const REQUIRED_FIELDS = ['name', 'address', 'min_amount', 'max_amount'] as const;

function initialValues(channel: AdminDepositChannel | null): FormValues {
  return {
    name: channel?.name ?? '',
    type: channel?.type ?? 'crypto',
    currency: channel?.currency ?? DEFAULT_CURRENCY,
    address: channel?.address ?? '',
    qr_code_url: channel?.qr_code_url ?? null,
    min_amount: channel?.min_amount ?? null,
    max_amount: channel?.max_amount ?? null,
    description: channel?.description ?? '',
    active: channel ? channel.status === 'active' : true,
  };
}

/** What the form sends: the whole form, amounts as strings. */
export function depositChannelBody(values: FormValues): DepositChannelInput {
  return {
    name: values.name.trim(),
    type: values.type,
    currency: values.currency,
    address: values.address.trim(),
    qr_code_url: values.qr_code_url ?? '',
    min_amount: formText(values.min_amount) ?? '',
    max_amount: formText(values.max_amount) ?? '',
    description: values.description?.trim() ?? '',
    status: values.active ? 'active' : 'inactive',
  };
}

export type DepositChannelModalProps = ChannelFormModalProps<AdminDepositChannel>;

/** 添加/编辑充值渠道. Mounted only while open, so each opening starts from the channel's values. */
export function DepositChannelModal({ channel, currencies, onClose, onSaved }: DepositChannelModalProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [uploading, setUploading] = useState(false);
  const type = Form.useWatch('type', form) ?? channel?.type ?? 'crypto';
  const isCrypto = type === 'crypto';
  const addressLabel = t(isCrypto ? 'channelForm.walletAddress' : 'channelForm.payeeInfo');

  // The address label (and so its message) follows the type: re-check a shown error in the new words.
  useEffect(() => {
    if (addressLabel && form.getFieldError('address').length > 0) void form.validateFields(['address']);
  }, [form, addressLabel]);

  const invalid = () => {
    const values = form.getFieldsValue(true) as FormValues;
    if (REQUIRED_FIELDS.some((field) => formText(values[field]) === undefined)) {
      message.error(t('channelForm.requiredFields'));
    }
  };

  return (
    <FormModal<FormValues>
      title={t(channel ? 'channelForm.depositEdit' : 'channelForm.depositAdd')}
      width={CHANNEL_MODAL_WIDTH}
      editing={channel !== null}
      form={form}
      initialValues={initialValues(channel)}
      save={(values) => saveDepositChannel(channel?.id ?? null, depositChannelBody(values))}
      savedMessage={(reply) => String(reply)}
      failure={(error) =>
        t('channelForm.saveFailed', { reason: errorMessage(error, t('channelForm.unknownError')) })
      }
      onSaved={onSaved}
      onClose={onClose}
      saveDisabled={uploading}
      saveTestId="channel-save"
      formTestId="channel-form"
      onFinishFailed={invalid}
      onValuesChange={(changed: Partial<FormValues>) => {
        // The currency is chosen for crypto channels only; the others are credited in USDT.
        if (changed.type && changed.type !== 'crypto') form.setFieldValue('currency', DEFAULT_CURRENCY);
      }}
    >
      <ChannelNameItem placeholder={t('channelForm.depositNamePlaceholder')} testId="channel-form-name" />
      <Form.Item label={t('channelForm.channelType')} name="type" rules={[{ required: true }]}>
        <Select
          options={depositChannelTypes.map((value) => ({ value, label: t(`channels.depositType.${value}`) }))}
          data-testid="channel-form-type"
        />
      </Form.Item>
      {isCrypto && <CurrencyItem currencies={currencies} testId="channel-form-currency" />}
      <Form.Item
        label={addressLabel}
        name="address"
        rules={[
          {
            required: true,
            whitespace: true,
            message: t('channelForm.addressRequired', { label: addressLabel }),
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={500}
          placeholder={t(
            isCrypto ? 'channelForm.addressPlaceholderCrypto' : 'channelForm.addressPlaceholderOther',
          )}
          data-testid="channel-form-address"
        />
      </Form.Item>
      <AmountRangeItems
        testIdPrefix="channel-form"
        required
        min={{ placeholder: '0' }}
        max={{ placeholder: t('channelForm.maxPlaceholder') }}
      />
      <Form.Item label={t('channelForm.qrCode')} name="qr_code_url">
        <QrUploadField onBusyChange={setUploading} />
      </Form.Item>
      <DescriptionAndStatusItems testIdPrefix="channel-form" />
    </FormModal>
  );
}
