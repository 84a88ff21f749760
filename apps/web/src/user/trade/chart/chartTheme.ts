import { ColorType } from 'lightweight-charts';

/** The look both canvases share (candles and depth), light or dark as the user app (lib/appearance.ts). */
export function chartBaseOptions(dark: boolean) {
  const line = dark ? '#303030' : '#f0f0f0';
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: dark ? '#141414' : '#ffffff' },
      textColor: dark ? '#a6a6a6' : '#595959',
      fontSize: 11,
    },
    grid: {
      vertLines: { color: dark ? '#1f1f1f' : '#f5f5f5' },
      horzLines: { color: dark ? '#1f1f1f' : '#f5f5f5' },
    },
    rightPriceScale: { borderColor: line },
    timeScale: { borderColor: line },
  } as const;
}

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
