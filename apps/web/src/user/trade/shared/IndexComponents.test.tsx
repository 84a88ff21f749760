import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { INDEX_COMPONENTS } from '../../../test/fixtures.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { IndexComponents } from './IndexComponents.tsx';

describe('IndexComponents', () => {
  it('lists each venue with its price, time and whether it counted, under the median rule', () => {
    renderWithAnt(
      <IndexComponents
        components={[
          ...INDEX_COMPONENTS,
          {
            source: 'binance',
            price: '94000',
            at: '2025-12-31T23:59:50.000Z',
            status: 'stale',
            deviation: null,
          },
          { source: 'okx', price: null, at: null, status: 'error', deviation: null },
        ]}
        testId="entry-components"
      />,
    );
    const list = screen.getByTestId('entry-components');
    expect(list.firstElementChild?.textContent).toBe('参考价 = 计入来源价格的中位数');
    const item = (source: string) => screen.getByTestId(`entry-components-${source}`).textContent;
    expect(item('sim-a')).toBe('模拟交易所 A计入95,000.50 · 2026-01-01 08:00:00.120');
    expect(item('sim-b')).toBe('模拟交易所 B计入95,001.00 · 2026-01-01 08:00:00.250');
    expect(item('sim-c')).toBe('模拟交易所 C剔除：偏离过大99,000.00 · 2026-01-01 08:00:00.310');
    expect(item('binance')).toBe('Binance剔除：数据过期94,000.00 · 2026-01-01 07:59:50.000');
    expect(item('okx')).toBe('OKX剔除：获取失败无报价');
  });

  it('lists the venues in English', () => {
    applyLanguage('en');
    const { container } = renderWithAnt(
      <IndexComponents
        components={[
          ...INDEX_COMPONENTS,
          { source: 'okx', price: null, at: null, status: 'error', deviation: null },
        ]}
        testId="entry-components"
      />,
    );
    const list = screen.getByTestId('entry-components');
    expect(list.firstElementChild?.textContent).toBe(
      'Reference price = median of the included sources’ prices',
    );
    const item = (source: string) => screen.getByTestId(`entry-components-${source}`).textContent;
    expect(item('sim-a')).toBe('Simulated exchange AIncluded95,000.50 · 2026-01-01 08:00:00.120');
    expect(item('sim-c')).toBe(
      'Simulated exchange CExcluded: deviates too far99,000.00 · 2026-01-01 08:00:00.310',
    );
    expect(item('okx')).toBe('OKXExcluded: fetch failedNo quote');
    expect(chineseIn(container)).toEqual([]);
  });

  it('shows nothing for a price recorded before the index', () => {
    const { container } = renderWithAnt(<IndexComponents components={null} testId="entry-components" />);
    expect(screen.queryByTestId('entry-components')).toBeNull();
    expect(container.textContent).toBe('');
  });
});
