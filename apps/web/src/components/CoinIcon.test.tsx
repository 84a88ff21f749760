import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoinIcon, hasCoinIcon } from './CoinIcon.tsx';

describe('CoinIcon', () => {
  it('draws a bundled coin from its SVG as a data URI (no request leaves the app)', () => {
    render(<CoinIcon coin="btc" size={20} />);
    const icon = screen.getByTestId('coin-icon-BTC') as HTMLImageElement;
    expect(icon.tagName).toBe('IMG');
    expect(icon.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(icon.getAttribute('alt')).toBe('BTC');
    expect(icon.width).toBe(20);
    expect(hasCoinIcon('ETH')).toBe(true);
  });

  it('draws an unknown coin as its first letter in a circle', () => {
    render(<CoinIcon coin="zzcoin" />);
    const icon = screen.getByTestId('coin-icon-ZZCOIN');
    expect(icon.tagName).toBe('SPAN');
    expect(icon.dataset.fallback).toBe('true');
    expect(icon.textContent).toBe('Z');
    expect(icon.getAttribute('aria-label')).toBe('ZZCOIN');
    expect(hasCoinIcon('ZZCOIN')).toBe(false);
  });
});
