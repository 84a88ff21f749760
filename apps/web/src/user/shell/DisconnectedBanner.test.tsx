import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAnt } from '../../test/render.tsx';
import { DisconnectedBanner } from './DisconnectedBanner.tsx';

describe('DisconnectedBanner', () => {
  it('shows 网络已断开 while the browser is offline and goes when it is back', () => {
    renderWithAnt(<DisconnectedBanner top={48} />);
    expect(screen.queryByTestId('disconnected-banner')).toBeNull();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      const banner = screen.getByTestId('disconnected-banner');
      expect(banner.textContent).toContain('网络已断开');
      expect(banner.textContent).toContain('交易与提现暂不可用');
    } finally {
      online.mockRestore();
    }
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('disconnected-banner')).toBeNull();
  });
});
