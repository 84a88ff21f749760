import { useSyncExternalStore } from 'react';

/**
 * The user app's appearance, chosen in 我的 → 设置 and kept on this device (local storage keys that
 * no session fragment matches, so logging out keeps them): which colour means a rise (绿涨红跌, the
 * default, or 红涨绿跌), and the user app's light or dark theme (`data-theme` on <html> while the
 * user app is shown, antd's darkAlgorithm in UserLayout, the --app-* colours of index.css). Inline styles use the CSS variables `--app-up` / `--app-down` (index.css,
 * switched by `data-trend` on <html>); canvases take the concrete colours of `useTrendColors`.
 */
export const TREND_KEY = 'color_convention';
export type TrendConvention = 'green-up' | 'red-up';
export const THEME_KEY = 'theme_mode';
export type ThemeMode = 'light' | 'dark';

const GREEN = '#16a34a';
const RED = '#dc2626';
const GREEN_FILL = 'rgba(22, 163, 74, ';
const RED_FILL = 'rgba(220, 38, 38, ';

export interface TrendColors {
  convention: TrendConvention;
  up: string;
  down: string;
  /** `alpha` of the same colours, for areas and volume bars. */
  upFill: (alpha: number) => string;
  downFill: (alpha: number) => string;
}

const PALETTES: Record<TrendConvention, TrendColors> = {
  'green-up': {
    convention: 'green-up',
    up: GREEN,
    down: RED,
    upFill: (a) => `${GREEN_FILL}${a})`,
    downFill: (a) => `${RED_FILL}${a})`,
  },
  'red-up': {
    convention: 'red-up',
    up: RED,
    down: GREEN,
    upFill: (a) => `${RED_FILL}${a})`,
    downFill: (a) => `${GREEN_FILL}${a})`,
  },
};

const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of [...listeners]) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function storedTrend(): TrendConvention {
  try {
    return window.localStorage.getItem(TREND_KEY) === 'red-up' ? 'red-up' : 'green-up';
  } catch {
    return 'green-up';
  }
}

/** Puts the convention on <html> for the CSS variables (called at start and on each change). */
export function applyAppearance(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.trend = storedTrend();
}

function storedTheme(): ThemeMode {
  try {
    return window.localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function setThemeMode(next: ThemeMode): void {
  window.localStorage.setItem(THEME_KEY, next);
  emit();
}

/** The user app's theme on this device (the back office is always light). */
export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, storedTheme, storedTheme);
}

export function setTrendConvention(next: TrendConvention): void {
  window.localStorage.setItem(TREND_KEY, next);
  applyAppearance();
  emit();
}

if (typeof window !== 'undefined') {
  applyAppearance();
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TREND_KEY || event.key === THEME_KEY) {
      applyAppearance();
      emit();
    }
  });
}

export function useTrendConvention(): TrendConvention {
  return useSyncExternalStore(subscribe, storedTrend, storedTrend);
}

/** The concrete up / down colours of the convention in force (for canvases); one object per convention. */
export function useTrendColors(): TrendColors {
  return PALETTES[useTrendConvention()];
}

export const trendColorsOf = (convention: TrendConvention): TrendColors => PALETTES[convention];

/** A colour for a canvas: the up / down CSS variables as the convention's colours, others as they are. */
export function canvasColor(color: string, colors: TrendColors): string {
  if (color === 'var(--app-up)') return colors.up;
  if (color === 'var(--app-down)') return colors.down;
  return color;
}
