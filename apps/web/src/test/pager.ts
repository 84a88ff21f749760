/** Reading and using the one pager (components/ListFooter) in the web tests. */
import { fireEvent, screen, within } from '@testing-library/react';

/** 显示第 x 到 y 条，共 n … under the list whose footer has the test id prefix `testId`. */
export const pagerText = (testId: string): string | null =>
  screen.getByTestId(`${testId}-page-text`).textContent;

/** Clicks a page number, 上一页 or 下一页 in that list's pager. */
export function clickPage(testId: string, page: number | '上一页' | '下一页'): void {
  fireEvent.click(within(screen.getByTestId(`${testId}-pagination`)).getByTitle(String(page)));
}

/** Whether 上一页 or 下一页 can be used (antd marks the item, not a button, as disabled). */
export function pageStepDisabled(testId: string, step: '上一页' | '下一页'): boolean {
  const item = within(screen.getByTestId(`${testId}-pagination`)).getByTitle(step);
  return item.getAttribute('aria-disabled') === 'true';
}

/** No count and no pager: an empty list shows only its empty state. */
export function expectNoPager(testId: string): void {
  if (screen.queryByTestId(`${testId}-page-text`) || screen.queryByTestId(`${testId}-pagination`)) {
    throw new Error(`${testId}: a pager is shown under an empty list`);
  }
}
