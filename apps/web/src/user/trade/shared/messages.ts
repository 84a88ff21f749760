import {
  AMOUNT_FIELD_INTEGER_DIGITS,
  type AmountFieldResult,
  type AmountFieldRule,
  parseAmountField,
} from '@platform/domain';
import { contractText, currentLanguage, i18n } from '../../../i18n/index.ts';

type Refused = Extract<AmountFieldResult, { ok: false }>;

/** A money field's name (user catalogue): what its refusal names. */
export type AmountLabelKey =
  | `trade.fieldLabel.${'stake' | 'price' | 'amount' | 'margin' | 'addedMargin' | 'takeProfit' | 'stopLoss'}`
  | `wallet.amountLabel.${'deposit' | 'withdraw'}`;

/**
 * A money field's refusal (packages/domain parseAmountField) in the language shown: in zh-CN the
 * domain's own words, the server's; otherwise said by its kind, naming the field by its label key, a
 * rule's own wording for too many decimals (the pair's precision: SPOT_TEXTS) through the contracts'
 * catalogue.
 */
export function amountFieldText(
  refused: Refused,
  labelKey: AmountLabelKey,
  rule: Pick<AmountFieldRule, 'places' | 'maxIntegerDigits' | 'placesText'>,
): string {
  if (currentLanguage() === 'zh-CN') return refused.message;
  if (refused.problem === 'places' && rule.placesText) return contractText(refused.message);
  const kind =
    refused.problem === 'too_large'
      ? 'tooLarge'
      : refused.problem === 'places' && rule.places === 0
        ? 'integer'
        : refused.problem;
  return i18n.t(`user:trade.amountProblem.${kind}`, {
    label: i18n.t(`user:${labelKey}`),
    count: kind === 'tooLarge' ? (rule.maxIntegerDigits ?? AMOUNT_FIELD_INTEGER_DIGITS) : rule.places,
    places: rule.places,
    digits: rule.maxIntegerDigits ?? AMOUNT_FIELD_INTEGER_DIGITS,
  });
}

/**
 * parseAmountField for the field of `labelKey` (its label the catalogue's: in zh-CN the domain's
 * Chinese name of the field), a refusal's message in the language shown (amountFieldText).
 */
export function readAmountField(
  typed: string | null | undefined,
  labelKey: AmountLabelKey,
  rule: Omit<AmountFieldRule, 'label'>,
): AmountFieldResult {
  const parsed = parseAmountField(typed, { ...rule, label: i18n.t(`user:${labelKey}`) });
  return parsed.ok ? parsed : { ...parsed, message: amountFieldText(parsed, labelKey, rule) };
}
