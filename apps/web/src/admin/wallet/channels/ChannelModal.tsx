import { Checkbox, Col, Form, type FormRule, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { integerAmountRule, maxNotBelowMinRule } from './formRules.ts';

/** What the add/edit modal of either kind of channel takes. */
export interface ChannelFormModalProps<C> {
  /** The channel being edited, or null to add one. */
  channel: C | null;
  currencies: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

/** Both channel forms are this wide. */
export const CHANNEL_MODAL_WIDTH = 560;

/** 渠道名称 (field `name`), the first field of both channel forms. */
export function ChannelNameItem({ placeholder, testId }: { placeholder: string; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <Form.Item
      label={t('channelForm.name')}
      name="name"
      rules={[{ required: true, whitespace: true, message: t('channelForm.nameRequired') }]}
    >
      <Input maxLength={100} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}

/** 币种 (field `currency`), chosen from the offered currencies. */
export function CurrencyItem({ currencies, testId }: { currencies: readonly string[]; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <Form.Item
      label={t('channelForm.currency')}
      name="currency"
      rules={[{ required: true, message: t('channelForm.currencyRequired') }]}
    >
      <Select options={currencies.map((c) => ({ value: c, label: c }))} showSearch data-testid={testId} />
    </Form.Item>
  );
}

interface AmountFieldProps {
  placeholder: string;
  /** The hint under the field. */
  extra?: string;
}

export interface AmountRangeItemsProps {
  /** `<prefix>-min` and `<prefix>-max` are the inputs' test ids. */
  testIdPrefix: string;
  /** Both amounts must be filled in (deposit channels); otherwise a blank one takes the server's default. */
  required: boolean;
  /** The minimum the maximum is checked against while the minimum is blank. */
  fallbackMin?: string;
  min: AmountFieldProps;
  max: AmountFieldProps;
}

/** 最小金额 and 最大金额 side by side (fields `min_amount`, `max_amount`): whole numbers, max not below min. */
export function AmountRangeItems({ testIdPrefix, required, fallbackMin, min, max }: AmountRangeItemsProps) {
  const { t } = useTranslation('admin');
  const requiredRule = (message: string): FormRule[] => (required ? [{ required: true, message }] : []);
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item
          label={t('channelForm.minAmount')}
          name="min_amount"
          rules={[...requiredRule(t('channelForm.minRequired')), integerAmountRule(t('channelForm.integer'))]}
          extra={min.extra}
        >
          {wholeAmountInput(min.placeholder, `${testIdPrefix}-min`)}
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          label={t('channelForm.maxAmount')}
          name="max_amount"
          dependencies={['min_amount']}
          rules={[
            ...requiredRule(t('channelForm.maxRequired')),
            integerAmountRule(t('channelForm.integer')),
            maxNotBelowMinRule('min_amount', t('channelForm.maxBelowMin'), fallbackMin),
          ]}
          extra={max.extra}
        >
          {wholeAmountInput(max.placeholder, `${testIdPrefix}-max`)}
        </Form.Item>
      </Col>
    </Row>
  );
}

/** A whole, non-negative amount, kept as a string. A plain element, so Form.Item controls it directly. */
function wholeAmountInput(placeholder: string, testId: string) {
  return (
    <InputNumber<string>
      stringMode
      min="0"
      precision={0}
      style={{ width: '100%' }}
      placeholder={placeholder}
      data-testid={testId}
    />
  );
}

/** 描述 and 启用此渠道, the last two fields of both channel forms (fields `description`, `active`). */
export function DescriptionAndStatusItems({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Form.Item label={t('channelForm.description')} name="description">
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={500}
          placeholder={t('channelForm.descriptionPlaceholder')}
          data-testid={`${testIdPrefix}-description`}
        />
      </Form.Item>
      <Form.Item name="active" valuePropName="checked" style={{ marginBottom: 0 }}>
        <Checkbox data-testid={`${testIdPrefix}-status`}>{t('channelForm.active')}</Checkbox>
      </Form.Item>
    </>
  );
}
