import { FallOutlined, RiseOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';

export interface DirectionPickerProps<D extends 'up' | 'down' | 'call' | 'put'> {
  /** The bullish direction first (up, call), then the bearish one. */
  directions: readonly [D, D];
  value: D;
  onChange: (direction: D) => void;
}

/** 看涨 (green) and 看跌 (red) as two big halves; the chosen one filled. */
export function DirectionPicker<D extends 'up' | 'down' | 'call' | 'put'>({
  directions,
  value,
  onChange,
}: DirectionPickerProps<D>) {
  const { t } = useTranslation('user');
  const [bull, bear] = directions;
  const side = (direction: D, color: string, icon: ReactNode) => {
    const chosen = value === direction;
    return (
      <Button
        block
        size="large"
        icon={icon}
        aria-pressed={chosen}
        onClick={() => onChange(direction)}
        data-testid={`direction-${direction}`}
        style={{
          height: 52,
          fontSize: 18,
          fontWeight: 600,
          borderColor: color,
          color: chosen ? '#fff' : color,
          background: chosen ? color : '#fff',
        }}
      >
        {t(`trade.side.${direction}`)}
      </Button>
    );
  };
  return (
    <Flex gap={8}>
      {side(bull, UP_COLOR, <RiseOutlined />)}
      {side(bear, DOWN_COLOR, <FallOutlined />)}
    </Flex>
  );
}
