import { PERPETUAL_TEXTS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { msg, render } from './i18n.ts';
import { cannotOpenAtTrigger, limitCancelReasonIn } from './perpetual-texts.ts';

describe('a perpetual limit order’s stored cancel reason, read in the reader’s language', () => {
  const sideCap = render(
    'zh-CN',
    msg('userFacing.perpetual.sideCap', { side: msg('userFacing.perpetual.short'), cap: '1200', room: '0' }),
  );

  it('is stored in zh-CN as before', () => {
    expect(cannotOpenAtTrigger(sideCap)).toBe(
      '触发时无法开仓：超过该交易对空头方向持仓上限 1200 USDT，剩余可开 0 USDT',
    );
    expect(limitCancelReasonIn('zh-CN', cannotOpenAtTrigger(sideCap))).toBe(cannotOpenAtTrigger(sideCap));
  });

  it('reads the trigger’s refusal, a cap (its side too), the user’s cancel and an unknown text in English', () => {
    expect(limitCancelReasonIn('en', cannotOpenAtTrigger(sideCap))).toBe(
      "Could not open when triggered: Exceeds this pair's short position limit of 1200 USDT; 0 USDT left to open",
    );
    expect(limitCancelReasonIn('en', cannotOpenAtTrigger(PERPETUAL_TEXTS.tooManyPositions(3)))).toBe(
      'Could not open when triggered: Too many open positions (at most 3)',
    );
    expect(limitCancelReasonIn('en', PERPETUAL_TEXTS.limitCancelledByUser)).not.toMatch(/[\u4e00-\u9fff]/);
    expect(limitCancelReasonIn('en', '旧的原因')).toBe('旧的原因');
    expect(limitCancelReasonIn('en', null)).toBeNull();
  });
});
