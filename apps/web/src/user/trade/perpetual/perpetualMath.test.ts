import { DEFAULT_PERPETUAL_CONFIG, type PerpetualPosition } from '@platform/contracts';
import { Decimal, isLiquidatable } from '@platform/domain';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { makePosition } from '../../../test/perpetualFixtures.ts';
import {
  closeEstimate,
  countdownText,
  formatFundingRate,
  formatLiquidation,
  formatPrice,
  formatSigned,
  liveMark,
  marginShare,
  maxMargin,
  orderPreview,
  orderProblem,
  positionTerms,
} from './perpetualMath.ts';

const rates = DEFAULT_PERPETUAL_CONFIG; // fees 0.05%, maintenance 0.5%, margin 10 to 100000

/** The fixture marked at 50,100 ten seconds after opening: +2 USDT. */
const position = (overrides: Partial<PerpetualPosition> = {}) =>
  makePosition({
    mark_price: '50100',
    mark_at: '2026-01-01T00:00:10.000Z',
    unrealised_pnl: '2',
    roe_percent: '2',
    ...overrides,
  });

const ticker = (last_price: string, updated_at = '2026-01-01T00:00:20.000Z') => ({ last_price, updated_at });

describe('order preview', () => {
  it('shows the notional, quantity, fee, liquidation price and total the server will compute', () => {
    const p = orderPreview('long', '100', 10, '50000', rates);
    expect(p?.notional.toFixed()).toBe('1000');
    expect(p?.quantity.toFixed()).toBe('0.02');
    expect(p?.openFee.toFixed()).toBe('0.5');
    expect(p?.total.toFixed()).toBe('100.5');
    // entry × (1 − 1/10) / (1 − 0.005), floored to 18 places: the server's stored value.
    expect(p?.liquidationPrice?.toFixed()).toBe('45226.130653266331658291');
    const short = orderPreview('short', '100', 10, '50000', rates);
    // entry × (1 + 1/10) / (1 + 0.005), ceiled.
    expect(short?.liquidationPrice?.toFixed()).toBe('54726.368159203980099503');
  });

  it('the previewed liquidation price is where the position is liquidated', () => {
    for (const side of ['long', 'short'] as const) {
      const p = orderPreview(side, '37.5', 20, '3221.95', rates);
      if (!p?.liquidationPrice) throw new Error('no preview');
      const terms = { margin: new Decimal('37.5'), quantity: p.quantity, entry: p.entry };
      const mmr = new Decimal(rates.maintenance_margin_rate);
      expect(isLiquidatable(side, terms, p.liquidationPrice, mmr)).toBe(true);
      expect(isLiquidatable(side, terms, p.entry, mmr)).toBe(false);
    }
  });

  it('a long at 1x is never liquidated; no preview without a valid margin or a price', () => {
    expect(orderPreview('long', '100', 1, '50000', rates)?.liquidationPrice).toBeNull();
    expect(orderPreview('short', '100', 1, '50000', rates)?.liquidationPrice?.toFixed()).toBe(
      '99502.487562189054726369',
    );
    expect(orderPreview('long', '', 10, '50000', rates)).toBeNull();
    expect(orderPreview('long', '1.123456789', 10, '50000', rates)).toBeNull();
    expect(orderPreview('long', '100', 10, undefined, rates)).toBeNull();
  });

  it('rounds the fee up to 8 places, as charged', () => {
    expect(orderPreview('long', '10.00000001', 1, '1', rates)?.openFee.toFixed()).toBe('0.00500001');
  });
});

describe('order checks', () => {
  const check = (marginText: string, available?: string, leverage = 10) =>
    orderProblem({ marginText, leverage, rates, available, currency: 'USDT' });

  it('names what is wrong, in Chinese', () => {
    expect(check('')).toBe('请输入保证金');
    expect(check('abc')).toBe('保证金格式不正确，请输入数字（如 12.5）');
    // Refused, never read as 50 (issue 20).
    expect(check('-50')).toBe('保证金不能为负数');
    expect(check('10.123456789')).toBe('保证金最多保留 8 位小数');
    expect(check('0')).toBe('保证金必须大于0');
    expect(check('9.99')).toBe('保证金不能少于 10 USDT');
    expect(check('100000.01')).toBe('保证金不能超过 100000 USDT');
    expect(check('100', '100.49')).toBe('可用余额不足：需要 100.50 USDT（含手续费 0.50），可用 100.49');
    expect(check('100', '100.5')).toBeNull();
    expect(check('100')).toBeNull();
  });

  it('names what is wrong with the typed margin in English under en', () => {
    applyLanguage('en');
    expect(check('')).toBe('Enter the margin');
    expect(check('abc')).toBe('The margin is not a valid number (e.g. 12.5)');
    expect(check('-50')).toBe('The margin cannot be negative');
    expect(check('10.123456789')).toBe('The margin may have at most 8 decimal places');
    expect(check('0')).toBe('The margin must be greater than 0');
  });

  it('the largest margin leaves room for the fee, and shares of it are rounded down', () => {
    const max = maxMargin('100.5', 10, rates);
    expect(max).toBe('100');
    expect(check(max, '100.5')).toBeNull();
    expect(maxMargin('1000000', 10, rates)).toBe('100000');
    const odd = maxMargin('123.45678901', 20, rates);
    expect(check(odd, '123.45678901', 20)).toBeNull();
    // Offered in whole cents: the next cent does not fit.
    expect(odd).toBe('122.23');
    expect(check(new Decimal(odd).plus('0.01').toFixed(), '123.45678901', 20)).toMatch(/^可用余额不足/);
    expect(marginShare('100.5', 10, rates, 25)).toBe('25');
    expect(marginShare('0', 10, rates, 50)).toBe('0');
  });
});

describe('live marks', () => {
  it('marks at the live ticker when it is newer than the server mark', () => {
    const live = liveMark(position(), ticker('50500'));
    expect(live.mark?.toFixed()).toBe('50500');
    expect(live.pnl?.toFixed()).toBe('10');
    expect(live.roe?.toFixed()).toBe('10');
    expect(live.liquidating).toBe(false);
  });

  it('keeps the server mark when the ticker is older or missing', () => {
    expect(liveMark(position(), ticker('1', '2026-01-01T00:00:00.000Z')).pnl?.toFixed()).toBe('2');
    expect(liveMark(position(), undefined).roe?.toFixed()).toBe('2');
    const unmarked = liveMark(position({ mark_price: null, mark_at: null }), undefined);
    expect(unmarked).toMatchObject({ mark: null, pnl: null, roe: null });
  });

  it('a short gains when the price falls; P&L rounds down like the server', () => {
    const short = position({ side: 'short', quantity: '0.003', liquidation_price: '54726.37' });
    const live = liveMark(short, ticker('49999.99'));
    // 0.003 × 0.01 = 0.00003; ROE 0.00003 / 100 = 0.00003% → floored to 0.00.
    expect(live.pnl?.toFixed()).toBe('0.00003');
    expect(live.roe?.toFixed()).toBe('0');
    expect(liveMark(short, ticker('50000.000000001')).pnl?.toFixed()).toBe('-0.00000001');
  });

  it('flags a mark at or beyond the liquidation price', () => {
    expect(liveMark(position(), ticker('45226.13')).liquidating).toBe(true);
    expect(liveMark(position(), ticker('45226.14')).liquidating).toBe(false);
    expect(liveMark(position({ liquidation_price: '0', leverage: 1 }), ticker('1')).liquidating).toBe(false);
  });

  it('estimates a close as the server settles it: P&L, fee on the close notional, payout', () => {
    const estimate = closeEstimate(position(), new Decimal('55000'), rates.close_fee_rate);
    expect(estimate.realisedPnl.toFixed()).toBe('100');
    expect(estimate.fee.toFixed()).toBe('0.55');
    expect(estimate.payout.toFixed()).toBe('199.45');
    expect(positionTerms(position()).quantity.toFixed()).toBe('0.02');
  });
});

describe('display', () => {
  it('formats prices by magnitude, P&L with its sign, and a liquidation price of 0 as none', () => {
    expect(formatPrice('94457.53')).toBe('94,457.53');
    expect(formatPrice('45226.130653266331658291')).toBe('45,226.13');
    expect(formatPrice('211.1')).toBe('211.10');
    expect(formatPrice('0.31421')).toBe('0.31421');
    expect(formatPrice(null)).toBe('--');
    expect(formatSigned('10', 4)).toBe('+10.00');
    expect(formatSigned('-0.00003', 8)).toBe('-0.00003');
    expect(formatSigned('0')).toBe('0.00');
    expect(formatLiquidation('0')).toBe('无');
    expect(formatLiquidation('45226.13')).toBe('45,226.13');
  });
});

describe('funding figures', () => {
  it('shows a rate in percent to 4 places with its sign, and a countdown that never goes negative', () => {
    expect(formatFundingRate('0.0001')).toBe('+0.0100%');
    expect(formatFundingRate('-0.00075')).toBe('-0.0750%');
    expect(formatFundingRate('0')).toBe('0.0000%');
    const at = '2026-01-01T08:00:00.000Z';
    expect(countdownText(at, Date.parse('2026-01-01T00:00:00.000Z'))).toBe('08:00:00');
    expect(countdownText(at, Date.parse('2026-01-01T07:58:58.400Z'))).toBe('00:01:01');
    expect(countdownText(at, Date.parse('2026-01-01T08:00:05.000Z'))).toBe('00:00:00');
  });
});
