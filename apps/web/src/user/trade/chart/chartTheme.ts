import { ColorType } from 'lightweight-charts';

/** The look both canvases share (candles and depth), light as the rest of the user app. */
export const CHART_BASE_OPTIONS = {
  autoSize: true,
  layout: {
    background: { type: ColorType.Solid, color: '#ffffff' },
    textColor: '#595959',
    fontSize: 11,
  },
  grid: { vertLines: { color: '#f5f5f5' }, horzLines: { color: '#f5f5f5' } },
  rightPriceScale: { borderColor: '#f0f0f0' },
} as const;

/** Indicator colours, as exchanges draw them (HTX: MA5 amber, MA10 purple, MA30 blue). */
export const INDICATOR_COLORS = {
  ma5: '#f59e0b',
  ma10: '#a855f7',
  ma30: '#2563eb',
  bollMiddle: '#f59e0b',
  bollUpper: '#a855f7',
  bollLower: '#2563eb',
} as const;

/** A price format the canvas accepts for `precision` decimals. */
export const priceFormat = (precision: number) => ({
  type: 'price' as const,
  precision,
  minMove: 10 ** -precision,
});
