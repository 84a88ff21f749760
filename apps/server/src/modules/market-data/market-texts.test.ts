import type { MarketFeedStatus } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { msg, render, t } from '../../i18n/i18n.ts';
import { marketLogText } from '../../i18n/market-logs.ts';
import { chain, feedStatusIn, marketLogLineIn, marketTextIn } from './market-texts.ts';

const HAN = /[\u4e00-\u9fff]/;
const timeout = render('zh-CN', msg('marketData.venue.timeout', { name: 'HTX', ms: 5000 }));
const series = t('zh-CN', 'marketData.job.seriesFailed', {
  symbol: 'BTCUSDT',
  interval: '1h',
  message: timeout,
});

describe('market data’s stored texts, read in the reader’s language (issue 38)', () => {
  it('a backfill job’s errors: the Chinese as always, in English with the venue’s failure inside', () => {
    expect(series).toBe('BTCUSDT 1h：HTX 请求超时（5000 ms）');
    expect(marketTextIn('en', series)).toBe('BTCUSDT 1h: HTX request timed out (5000 ms)');
    expect(marketTextIn('zh-CN', series)).toBe(series);
    const interrupted = t('zh-CN', 'marketData.job.interrupted');
    expect(interrupted).toBe('任务中断（进程已退出），请重新执行');
    expect(marketTextIn('en', interrupted)).toBe('Job interrupted (the process exited); run it again');
    const shutdown = t('zh-CN', 'marketData.job.shutdown');
    expect(shutdown).toBe('服务关闭，任务中断，请重新执行');
    expect(marketTextIn('en', shutdown)).toBe('Job interrupted: the server is shutting down; run it again');
    // A series that is not one (a venue's failure with a colon of its own) is read as what it is.
    const exchange = render(
      'zh-CN',
      msg('marketData.venue.exchangeError', { name: 'OKX', message: 'Rate limit', code: '50011' }),
    );
    expect(exchange).toBe('OKX 返回错误：Rate limit（50011）');
    expect(marketTextIn('en', exchange)).toBe('OKX returned an error: Rate limit (50011)');
  });

  it('the market log’s lines with a failure inside, in English; a venue’s own text and an unknown line as stored', () => {
    expect(marketLogLineIn('en', marketLogText('jobFailed', { id: 3, message: series }))).toBe(
      'Backfill job #3 failed: BTCUSDT 1h: HTX request timed out (5000 ms)',
    );
    const unreachable = render(
      'zh-CN',
      msg('marketData.venue.unreachable', { name: 'Binance', cause: 'ECONNREFUSED' }),
    );
    const line = marketLogText('pollFailed', { message: unreachable });
    expect(line).toBe('行情获取失败：Binance 无法连接：ECONNREFUSED');
    expect(marketLogLineIn('en', line)).toBe(
      'Could not fetch market data: Cannot connect to Binance: ECONNREFUSED',
    );
    expect(marketLogLineIn('zh-CN', line)).toBe(line);
    expect(marketLogLineIn('en', marketLogText('pollFailed', { message: 'socket hang up' }))).toBe(
      'Could not fetch market data: socket hang up',
    );
    expect(marketLogLineIn('en', unreachable)).toBe('Cannot connect to Binance: ECONNREFUSED');
    expect(marketLogLineIn('en', '旧的日志')).toBe('旧的日志');
    expect(marketTextIn('en', '交易所自己的错误')).toBe('交易所自己的错误');
  });

  it('a bad answer’s reason and field, nested, in English', () => {
    const reason = msg('marketData.reason.fieldMissing', {
      field: msg('marketData.field.levelPrice', { side: msg('marketData.field.bids') }),
    });
    const text = render('zh-CN', msg('marketData.venue.badResponse', { name: 'HTX', reason }));
    expect(text).toBe('HTX 返回的数据格式不正确：买盘 价格缺失');
    const english = 'HTX returned data in an unexpected format: Bids price missing';
    expect(render('en', msg('marketData.venue.badResponse', { name: 'HTX', reason }))).toBe(english);
    expect(marketTextIn('en', text)).toBe(english);
    const empty = render('zh-CN', msg('marketData.reason.notJson', { body: msg('marketData.field.empty') }));
    expect(empty).toBe('不是有效的 JSON（空）');
    expect(marketTextIn('en', empty)).toBe('Not valid JSON (empty)');
  });

  it('a list as one parameter, with each language’s separator', () => {
    const refusal = msg('marketData.job.unknownPairs', {
      symbols: chain(['AUSDT', 'BUSDT', 'CUSDT'], 'marketData.job.listItem'),
    });
    expect(render('zh-CN', refusal)).toBe('交易对不存在：AUSDT、BUSDT、CUSDT');
    expect(render('en', refusal)).toBe('Trading pairs not found: AUSDT, BUSDT, CUSDT');
    expect(
      render(
        'en',
        msg('marketData.job.unknownPairs', { symbols: chain(['AUSDT'], 'marketData.job.listItem') }),
      ),
    ).toBe('Trading pairs not found: AUSDT');
  });

  it('the feed’s last error for an admin', () => {
    const status = { state: 'running', lastError: { message: timeout, at: '2026-01-01T00:00:00.000Z' } };
    const english = feedStatusIn('en', status as MarketFeedStatus);
    expect(english.lastError?.message).toBe('HTX request timed out (5000 ms)');
    expect(JSON.stringify(english)).not.toMatch(HAN);
    expect(feedStatusIn('zh-CN', status as MarketFeedStatus)).toEqual(status);
  });
});
