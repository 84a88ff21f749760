import { PRICE_SOURCE_LABELS, priceSourceLabel } from '@platform/contracts';
import { i18n } from '../../../i18n/index.ts';

/** The index's venues whose names are words (the others are brand names, the same in every language). */
const WORDED_VENUES = ['sim-a', 'sim-b', 'sim-c'] as const;

/** A venue of the index by its name in the language shown. */
export function venueName(source: string): string {
  const worded = WORDED_VENUES.find((v) => v === source);
  return worded ? i18n.t(`user:trade.venue.${worded}`) : priceSourceLabel(source);
}

/**
 * What a recorded reference price names as its source: the index of the venues (issue 30), or, for
 * prices recorded before it, the one provider of the time.
 */
const REFERENCE_SOURCES = ['index', 'sim', 'htx'] as const;

/** The readable name of a reference price's source; undefined for a source this app does not know. */
export function referenceSourceName(source: string): string | undefined {
  const key = source.toLowerCase();
  const known = REFERENCE_SOURCES.find((s) => s === key);
  if (known) return i18n.t(`user:trade.referenceSource.${known}`);
  return PRICE_SOURCE_LABELS[key] === undefined ? undefined : venueName(key);
}
