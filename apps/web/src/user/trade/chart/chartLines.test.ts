import { describe, expect, it } from 'vitest';
import { makePosition } from '../../../test/perpetualFixtures.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { MAX_CHART_LINES, positionLines } from './chartLines.ts';

describe('positionLines', () => {
  it('draws each open position of the pair at its entry, with side and leverage', () => {
    const lines = positionLines(
      [
        makePosition({ id: 1 }),
        makePosition({ id: 2, side: 'short', leverage: 5, entry_price: '51000.25' }),
        makePosition({ id: 3, symbol: 'ETHUSDT' }),
        makePosition({ id: 4, status: 'closed' }),
      ],
      'BTCUSDT',
    );
    expect(lines).toEqual([
      { id: 'position-1', price: '50000', color: UP_COLOR, title: '做多 10x' },
      { id: 'position-2', price: '51000.25', color: DOWN_COLOR, title: '做空 5x' },
    ]);
  });

  it('draws at most MAX_CHART_LINES and nothing without positions', () => {
    const many = Array.from({ length: MAX_CHART_LINES + 3 }, (_, i) => makePosition({ id: i + 1 }));
    expect(positionLines(many, 'BTCUSDT')).toHaveLength(MAX_CHART_LINES);
    expect(positionLines(undefined, 'BTCUSDT')).toEqual([]);
  });
});
