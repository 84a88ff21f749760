import { Form, type FormRule, Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AmountLimits, type AmountPurpose, amountProblem } from './walletMath.ts';

/** The form rule of an amount field: format, above zero, within the channel's limits. */
export const amountRule = (purpose: AmountPurpose, limits: AmountLimits): FormRule => ({
  validator: (_, value: string | undefined) => {
    const problem = amountProblem(value, purpose, limits);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

/**
 * An amount typed as text (a decimal string, never a number) with a decimal keypad on phones and
 * the currency after it. A Form.Item control: value and onChange come from the form.
 */
export function AmountInput({ currency, ...props }: InputProps & { currency: string }) {
  return (
    <Input inputMode="decimal" autoComplete="off" allowClear size="large" suffix={currency} {...props} />
  );
}

/** The optional free-text remark of a request (500 characters at most, as the server allows). */
export function RemarkItem({ name, testId }: { name: string; testId: string }) {
  const { t } = useTranslation('user');
  return (
    <Form.Item name={name} label={t('wallet.note')} rules={[{ max: 500, message: t('wallet.noteTooLong') }]}>
      <Input.TextArea
        placeholder={t('wallet.optional')}
        autoSize={{ minRows: 2, maxRows: 4 }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
