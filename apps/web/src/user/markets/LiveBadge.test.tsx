import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { renderWithAnt } from '../../test/render.tsx';
import { LiveBadge } from './LiveBadge.tsx';

describe('LiveBadge', () => {
  it('says 已断开 instead of 实时 while the browser is offline', () => {
    renderWithAnt(<LiveBadge transport="live" />);
    const badge = screen.getByTestId('live-badge');
    expect(badge.textContent).toBe('实时');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(badge.textContent).toBe('已断开');
      expect(badge.dataset.transport).toBe('stale');
    } finally {
      online.mockRestore();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
    expect(badge.textContent).toBe('实时');
  });

  it('is in English under en', () => {
    applyLanguage('en');
    const live = renderWithAnt(<LiveBadge transport="live" />);
    expect(screen.getByTestId('live-badge').textContent).toBe('Live');
    live.unmount();
    renderWithAnt(<LiveBadge transport="polling" />);
    expect(screen.getByTestId('live-badge').textContent).toBe('Polling');
  });
});
