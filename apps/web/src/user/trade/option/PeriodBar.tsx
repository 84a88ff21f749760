import { ClockCircleOutlined } from '@ant-design/icons';
import type { OptionConfigForUser } from '@platform/contracts';
import { formatTime, periodAt } from '@platform/domain';
import { Flex, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerNow } from '../timed/serverClock.ts';
import { windowsText } from './levelText.ts';

export interface PeriodBarProps {
  config: Pick<OptionConfigForUser, 'timeWindows' | 'period'>;
  /** Called when the clock crosses into the other period: the levels open to the caller change. */
  onPeriodChange: () => void;
}

/** 北京时间 on the server's clock, the current period (窗口期 / 非窗口期) and the windows. */
export function PeriodBar({ config, onPeriodChange }: PeriodBarProps) {
  const { t } = useTranslation('user');
  const now = useServerNow(1000);
  const period = periodAt(config.timeWindows, now);
  const changed = period !== config.period;
  useEffect(() => {
    if (changed) onPeriodChange();
  }, [changed, onPeriodChange]);
  const windows = windowsText(config);
  return (
    <Flex vertical gap={4} data-testid="option-period">
      <Flex align="center" gap={8} wrap>
        <Typography.Text>
          <ClockCircleOutlined /> {t('trade.option.beijingTime')}{' '}
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatTime(now)}</span>
        </Typography.Text>
        <Tag color={period === 'window' ? 'gold' : 'blue'} data-testid="option-period-label">
          {t('trade.option.currentPeriod', { period: t(`trade.period.${period}`) })}
        </Tag>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {windows ? t('trade.option.windows', { windows }) : t('trade.option.noWindows')}
      </Typography.Text>
    </Flex>
  );
}
