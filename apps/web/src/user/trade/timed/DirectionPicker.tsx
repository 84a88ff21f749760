import { FallOutlined, RiseOutlined } from '@ant-design/icons';
import { ORDER_SIDE_LABELS } from '@platform/contracts';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
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
        {ORDER_SIDE_LABELS[direction]}
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
