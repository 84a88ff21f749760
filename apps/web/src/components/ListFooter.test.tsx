import type { Pagination } from '@platform/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAnt } from '../test/render.tsx';
import { ListFooter, type ListFooterProps } from './ListFooter.tsx';

/** A list reply's pagination as the server writes it: totalPages from total and the limit it used. */
function reply(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

function renderFooter(props: Partial<ListFooterProps> & Pick<ListFooterProps, 'pagination'>) {
  const onChange = vi.fn();
  renderWithAnt(<ListFooter noun="条记录" onChange={onChange} testId="records" {...props} />);
  return onChange;
}

const text = () => screen.getByTestId('records-page-text').textContent;
/** The numbered page buttons the pager offers. */
const pageButtons = () =>
  [...within(screen.getByTestId('records-pagination')).queryAllByRole('listitem')]
    .filter((item) => item.className.includes('ant-pagination-item '))
    .map((item) => item.textContent);

describe('ListFooter', () => {
  it('pages by the limit the reply says: 30 records 10 a page offer pages 1 to 3, and the last is reachable', () => {
    const onChange = renderFooter({ pagination: reply(1, 10, 30) });
    expect(text()).toBe('显示第 1 到 10 条，共 30 条记录');
    expect(pageButtons()).toEqual(['1', '2', '3']);
    fireEvent.click(within(screen.getByTestId('records-pagination')).getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith(3, 10);
  });

  it('offers a second page for 11 to 20 records of 10 a page', () => {
    renderFooter({ pagination: reply(2, 10, 15) });
    expect(text()).toBe('显示第 11 到 15 条，共 15 条记录');
    expect(pageButtons()).toEqual(['1', '2']);
  });

  it('shows the count but no page buttons when everything fits one page', () => {
    renderFooter({ pagination: reply(1, 20, 15) });
    expect(text()).toBe('显示第 1 到 15 条，共 15 条记录');
    expect(screen.queryByTestId('records-pagination')).toBeNull();
  });

  it('shows nothing for an empty list (no 第 0 页, no pager): the list shows its empty state', () => {
    renderFooter({ pagination: reply(1, 20, 0) });
    expect(screen.queryByTestId('records-page-text')).toBeNull();
    expect(screen.queryByTestId('records-pagination')).toBeNull();
    expect(document.body.textContent).not.toContain('第 0');
  });

  it('shows nothing before the reply has arrived', () => {
    renderFooter({ pagination: undefined });
    expect(screen.queryByTestId('records-page-text')).toBeNull();
  });

  it('marks the page asked for while its rows load, the range still the rows shown', () => {
    renderFooter({ pagination: reply(1, 10, 30), page: 2 });
    expect(text()).toBe('显示第 1 到 10 条，共 30 条记录');
    expect(
      screen.getByTestId('records-pagination').querySelector('.ant-pagination-item-active')?.textContent,
    ).toBe('2');
  });

  it('says a page past the last one is empty and keeps the pager to go back', () => {
    const onChange = renderFooter({ pagination: reply(5, 10, 30) });
    expect(text()).toBe('第 5 页没有记录，共 30 条记录');
    fireEvent.click(within(screen.getByTestId('records-pagination')).getByTitle('1'));
    expect(onChange).toHaveBeenCalledWith(1, 10);
  });

  it('says more than the cap for a capped search total, and the noun of the list', () => {
    renderFooter({
      pagination: { ...reply(1, 20, 10_001), totalExact: false },
      noun: '个用户',
    });
    expect(text()).toBe('显示第 1 到 20 条，超过 10,000 个用户');
  });

  it('takes the total text a list words its own way', () => {
    renderFooter({ pagination: reply(1, 20, 45), totalText: '约 45 条' });
    expect(text()).toBe('显示第 1 到 20 条，约 45 条');
  });

  it('pages by totalPages when the reply pages fewer rows than it counts (a window)', () => {
    renderFooter({ pagination: { page: 1, limit: 20, total: 100, totalPages: 2 } });
    expect(pageButtons()).toEqual(['1', '2']);
  });

  it('offers the page sizes a list keeps in its address, even on one page', () => {
    renderFooter({ pagination: reply(1, 50, 45), pageSizes: [20, 50, 100] });
    expect(screen.getByTestId('records-pagination').querySelector('.ant-pagination-options')).not.toBeNull();
  });

  it('offers no sizes when every row fits the smallest', () => {
    renderFooter({ pagination: reply(1, 20, 5), pageSizes: [20, 50, 100] });
    expect(screen.queryByTestId('records-pagination')).toBeNull();
  });
});
