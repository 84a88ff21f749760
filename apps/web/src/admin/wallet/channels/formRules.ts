import { compareDecimalStrings } from '@platform/contracts';
import type { FormInstance, FormRule } from 'antd';

/** Form pieces shared by the two channel forms (spec 001 §5). */

/** A blank form value ('', null, undefined) as undefined, anything else as its trimmed text. */
export function formText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** Amounts are whole numbers, at least 0; blank is left to the required rule. `message`: the refusal. */
export const integerAmountRule = (message: string): FormRule => ({
  validator: (_, value: unknown) => {
    const text = formText(value);
    return text === undefined || /^\d{1,15}$/.test(text)
      ? Promise.resolve()
      : Promise.reject(new Error(message));
  },
});

/** The maximum may not be below the minimum (blank values are checked elsewhere); `message`: the refusal. */
export const maxNotBelowMinRule =
  (minField: string, message: string, fallbackMin?: string) =>
  (form: Pick<FormInstance, 'getFieldValue'>) => ({
    validator: (_: unknown, value: unknown) => {
      const max = formText(value);
      const min = formText(form.getFieldValue(minField)) ?? fallbackMin;
      if (!max || !min || !/^\d+$/.test(max) || !/^\d+$/.test(min)) return Promise.resolve();
      return compareDecimalStrings(max, min) < 0 ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
