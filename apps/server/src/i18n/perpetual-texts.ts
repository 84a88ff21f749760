import { contractMessageIn, type Language } from '@platform/contracts';
import { type Catalogue, catalogues, t } from './i18n.ts';
import { storedTexts } from './stored-texts.ts';

/**
 * A perpetual limit order's stored cancel reason (stored-texts.ts): written in zh-CN (the user's
 * cancel, the contracts' refusals, the open-interest caps, 触发时无法开仓：<reason>), read in the
 * reader's language; a text of no known wording is shown as stored.
 */
const inBoth = (pick: (catalogue: Catalogue) => string) => ({
  'zh-CN': pick(catalogues['zh-CN']),
  en: pick(catalogues.en),
});

/** 多头 / 空头 inside a side cap's text, in the reader's words. */
function sideIn(language: Language, value: string): string {
  for (const side of ['long', 'short'] as const)
    if (value === t('zh-CN', `userFacing.perpetual.${side}`))
      return t(language, `userFacing.perpetual.${side}`);
  return value;
}

const caps = storedTexts(
  {
    userCap: inBoth((c) => c.userFacing.perpetual.userCap),
    sideCap: inBoth((c) => c.userFacing.perpetual.sideCap),
  },
  (language, _kind, name, value) => (name === 'side' ? sideIn(language, value) : value),
);

/** A refusal inside a stored reason: the contracts' texts (their shapes too), else a cap's. */
const refusalIn = (language: Language, text: string): string =>
  contractMessageIn(language, text) ?? caps.readIn(language, text) ?? text;

const triggered = storedTexts(
  { cannotOpen: inBoth((c) => c.userFacing.perpetual.cannotOpen) },
  (language, _kind, _name, value) => refusalIn(language, value),
);

/** The reason to store when a limit order cannot open at its trigger: zh-CN. */
export const cannotOpenAtTrigger = (reason: string): string => triggered.write('cannotOpen', { reason });

/** A limit order's stored cancel reason in `language` (as stored when it is zh-CN or null). */
export function limitCancelReasonIn(language: Language, stored: string | null): string | null {
  if (stored === null || language === 'zh-CN') return stored;
  const read = triggered.readIn(language, stored);
  return read !== stored ? read : refusalIn(language, stored);
}
