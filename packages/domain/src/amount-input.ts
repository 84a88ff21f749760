import { Decimal } from './money.ts';

/**
 * The one rule for a number a user types into a money field (price, quantity, stake, margin,
 * withdrawal and deposit amounts; issue 20: "-5" typed as a price became 5 and a limit buy was
 * placed). What is typed is taken as it is or refused with a message, never turned into something
 * else: a plain positive decimal (digits, at most one point with digits on both sides) within the
 * field's places. The server checks the same again.
 */

export interface AmountFieldRule {
  /** What the field holds, as the messages start: 价格, 数量, 投注金额, 保证金, 提现金额. */
  label: string;
  /** Decimal places the field takes: the pair's price or amount precision, the currency's. */
  places: number;
  /** Integer digits the field takes (the contracts allow 12). */
  maxIntegerDigits?: number;
  /** The server's words for too many decimals, where they differ from `${label}最多保留 N 位小数`. */
  placesText?: (places: number) => string;
}

/** Why a typed value is refused. */
export type AmountFieldProblem = 'empty' | 'format' | 'negative' | 'zero' | 'too_large' | 'places';

export type AmountFieldResult =
  | { ok: true; value: Decimal; text: string }
  | {
      ok: false;
      problem: AmountFieldProblem;
      message: string;
      /**
       * More typing may still make it right ('', '0', '0.0', '12.'): a form shows the message on
       * submit, not while the user is half-way through a number.
       */
      unfinished: boolean;
    };

export const AMOUNT_FIELD_INTEGER_DIGITS = 12;

const PLAIN = /^(\d+)(?:\.(\d+))?$/;
const UNFINISHED = /^(\d+\.|0*(\.0*)?)$/;

function refuse(problem: AmountFieldProblem, message: string, text: string): AmountFieldResult {
  return { ok: false, problem, message, unfinished: UNFINISHED.test(text) };
}

/** Reads what the user typed into a money field under `rule`; see the module comment. */
export function parseAmountField(typed: string | null | undefined, rule: AmountFieldRule): AmountFieldResult {
  const { label, places } = rule;
  const text = (typed ?? '').trim();
  if (text === '') return refuse('empty', `请输入${label}`, text);
  const match = PLAIN.exec(text);
  if (!match) {
    // Any minus sign: the user means a negative number, which no money field takes.
    return /^[-−－]/.test(text)
      ? refuse('negative', `${label}不能为负数`, text)
      : refuse('format', `${label}格式不正确，请输入数字（如 12.5）`, text);
  }
  // Counted as typed, leading zeros too, as the contracts' patterns count them.
  const integer = match[1] ?? '';
  const fraction = match[2] ?? '';
  const maxIntegerDigits = rule.maxIntegerDigits ?? AMOUNT_FIELD_INTEGER_DIGITS;
  if (integer.length > maxIntegerDigits) {
    return refuse('too_large', `${label}最多 ${maxIntegerDigits} 位整数`, text);
  }
  if (fraction.length > places) {
    const message =
      rule.placesText?.(places) ??
      (places === 0 ? `${label}必须是整数` : `${label}最多保留 ${places} 位小数`);
    return refuse('places', message, text);
  }
  const value = new Decimal(text);
  if (!value.gt(0)) return refuse('zero', `${label}必须大于0`, text);
  return { ok: true, value, text };
}

/** The message of a refused value, or null when it is taken. */
export function amountFieldProblem(typed: string | null | undefined, rule: AmountFieldRule): string | null {
  const parsed = parseAmountField(typed, rule);
  return parsed.ok ? null : parsed.message;
}
