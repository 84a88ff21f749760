import { Form, type FormRule, Input, type InputProps } from 'antd';
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
  return (
    <Form.Item name={name} label="备注" rules={[{ max: 500, message: '不能超过500个字符' }]}>
      <Input.TextArea placeholder="选填" autoSize={{ minRows: 2, maxRows: 4 }} data-testid={testId} />
    </Form.Item>
  );
}
