import {
  CONTRACT_MESSAGES,
  type Language,
  PRICE_SOURCE_LABELS,
  PRICE_SOURCE_STATUS_LABELS,
  type PriceSourceStatus,
} from '@platform/contracts';
import { storedTexts, type Templates, type Values } from './stored-texts.ts';

/**
 * The market-data service's log lines (行情数据's 日志): stored once in zh-CN, shown in the admin's
 * language (stored-texts.ts). A venue's own error text is data and stays as the venue wrote it.
 */
const LOGS = {
  connectionOk: {
    'zh-CN': '连接测试成功（{{provider}}，{{latency}} ms）',
    en: 'Connection test passed ({{provider}}, {{latency}} ms)',
  },
  connectionFailed: { 'zh-CN': '连接测试失败：{{message}}', en: 'Connection test failed: {{message}}' },
  pollFailed: { 'zh-CN': '行情获取失败：{{message}}', en: 'Could not fetch market data: {{message}}' },
  persistFailed: {
    'zh-CN': 'K线保存失败：{{symbol}} {{interval}}：{{message}}',
    en: 'Could not save klines: {{symbol}} {{interval}}: {{message}}',
  },
  writeBackFailed: { 'zh-CN': '价格回写失败：{{message}}', en: 'Could not write prices back: {{message}}' },
  wantedFailed: {
    'zh-CN': '订阅数据获取失败：{{room}}：{{message}}',
    en: 'Could not fetch subscribed data: {{room}}: {{message}}',
  },
  started: {
    'zh-CN': '行情服务已启动（{{provider}}，{{count}} 个交易对）',
    en: 'Market data service started ({{provider}}, {{count}} pairs)',
  },
  stoppedByAdmin: { 'zh-CN': '行情服务已停止：管理员已停止', en: 'Market data service stopped by an admin' },
  stoppedForOther: {
    'zh-CN': '行情服务已停止：其他实例负责行情',
    en: 'Market data service stopped here: another instance runs it',
  },
  stoppedForRestart: { 'zh-CN': '行情服务已停止：重启', en: 'Market data service stopped to restart' },
  stoppedForShutdown: {
    'zh-CN': '行情服务已停止：服务关闭',
    en: 'Market data service stopped: the server is shutting down',
  },
  leader: { 'zh-CN': '本实例成为行情主节点', en: 'This instance became the market data leader' },
  follower: { 'zh-CN': '本实例不再是行情主节点', en: 'This instance is no longer the market data leader' },
  jobStarted: {
    'zh-CN': '历史数据任务 #{{id}} 开始：{{pairs}} 个交易对 × {{intervals}} 个周期，每个 {{limit}} 根',
    en: 'Backfill job #{{id}} started: {{pairs}} pairs × {{intervals}} intervals, {{limit}} klines each',
  },
  jobCompleted: {
    'zh-CN': '历史数据任务 #{{id}} 完成：写入 {{written}} 根K线',
    en: 'Backfill job #{{id}} done: {{written}} klines written',
  },
  jobFailed: {
    'zh-CN': '历史数据任务 #{{id}} 失败：{{message}}',
    en: 'Backfill job #{{id}} failed: {{message}}',
  },
  pairsSynced: {
    'zh-CN': '交易对同步完成：新增 {{added}}，更新 {{updated}}',
    en: 'Trading pairs synced: {{added}} added, {{updated}} updated',
  },
  pairsSyncFailed: {
    'zh-CN': '交易对同步失败：{{message}}',
    en: 'Could not sync trading pairs: {{message}}',
  },
  klinesReadFailed: {
    'zh-CN': 'K线补取失败：{{symbol}} {{interval}}：{{message}}',
    en: 'Could not fetch missing klines: {{symbol}} {{interval}}: {{message}}',
  },
  sourceStatus: {
    'zh-CN': '{{symbol}} 价格源 {{source}}：{{status}}',
    en: '{{symbol}} price source {{source}}: {{status}}',
  },
} as const satisfies Templates<string>;

export type MarketLogKind = keyof typeof LOGS;

const SOURCE_STATUS_EN: Record<PriceSourceStatus, string> = {
  included: 'included',
  outlier: 'left out: too far from the others',
  stale: 'left out: data too old',
  error: 'left out: could not be fetched',
};
/** The venues' English names: the contracts' catalogue's, which the web shows too. */
const SOURCE_NAMES_EN: Readonly<Record<string, string>> = CONTRACT_MESSAGES.en.priceSources;

/** A price source's name and status are labels: said in the reader's language. */
function valueIn(language: Language, kind: MarketLogKind, name: string, value: string): string {
  if (kind !== 'sourceStatus' || language === 'zh-CN') return value;
  if (name === 'status') {
    const status = (Object.keys(PRICE_SOURCE_STATUS_LABELS) as PriceSourceStatus[]).find(
      (s) => PRICE_SOURCE_STATUS_LABELS[s] === value,
    );
    return status ? SOURCE_STATUS_EN[status] : value;
  }
  if (name === 'source') {
    const id = Object.keys(PRICE_SOURCE_LABELS).find((s) => PRICE_SOURCE_LABELS[s] === value);
    return (id && SOURCE_NAMES_EN[id]) ?? value;
  }
  return value;
}

const logs = storedTexts(LOGS, valueIn);

/** A price source's status in `language` (the contracts' label in zh-CN). */
export const sourceStatusIn = (language: Language, status: PriceSourceStatus): string =>
  language === 'zh-CN' ? PRICE_SOURCE_STATUS_LABELS[status] : SOURCE_STATUS_EN[status];

/** A price source's name in `language` (the contracts' label in zh-CN; a real venue's own name). */
export const sourceNameIn = (language: Language, source: string): string =>
  (language === 'zh-CN' ? undefined : SOURCE_NAMES_EN[source]) ?? PRICE_SOURCE_LABELS[source] ?? source;

/**
 * A reader of stored lines whose `{{message}}` (a failure the module worded itself, stored in zh-CN
 * as well) is read in the reader's language by `readMessage` (market-data/market-texts.ts).
 */
export function marketLogReader(readMessage: (language: Language, text: string) => string) {
  const reader = storedTexts(LOGS, (language, kind, name, value) =>
    name === 'message' ? readMessage(language, value) : valueIn(language, kind, name, value),
  );
  return (language: Language, message: string): string => reader.readIn(language, message) ?? message;
}

/** The line to store for `kind`: always zh-CN. */
export const marketLogText = (kind: MarketLogKind, values?: Values): string => logs.write(kind, values);

/** A stored line in `language`. */
export const marketLogIn = (language: Language, message: string): string =>
  logs.readIn(language, message) ?? message;
