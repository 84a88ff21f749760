import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { chineseIn } from '../../../test/chinese.ts';

/** The Han runs of an element's text: a screen shown in English has none of its own. */

/** What sets the deposit and the withdrawal channel pages apart in their English tests. */
export interface ChannelsPageInEnglish {
  /** The page's name, which titles the tests' block. */
  page: string;
  /** Its test ids' prefix: `channel` (deposit channels) or `withdraw-channel`. */
  testId: string;
  /** A column header only this page has. */
  column: string;
  /** The add form's title. */
  addTitle: string;
  /** Serves one channel (id 1) named USDT-TRC20, with an English description. */
  serveOneChannel: () => void;
  renderPage: () => void;
}

/** The channel pages' English tests: the list and the delete question, the add form and its checks. */
export function describeChannelsPageInEnglish(page: ChannelsPageInEnglish) {
  const id = page.testId;
  describe(`${page.page} in English`, () => {
    it('shows the list and the delete question in English', async () => {
      applyLanguage('en');
      page.serveOneChannel();
      page.renderPage();
      const row = await screen.findByTestId(`${id}-row-1`);
      expect(screen.getByRole('columnheader', { name: page.column })).toBeTruthy();
      const card = row.closest('.ant-card') as HTMLElement;
      expect(chineseIn(card)).toEqual([]);
      fireEvent.click(screen.getByTestId(`${id}-delete-1`));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('USDT-TRC20');
      expect(chineseIn(dialog)).toEqual([]);
    });

    it('shows the add form and its checks in English', async () => {
      applyLanguage('en');
      page.renderPage();
      fireEvent.click(await screen.findByTestId(`${id}-add`));
      const form = await screen.findByTestId(`${id}-form`);
      fireEvent.click(screen.getByTestId(`${id}-save`));
      expect(await within(form).findByText('Enter the channel name')).toBeTruthy();
      // The footer's buttons are the shared FormModal's (components/).
      const title = form.closest('.ant-modal')?.querySelector('.ant-modal-title') as HTMLElement;
      expect(title.textContent).toBe(page.addTitle);
      expect(chineseIn(form)).toEqual([]);
    });
  });
}
