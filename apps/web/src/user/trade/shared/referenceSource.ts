import { PRICE_SOURCE_LABELS } from '@platform/contracts';

/**
 * What a recorded reference price names as its source: the index of the venues (issue 30), or, for
 * prices recorded before it, the one provider of the time.
 */
const REFERENCE_SOURCE_NAMES: Record<string, string> = {
  index: '指数价格',
  sim: '模拟行情',
  htx: '火币 HTX',
  okx: 'OKX',
};

/** The readable name of a reference price's source; undefined for a source this app does not know. */
export function referenceSourceName(source: string): string | undefined {
  const key = source.toLowerCase();
  return REFERENCE_SOURCE_NAMES[key] ?? PRICE_SOURCE_LABELS[key];
}
