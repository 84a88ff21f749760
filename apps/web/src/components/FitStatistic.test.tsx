import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIT_MIN_FONT_SIZE, FitStatistic } from './FitStatistic.tsx';

/**
 * jsdom has no layout: the statistic content is given a width, and its text a width of 0.6 em a
 * character at the content's font size, the way a browser would measure it.
 */
const CARD_WIDTH = 150;

function content(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.ant-statistic-content');
  if (!element) throw new Error('no statistic content');
  return element;
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('ant-statistic-content') ? CARD_WIDTH : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('ant-statistic-content')) return 0;
    const size = Number.parseFloat(this.style.fontSize) || 24;
    return Math.ceil((this.textContent ?? '').length * size * 0.6);
  });
});

afterEach(() => vi.restoreAllMocks());

const fontSize = () => Number.parseFloat(content().style.fontSize);

describe('FitStatistic', () => {
  it('keeps a value that fits at its size, on one line', () => {
    render(<FitStatistic title="总充值笔数" value="1,234" />);
    expect(fontSize()).toBe(24);
    expect(content().style.whiteSpace).toBe('nowrap');
    expect(content().closest('[title]')).toBeNull();
  });

  it('shrinks a long amount until it fits the card, and grows back for a short one', () => {
    const { rerender } = render(<FitStatistic title="充值总额" value="98,765,432 USDT" />);
    // 15 characters: 24 px would need 216 px of the 150.
    expect(fontSize()).toBeLessThan(24);
    expect(fontSize()).toBeGreaterThanOrEqual(FIT_MIN_FONT_SIZE);
    expect(content().scrollWidth).toBeLessThanOrEqual(CARD_WIDTH);
    expect(content().closest('[title]')).toBeNull();

    rerender(<FitStatistic title="充值总额" value="12 USDT" />);
    expect(fontSize()).toBe(24);
  });

  it('starts from the size it is given', () => {
    render(<FitStatistic title="今日" value="1,000" styles={{ content: { fontSize: 20, color: 'red' } }} />);
    expect(fontSize()).toBe(20);
    expect(content().style.color).toBe('red');
  });

  it('past the smallest size it ends in an ellipsis and shows the whole value as the tooltip', () => {
    const value = '123,456,789,012,345,678.12 USDT';
    render(<FitStatistic title="充值总额" value={value} />);
    expect(fontSize()).toBe(FIT_MIN_FONT_SIZE);
    expect(content().style.textOverflow).toBe('ellipsis');
    expect(screen.getByTitle(value)).toBeTruthy();
  });
});
