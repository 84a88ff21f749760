import { ClockCircleOutlined } from '@ant-design/icons';
import type { TimeWindow } from '@platform/contracts';
import { activeWindow, formatLongDate, formatTime } from '@platform/domain';
import { Card, Flex, Tag, Typography } from 'antd';
import { useNow } from './clock.ts';

export interface BeijingClockCardProps {
  /** The edited windows, so the operator sees what the config on screen would mean now. */
  windows: readonly TimeWindow[];
  /** Levels valid in the current period, for the line under the indicator. */
  levelsFor: (inWindow: boolean) => number[];
}

/** Beijing time, live, and whether it falls in one of the (edited, enabled) windows. */
export function BeijingClockCard({ windows, levelsFor }: BeijingClockCardProps) {
  const now = useNow();
  const current = activeWindow(windows, now);
  const levels = levelsFor(current !== null);
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <ClockCircleOutlined />
          北京时间
        </Flex>
      }
      style={{ height: '100%' }}
      data-testid="option-clock-card"
    >
      <Flex vertical gap={8}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Text
            strong
            style={{ fontSize: 28, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 }}
            data-testid="option-clock"
          >
            {formatTime(now)}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="option-clock-date">
            {formatLongDate(now)}
          </Typography.Text>
        </Flex>
        <Flex align="center" gap={8} wrap data-testid="option-period">
          {current ? (
            <Tag color="success" style={{ marginInlineEnd: 0 }}>
              窗口期中 · {current.start}-{current.end}
            </Tag>
          ) : (
            <Tag style={{ marginInlineEnd: 0 }}>非窗口期</Tag>
          )}
          <Typography.Text type="secondary">
            {current ? '当前处于时间窗口内' : '当前不在任何启用的时间窗口内'}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" data-testid="option-period-levels">
          当前时段有效等级：{levels.length > 0 ? levels.map((l) => `L${l}`).join('、') : '无'}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
