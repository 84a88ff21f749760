import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FilterButtons } from './AdminListPage.tsx';

const options = [
  { key: 'all', label: 'All methods' },
  { key: 'usdt', label: 'USDT' },
] as const;

describe('FilterButtons', () => {
  // The label had a fixed 48 px (状态： fits): English's 'Method:' overflowed it and wrapped under the buttons.
  it.each(['Method:', '方式：'])('keeps the label %s on one line, as wide as its words', (label) => {
    render(
      <FilterButtons label={label} options={options} value="all" onChange={() => {}} testIdPrefix="type" />,
    );
    const text = screen.getByText(label);
    expect(text.style.whiteSpace).toBe('nowrap');
    expect(text.style.width).toBe('');
    expect(text.style.minWidth).toBe('48px');
    expect(text.style.flexShrink).toBe('0');
  });
});
