import { z } from 'zod';
import { decimalTextError } from './zod-messages.ts';

/** What an amount schema accepts and what it answers (the schemas of every amount typed into a form or a body). */
export interface AmountRules {
  /** The field's name in the messages: 金额, 保证金, 委托价格… */
  label: string;
  /** Most digits before the point. */
  integer: number;
  /** Most digits after the point. */
  scale: number;
  /**
   * `positive` (default): no sign, greater than 0. `nonzero`: an optional sign, not 0 (a leading + is
   * dropped): a signed adjustment.
   */
  min?: 'positive' | 'nonzero';
  /** When the value is missing or not a string: default decimalTextError(`请输入${label}`, label). */
  required?: string | ((issue: { input?: unknown }) => string);
  /** When '' is given (after trimming); default: the format message. */
  empty?: string;
  /** When the text is no decimal of that shape; default `${label}格式不正确`. */
  format?: string;
  /** When it is 0; default `${label}必须大于0` (positive) or `${label}不能为0` (nonzero). */
  zero?: string;
  /** Leading and trailing blanks are dropped first (default true). */
  trim?: boolean;
}

/**
 * One amount schema: a decimal string (never a JSON number, which loses digits), at most `integer`
 * digits before the point and `scale` after it, positive or (signed) non-zero. The currency's own
 * precision and limits are the server's check.
 */
export function amount(rules: AmountRules) {
  const { label, integer, scale, min = 'positive', trim = true } = rules;
  const sign = min === 'nonzero' ? '[+-]?' : '';
  const shape = new RegExp(`^${sign}\\d{1,${integer}}(\\.\\d{1,${scale}})?$`);
  const format = rules.format ?? `${label}格式不正确`;
  const zero = rules.zero ?? (min === 'nonzero' ? `${label}不能为0` : `${label}必须大于0`);
  const text = z.string({
    error: rules.required ?? decimalTextError(`请输入${label}`, label),
  });
  const trimmed = trim ? text.trim() : text;
  const given = rules.empty === undefined ? trimmed : trimmed.min(1, rules.empty);
  return given.regex(shape, format).refine((v) => /[1-9]/.test(v), zero);
}
