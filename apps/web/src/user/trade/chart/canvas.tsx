import { useTranslation } from 'react-i18next';

let canvasSupport: boolean | undefined;

/**
 * Whether this browser can draw on a canvas, asked once. Without it (jsdom, a locked-down
 * webview) lightweight-charts throws from its animation frame, outside any error boundary, so no
 * chart is created and NoCanvas takes its place.
 */
export function canvasDraws(): boolean {
  if (canvasSupport === undefined) {
    try {
      canvasSupport = document.createElement('canvas').getContext('2d') !== null;
    } catch {
      canvasSupport = false;
    }
  }
  return canvasSupport;
}

/** What shows where the browser cannot draw: the rest of the screen still works. */
export function NoCanvas() {
  const { t } = useTranslation('user');
  return (
    <div
      style={{
        display: 'flex',
        height: '100%',
        alignItems: 'center',
        justifyContent: 'center',
        color: '#8c8c8c',
      }}
    >
      {t('perpetual.chart.noCanvas')}
    </div>
  );
}
