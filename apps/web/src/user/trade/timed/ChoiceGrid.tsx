import { theme } from 'antd';
import type { ReactNode } from 'react';

export interface Choice<T extends string | number> {
  value: T;
  title: ReactNode;
  /** A second line: the payout percent. */
  sub?: ReactNode;
  /** Why it cannot be picked (shown under a disabled tile). */
  note?: ReactNode;
  disabled?: boolean;
}

export interface ChoiceGridProps<T extends string | number> {
  choices: readonly Choice<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  /** Narrowest tile, px: the grid fits as many columns as the width allows. */
  minWidth?: number;
  testId: string;
}

/**
 * Tiles to pick one of (durations, investment levels): big enough to tap on a phone, the chosen one
 * outlined in the primary colour, unavailable ones greyed with their reason.
 */
export function ChoiceGrid<T extends string | number>({
  choices,
  value,
  onChange,
  minWidth = 80,
  testId,
}: ChoiceGridProps<T>) {
  const { token } = theme.useToken();
  return (
    <div
      data-testid={testId}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fit, minmax(${minWidth}px, 1fr))`,
        gap: 8,
      }}
    >
      {choices.map((c) => {
        const chosen = c.value === value && !c.disabled;
        return (
          <button
            key={c.value}
            type="button"
            aria-pressed={chosen}
            disabled={c.disabled}
            onClick={() => onChange(c.value)}
            data-testid={`${testId}-${c.value}`}
            style={{
              minHeight: 52,
              padding: '6px 8px',
              borderRadius: token.borderRadius,
              border: `1px solid ${chosen ? token.colorPrimary : token.colorBorder}`,
              boxShadow: chosen ? `0 0 0 1px ${token.colorPrimary}` : undefined,
              background: c.disabled
                ? token.colorBgContainerDisabled
                : chosen
                  ? token.colorPrimaryBg
                  : '#fff',
              color: c.disabled ? token.colorTextDisabled : token.colorText,
              cursor: c.disabled ? 'not-allowed' : 'pointer',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 2,
              font: 'inherit',
              lineHeight: 1.3,
              textAlign: 'center',
            }}
          >
            <span style={{ fontWeight: 600 }}>{c.title}</span>
            {c.sub && (
              <span style={{ fontSize: 12, color: c.disabled ? undefined : token.colorPrimary }}>
                {c.sub}
              </span>
            )}
            {c.note && <span style={{ fontSize: 11, color: token.colorTextSecondary }}>{c.note}</span>}
          </button>
        );
      })}
    </div>
  );
}
