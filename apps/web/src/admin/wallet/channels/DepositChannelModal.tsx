import {
  type AdminDepositChannel,
  DEFAULT_CURRENCY,
  DEPOSIT_CHANNEL_TYPE_LABELS,
  type DepositChannelInput,
  type DepositChannelType,
  depositChannelTypes,
  REQUIRED_FIELDS_MESSAGE,
} from '@platform/contracts';
import { App, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/request.ts';
import {
  type ChannelFormModalProps,
  ChannelModal,
  DescriptionAndStatusItems,
  useChannelSave,
} from './ChannelModal.tsx';
import { saveDepositChannel } from './channelsApi.ts';
import { formText, integerAmountRule, maxNotBelowMinRule } from './formRules.ts';
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

const TYPE_OPTIONS = depositChannelTypes.map((type) => ({
  value: type,
  label: DEPOSIT_CHANNEL_TYPE_LABELS[type],
}));
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
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [uploading, setUploading] = useState(false);
  const type = Form.useWatch('type', form) ?? channel?.type ?? 'crypto';
  const isCrypto = type === 'crypto';
  const addressLabel = isCrypto ? '钱包地址' : '收款信息';

  // The address label (and so its message) follows the type: re-check a shown error in the new words.
  useEffect(() => {
    if (addressLabel && form.getFieldError('address').length > 0) void form.validateFields(['address']);
  }, [form, addressLabel]);

  const { saving, submit } = useChannelSave(
    (values: FormValues) => saveDepositChannel(channel?.id ?? null, depositChannelBody(values)),
    {
      editing: channel !== null,
      failure: (error) => `保存失败: ${errorMessage(error, '未知错误')}`,
      onSaved,
    },
  );

  const invalid = () => {
    const values = form.getFieldsValue(true) as FormValues;
    if (REQUIRED_FIELDS.some((field) => formText(values[field]) === undefined)) {
      message.error(REQUIRED_FIELDS_MESSAGE);
    }
  };

  return (
    <ChannelModal
      title={channel ? '编辑充值渠道' : '添加充值渠道'}
      editing={channel !== null}
      saving={saving}
      saveDisabled={uploading}
      onSave={() => form.submit()}
      onClose={onClose}
      saveTestId="channel-save"
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(channel)}
        onFinish={(values) => void submit(values)}
        onFinishFailed={invalid}
        onValuesChange={(changed: Partial<FormValues>) => {
          // The currency is chosen for crypto channels only; the others are credited in USDT.
          if (changed.type && changed.type !== 'crypto') form.setFieldValue('currency', DEFAULT_CURRENCY);
        }}
        data-testid="channel-form"
      >
        <Form.Item
          label="渠道名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请输入渠道名称' }]}
        >
          <Input maxLength={100} placeholder="例如：USDT-TRC20" data-testid="channel-form-name" />
        </Form.Item>
        <Form.Item label="渠道类型" name="type" rules={[{ required: true }]}>
          <Select options={TYPE_OPTIONS} data-testid="channel-form-type" />
        </Form.Item>
        {isCrypto && (
          <Form.Item label="币种" name="currency" rules={[{ required: true, message: '请选择币种' }]}>
            <Select
              options={currencies.map((c) => ({ value: c, label: c }))}
              showSearch
              data-testid="channel-form-currency"
            />
          </Form.Item>
        )}
        <Form.Item
          label={addressLabel}
          name="address"
          rules={[{ required: true, whitespace: true, message: `请输入${addressLabel}` }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={500}
            placeholder={isCrypto ? '收款钱包地址' : '收款人、账号等信息'}
            data-testid="channel-form-address"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="最小金额"
              name="min_amount"
              rules={[{ required: true, message: '请输入最小金额' }, integerAmountRule]}
            >
              <InputNumber<string>
                stringMode
                min="0"
                precision={0}
                style={{ width: '100%' }}
                placeholder="0"
                data-testid="channel-form-min"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="最大金额"
              name="max_amount"
              dependencies={['min_amount']}
              rules={[
                { required: true, message: '请输入最大金额' },
                integerAmountRule,
                maxNotBelowMinRule('min_amount'),
              ]}
            >
              <InputNumber<string>
                stringMode
                min="0"
                precision={0}
                style={{ width: '100%' }}
                placeholder="例如：50000"
                data-testid="channel-form-max"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="收款二维码" name="qr_code_url">
          <QrUploadField onBusyChange={setUploading} />
        </Form.Item>
        <DescriptionAndStatusItems testIdPrefix="channel-form" />
      </Form>
    </ChannelModal>
  );
}
