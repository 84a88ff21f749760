import { describe, expect, it } from 'vitest';
import { marketLogIn, marketLogText } from './market-logs.ts';
import { porGeneratingReason, porReasonIn } from './por-texts.ts';

describe('stored texts: written in zh-CN, read in the reader’s language', () => {
  it('market-data log lines, a price source’s name and status said as labels', () => {
    const started = marketLogText('started', { provider: 'okx', count: 20 });
    expect(started).toBe('行情服务已启动（okx，20 个交易对）');
    expect(marketLogIn('en', started)).toBe('Market data service started (okx, 20 pairs)');
    expect(marketLogIn('zh-CN', started)).toBe(started);
    expect(marketLogIn('en', marketLogText('leader'))).toBe('This instance became the market data leader');
    expect(marketLogIn('en', marketLogText('stoppedByAdmin'))).toBe(
      'Market data service stopped by an admin',
    );
    const status = marketLogText('sourceStatus', {
      symbol: 'BTCUSDT',
      source: '模拟交易所 A',
      status: '剔除：偏离过大',
    });
    expect(marketLogIn('en', status)).toBe(
      'BTCUSDT price source Simulated exchange A: left out: too far from the others',
    );
    // A venue's own error is data.
    expect(marketLogIn('en', marketLogText('pollFailed', { message: 'ETIMEDOUT' }))).toBe(
      'Could not fetch market data: ETIMEDOUT',
    );
    expect(marketLogIn('en', '旧的日志')).toBe('旧的日志');
  });

  it('a proof-of-liabilities snapshot’s placeholder reason', () => {
    expect(porGeneratingReason()).toBe('生成中');
    expect(porReasonIn('en', porGeneratingReason())).toBe('Being generated');
    expect(porReasonIn('en', '根节点合计与账本用户负债不符')).toBe('根节点合计与账本用户负债不符');
    expect(porReasonIn('en', null)).toBeNull();
  });
});
