import { Statistic, type StatisticProps } from 'antd';
import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** antd's Statistic content size (token contentFontSize) and line height (token lineHeight). */
const ANTD_CONTENT_SIZE = 24;
const ANTD_LINE_HEIGHT = 1.5714;
/** Below this an amount is no longer comfortable to read: it is cut with an ellipsis instead. */
export const FIT_MIN_FONT_SIZE = 14;

type Part = 'root' | 'content' | 'value' | 'title' | 'header' | 'prefix' | 'suffix';

export type FitStatisticProps = Omit<StatisticProps, 'styles'> & {
  styles?: Partial<Record<Part, CSSProperties>>;
};

function sizeOf(style: CSSProperties | undefined): number {
  const size = style?.fontSize;
  if (typeof size === 'number') return size;
  const px = typeof size === 'string' ? /^(\d+(?:\.\d+)?)px$/.exec(size) : null;
  return px ? Number(px[1]) : ANTD_CONTENT_SIZE;
}

/**
 * antd's Statistic for stat cards whose value must stay on one line: the number never wraps; when
 * it does not fit the card, its font shrinks (down to 14 px) until it does, and past that it ends
 * in an ellipsis with the whole value as the tooltip. Refits when the card or the value changes.
 */
export function FitStatistic({ styles, ...props }: FitStatisticProps) {
  const box = useRef<HTMLDivElement>(null);
  const base = sizeOf(styles?.content);
  const [size, setSize] = useState(base);
  const [width, setWidth] = useState(0);
  const [cut, setCut] = useState<string | undefined>();
  /** What the current size was fitted for; a change starts again from the full size. */
  const fittedFor = useRef('');

  useEffect(() => {
    const node = box.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const valueKey = `${base}|${width}|${String(props.value)}|${props.loading ? 1 : 0}`;
  useLayoutEffect(() => {
    if (fittedFor.current !== valueKey) {
      fittedFor.current = valueKey;
      if (size !== base) {
        setSize(base);
        return;
      }
    }
    const content = box.current?.querySelector<HTMLElement>('.ant-statistic-content');
    if (!content) return;
    const overflow = content.scrollWidth > content.clientWidth;
    if (overflow && size > FIT_MIN_FONT_SIZE) {
      const scaled = Math.floor((size * content.clientWidth) / content.scrollWidth);
      setSize(Math.max(FIT_MIN_FONT_SIZE, Math.min(size - 1, scaled)));
      return;
    }
    const text = overflow ? (content.textContent ?? undefined) : undefined;
    setCut((current) => (current === text ? current : text));
  });

  return (
    <div ref={box} title={cut} style={{ minWidth: 0 }}>
      <Statistic
        {...props}
        styles={{
          ...styles,
          // Inline (antd: inline-block), so that a value cut at the minimum size ends in an ellipsis.
          value: { ...styles?.value, display: 'inline' },
          content: {
            ...styles?.content,
            fontSize: size,
            // The line keeps the height of the full size, so that a shrunk card stays as tall as its row.
            lineHeight: `${Math.round(base * ANTD_LINE_HEIGHT)}px`,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          },
        }}
      />
    </div>
  );
}
