import { PRICE_INDEX_TEXTS } from '@platform/contracts';

/**
 * Market data's texts that admins read in 行情数据 and 价格源 and users hear on the socket (issue 38,
 * docs/i18n.md): a venue's failure (providers), the index's, a backfill job's, the price-source
 * alerts and the market socket's acks. Wired in as `marketData` (zh-CN.ts); the Chinese is the
 * wording the server always wrote, unchanged, so texts stored before are read back the same way
 * (market-data/market-texts.ts); en.ts's twin is sections/market-data.en.ts.
 *
 * Order matters: a stored text is read back by the first shape it fits, and a shape that starts with
 * a parameter (`{{name}} 请求超时（{{ms}} ms）`) fits the end of a longer text too. So each section
 * lists the texts that start with fixed wording first, then those that start with a name, and a
 * general one (`{{field}}缺失`, `{{ms}} ms 内未应答`) after the specific ones it would also fit.
 */
export const marketDataZh = {
  /** A venue's failure (providers/ccxt-provider.ts classifyError, the index, the simulator). */
  venue: {
    unknownError: '未知错误',
    unknownPair: '未知交易对：{{symbol}}',
    noSource: '没有可用的行情源',
    noIndexBecause: '没有指数价格（计入的价格源不足 {{min}} 个）：{{reasons}}',
    noIndex: '没有指数价格（计入的价格源不足 {{min}} 个）',
    noPairBecause: '{{name}} 没有交易对 {{symbol}}（{{message}}）',
    noPairAnyBecause: '{{name}} 没有交易对（{{message}}）',
    noPair: '{{name}} 没有交易对 {{symbol}}',
    noPairAny: '{{name}} 没有交易对',
    exchangeError: '{{name}} 返回错误：{{message}}（{{code}}）',
    rateLimited: '{{name}} 请求过于频繁，已被限流（HTTP 429）',
    unavailable: '{{name}} 服务暂不可用（HTTP {{status}}）',
    httpFailed: '{{name}} 请求失败（HTTP {{status}}）',
    badResponse: '{{name}} 返回的数据格式不正确：{{reason}}',
    timeout: '{{name}} 请求超时（{{ms}} ms）',
    unreachable: '{{name}} 无法连接：{{cause}}',
    noIndexForPair: '{{symbol}} 暂无指数价格，没有可用的行情源',
    notAnswered: '{{ms}} ms 内未应答',
    /** One source's failure in noIndexBecause's list, and the list. */
    sourceReason: '{{source}}: {{message}}',
    reasonList: '{{list}}；{{item}}',
  },
  /** Why a venue's answer was not usable: venue.badResponse's `reason`. */
  reason: {
    tradeNoId: '成交记录缺少编号',
    tradeSide: '成交 {{id}} 方向不正确（{{value}}）',
    tradeNoTime: '成交 {{id}} 时间缺失',
    serverTime: '服务器时间不正确（{{value}}）',
    klineTime: 'K线时间不正确（{{value}}）',
    notJson: '不是有效的 JSON（{{body}}）',
    noData: '缺少 data 字段（{{body}}）',
    fundingRate: '资金费率不是数字（{{value}}）',
    noPrecision: '{{market}} 缺少价格或数量精度',
    levelMalformed: '{{side}} 档位格式不正确',
    sideMissing: '{{side}} 缺失',
    fieldMissing: '{{field}}缺失',
    notNumber: '{{field}}不是数字（{{value}}）',
  },
  /** The fields a reason names. */
  field: {
    tradePrice: '成交 {{id}} 价格',
    tradeAmount: '成交 {{id}} 数量',
    klineOpen: 'K线开盘价',
    klineHigh: 'K线最高价',
    klineLow: 'K线最低价',
    klineClose: 'K线收盘价',
    klineVolume: 'K线成交量',
    klineQuoteVolume: 'K线成交额',
    bids: '买盘',
    asks: '卖盘',
    /** An empty answer's body. */
    empty: '空',
    last: '{{symbol}} 最新价',
    open24h: '{{symbol}} 24小时开盘价',
    high24h: '{{symbol}} 24小时最高价',
    low24h: '{{symbol}} 24小时最低价',
    volume24h: '{{symbol}} 24小时成交量',
    quoteVolume24h: '{{symbol}} 24小时成交额',
    levelPrice: '{{side}} 价格',
    levelAmount: '{{side}} 数量',
  },
  /** A backfill job's refusals and stored errors (market-jobs.ts, jobs.repository.ts). */
  job: {
    busy: '已有历史数据任务在进行中，请等待其完成',
    unknownPairs: '交易对不存在：{{symbols}}',
    /** A list's separator (交易对不存在's symbols). */
    listItem: '{{list}}、{{item}}',
    noPairs: '没有可初始化的交易对',
    interrupted: '任务中断（进程已退出），请重新执行',
    shutdown: '服务关闭，任务中断，请重新执行',
    seriesFailed: '{{symbol}} {{interval}}：{{message}}',
  },
  /** 价格源's alerts (price-sources.ts). */
  alerts: {
    noIndex: `{{symbol}} ${PRICE_INDEX_TEXTS.noIndex}：计入的价格源不足 {{min}} 个，新合约暂停开仓`,
    sourceExcluded: '{{symbol}} 价格源 {{source}} 已被剔除超过 {{minutes}} 分钟（{{status}}）',
  },
  /** The market socket's acks (market-subscriptions.ts). */
  subscriptions: {
    tooMany: '订阅数量已达上限（{{max}}）',
    subscribed: '订阅成功',
    failed: '订阅失败，请稍后再试',
    invalid: '参数错误',
    unsubscribed: '已取消订阅',
  },
} as const;
