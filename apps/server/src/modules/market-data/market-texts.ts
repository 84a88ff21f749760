import { KLINE_INTERVALS, type Language, type MarketFeedStatus, SYMBOL_PATTERN } from '@platform/contracts';
import { catalogues, type Message, msg, t } from '../../i18n/i18n.ts';
import { marketLogReader } from '../../i18n/market-logs.ts';
import type { marketDataZh } from '../../i18n/sections/market-data.zh-CN.ts';
import { storedTexts, type Templates } from '../../i18n/stored-texts.ts';

/**
 * Market data's own wording of a failure (a venue's, the index's, a backfill job's) is written in
 * zh-CN, from the catalogues' `marketData` section, and kept that way where it is kept: the market
 * log, a job's row, the feed's and the index's last error. Whoever reads it gets it in their
 * language (issue 38, docs/i18n.md): the stored Chinese is recognised by its template's shape
 * (i18n/stored-texts.ts) and written again in English, nested texts too (a venue's failure inside a
 * job's, a field inside a reason). A venue's own error text is data and stays as the venue wrote it.
 */

type Section = keyof typeof marketDataZh;
/**
 * Not read by shape: the structural texts (a list, one source of a list) never stand alone, and a
 * job's failed series (`{{symbol}} {{interval}}：{{message}}`, which any text with a colon would
 * match) is read by seriesIn, which checks its symbol and interval.
 */
const NOT_STORED = new Set(['venue.sourceReason', 'venue.reasonList', 'job.listItem', 'job.seriesFailed']);
/** Read first to last: the longer and more specific wording first (the catalogue's order). */
const SECTIONS: Section[] = ['venue', 'reason', 'field', 'job'];

function templates(): Templates<string> {
  const result: Templates<string> = {};
  for (const section of SECTIONS) {
    const zh = catalogues['zh-CN'].marketData[section] as Record<string, string>;
    const en = catalogues.en.marketData[section] as Record<string, string>;
    for (const key of Object.keys(zh)) {
      const id = `${section}.${key}`;
      if (!NOT_STORED.has(id)) result[id] = { 'zh-CN': zh[key] as string, en: en[key] as string };
    }
  }
  return result;
}

/** What marketData.venue.reasonList puts between two items in zh-CN. */
const REASON_SEPARATOR = t('zh-CN', 'marketData.venue.reasonList', { list: '', item: '' });

/** The values that are texts of their own; the rest (names, symbols, codes, numbers) are data. */
const NESTED = new Set(['message', 'reason', 'field', 'side', 'body']);

const texts = storedTexts(templates(), (language, _kind, name, value) => {
  if (NESTED.has(name)) return marketTextIn(language, value);
  if (name !== 'reasons') return value;
  // One `source: message` per source that failed (index-provider.ts).
  return value
    .split(REASON_SEPARATOR)
    .map((part) => {
      const at = part.indexOf(': ');
      if (at < 0) return part;
      return t(language, 'marketData.venue.sourceReason', {
        source: part.slice(0, at),
        message: marketTextIn(language, part.slice(at + 2)),
      });
    })
    .reduce((list, item) => t(language, 'marketData.venue.reasonList', { list, item }));
});

/** What marketData.job.seriesFailed puts between the series and its failure in zh-CN. */
const SERIES_SEPARATOR = t('zh-CN', 'marketData.job.seriesFailed', {
  symbol: '',
  interval: '',
  message: '',
}).trim();

/** A backfill's failed series (market-jobs.ts), or null when `text` is not one. */
function seriesIn(language: Language, text: string): string | null {
  const at = text.indexOf(SERIES_SEPARATOR);
  if (at < 0) return null;
  const [symbol = '', interval = '', ...more] = text.slice(0, at).split(' ');
  if (
    more.length > 0 ||
    !SYMBOL_PATTERN.test(symbol) ||
    !(KLINE_INTERVALS as readonly string[]).includes(interval)
  )
    return null;
  const message = marketTextIn(language, text.slice(at + SERIES_SEPARATOR.length));
  return t(language, 'marketData.job.seriesFailed', { symbol, interval, message });
}

/** A market-data text written in zh-CN (a venue's failure, a job's error), in `language`. */
export function marketTextIn(language: Language, text: string): string {
  if (language === 'zh-CN') return text;
  return seriesIn(language, text) ?? texts.readIn(language, text) ?? text;
}

const logLines = marketLogReader(marketTextIn);

/**
 * A stored market-log line in `language`, its `{{message}}` (a failure) as well; a line that is a
 * failure alone (feed.control_failed writes the error's message) is read as one.
 */
export function marketLogLineIn(language: Language, line: string): string {
  const read = logLines(language, line);
  return read === line ? marketTextIn(language, line) : read;
}

/** The feed's state for an admin: its last error in their language. */
export function feedStatusIn(language: Language, status: MarketFeedStatus): MarketFeedStatus {
  const { lastError } = status;
  return lastError
    ? { ...status, lastError: { ...lastError, message: marketTextIn(language, lastError.message) } }
    : status;
}

type ListKey = 'marketData.job.listItem' | 'marketData.venue.reasonList';
/**
 * Items as one message parameter, joined by `key` (`{{list}}、{{item}}`): each language's separator
 * (`a、b` in zh-CN, `a, b` in English).
 */
export function chain(items: readonly (Message | string)[], key: ListKey): Message | string {
  const [first = '', ...rest] = items;
  return rest.reduce<Message | string>((list, item) => msg(key, { list, item }), first);
}
