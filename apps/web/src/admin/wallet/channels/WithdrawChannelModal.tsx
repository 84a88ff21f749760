import {
  type AdminWithdrawChannel,
  DEFAULT_CURRENCY,
  REQUIRED_FIELDS_MESSAGE,
  WITHDRAW_CHANNEL_DEFAULT_MAX,
  WITHDRAW_CHANNEL_DEFAULT_MIN,
  WITHDRAW_METHOD_LABELS,
  type WithdrawChannelInput,
  type WithdrawMethod,
  withdrawMethods,
} from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { App, Col, Form, type FormRule, Input, InputNumber, Row, Select } from 'antd';
import { errorMessage } from '../../../lib/request.ts';
import {
  type ChannelFormModalProps,
  ChannelModal,
  DescriptionAndStatusItems,
  useChannelSave,
} from './ChannelModal.tsx';
import { saveWithdrawChannel } from './channelsApi.ts';
import { formText, integerAmountRule, maxNotBelowMinRule } from './formRules.ts';

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

export const FEE_PERCENT_MESSAGE = '手续费率必须在0到100之间';
const TYPE_OPTIONS = withdrawMethods.map((type) => ({ value: type, label: WITHDRAW_METHOD_LABELS[type] }));

/** The stored fraction as the percent shown: '0.015' → '1.5'. */
export const feePercent = (fraction: string) => new Decimal(fraction).times(100).toFixed();

/** The form's percent as the API's fraction: '1.5' → '0.015'; blank stays blank (the server's 0). */
export function feeFraction(percent: string | null | undefined): string {
  const text = formText(percent);
  return text === undefined ? '' : new Decimal(text).div(100).toFixed();
}

const feePercentRule: FormRule = {
  validator: (_, value: unknown) => {
    const text = formText(value);
    if (text === undefined) return Promise.resolve();
    const valid = /^\d{1,3}(\.\d{1,2})?$/.test(text) && new Decimal(text).lte(100);
    return valid ? Promise.resolve() : Promise.reject(new Error(FEE_PERCENT_MESSAGE));
  },
};

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
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const { saving, submit } = useChannelSave(
    (values: FormValues) => saveWithdrawChannel(channel?.id ?? null, withdrawChannelBody(values)),
    {
      editing: channel !== null,
      failure: (error) => errorMessage(error, channel ? '更新失败' : '添加失败'),
      onSaved,
    },
  );

  const invalid = () => {
    const values = form.getFieldsValue(true) as FormValues;
    if (formText(values.name) === undefined || !values.type) message.error(REQUIRED_FIELDS_MESSAGE);
  };

  return (
    <ChannelModal
      title={channel ? '编辑提现渠道' : '添加提现渠道'}
      editing={channel !== null}
      saving={saving}
      onSave={() => form.submit()}
      onClose={onClose}
      saveTestId="withdraw-channel-save"
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(channel)}
        onFinish={(values) => void submit(values)}
        onFinishFailed={invalid}
        data-testid="withdraw-channel-form"
      >
        <Form.Item
          label="渠道名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请输入渠道名称' }]}
        >
          <Input maxLength={100} placeholder="例如：USDT提现" data-testid="withdraw-channel-form-name" />
        </Form.Item>
        <Form.Item label="提现类型" name="type" rules={[{ required: true, message: '请选择提现类型' }]}>
          <Select
            options={TYPE_OPTIONS}
            placeholder="请选择提现类型"
            data-testid="withdraw-channel-form-type"
          />
        </Form.Item>
        <Form.Item label="币种" name="currency" rules={[{ required: true, message: '请选择币种' }]}>
          <Select
            options={currencies.map((c) => ({ value: c, label: c }))}
            showSearch
            data-testid="withdraw-channel-form-currency"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="最小金额" name="min_amount" rules={[integerAmountRule]} extra="留空为 0">
              <InputNumber<string>
                stringMode
                min="0"
                precision={0}
                style={{ width: '100%' }}
                placeholder={WITHDRAW_CHANNEL_DEFAULT_MIN}
                data-testid="withdraw-channel-form-min"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="最大金额"
              name="max_amount"
              dependencies={['min_amount']}
              rules={[integerAmountRule, maxNotBelowMinRule('min_amount', WITHDRAW_CHANNEL_DEFAULT_MIN)]}
              extra={`留空为 ${WITHDRAW_CHANNEL_DEFAULT_MAX}`}
            >
              <InputNumber<string>
                stringMode
                min="0"
                precision={0}
                style={{ width: '100%' }}
                placeholder={WITHDRAW_CHANNEL_DEFAULT_MAX}
                data-testid="withdraw-channel-form-max"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="手续费率（%）"
          name="fee_percent"
          rules={[feePercentRule]}
          extra="例如 1.5 表示 1.5%，留空为 0"
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
      </Form>
    </ChannelModal>
  );
}
