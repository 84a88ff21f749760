import { ClockCircleOutlined } from '@ant-design/icons';
import type { TimeWindow } from '@platform/contracts';
import { activeWindow, formatTime } from '@platform/domain';
import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLongDateIn } from '../../../i18n/format.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { useNow } from './clock.ts';

export interface BeijingClockCardProps {
  /** The edited windows, so the operator sees what the config on screen would mean now. */
  windows: readonly TimeWindow[];
  /** Levels valid in the current period, for the line under the indicator. */
  levelsFor: (inWindow: boolean) => number[];
}

/** Beijing time, live, and whether it falls in one of the (edited, enabled) windows. */
export function BeijingClockCard({ windows, levelsFor }: BeijingClockCardProps) {
  const { t } = useTranslation('admin');
  const now = useNow();
  const current = activeWindow(windows, now);
  const levels = levelsFor(current !== null);
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <ClockCircleOutlined />
          {t('trading.options.beijingTime')}
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
            {formatLongDateIn(currentLanguage(), new Date(now))}
          </Typography.Text>
        </Flex>
        <Flex align="center" gap={8} wrap data-testid="option-period">
          {current ? (
            <Tag color="success" style={{ marginInlineEnd: 0 }}>
              {t('trading.options.inWindow', { start: current.start, end: current.end })}
            </Tag>
          ) : (
            <Tag style={{ marginInlineEnd: 0 }}>{t('trading.options.outOfWindow')}</Tag>
          )}
          <Typography.Text type="secondary">
            {current ? t('trading.options.inWindowNote') : t('trading.options.outOfWindowNote')}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" data-testid="option-period-levels">
          {t('trading.options.levelsNow', {
            levels:
              levels.length > 0
                ? levels.map((l) => `L${l}`).join(t('trading.options.listSeparator'))
                : t('trading.options.none'),
          })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
