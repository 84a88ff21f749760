import type { FormRule } from 'antd';
import { type AmountLimits, type AmountPurpose, amountProblem } from './walletMath.ts';

/** The form rule of an amount field: format, above zero, within the channel's limits. */
export const amountRule = (purpose: AmountPurpose, limits: AmountLimits): FormRule => ({
  validator: (_, value: string | undefined) => {
    const problem = amountProblem(value, purpose, limits);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

/** Amounts are typed as text (decimal strings, never numbers): a decimal keypad on phones. */
export const amountInputProps = { inputMode: 'decimal' as const, autoComplete: 'off', allowClear: true };
