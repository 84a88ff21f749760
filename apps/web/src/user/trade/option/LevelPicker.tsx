import type { OptionConfigForUser } from '@platform/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChoiceGrid } from '../timed/ChoiceGrid.tsx';
import { effectiveLevel, levelNote } from './levelText.ts';

export interface LevelPickerProps {
  config: Pick<OptionConfigForUser, 'levels' | 'period' | 'valid_orders'>;
  chosen: number | undefined;
  onChange: (level: number) => void;
}

/**
 * The investment levels: only those open to the caller now can be picked; the others stay in view,
 * greyed, each with why (停用, not in this period, or the valid orders still needed).
 */
export function LevelPicker({ config, chosen, onChange }: LevelPickerProps) {
  const { t } = useTranslation('user');
  const valid = config.valid_orders[config.period];
  const current = effectiveLevel(config.levels, chosen);
  return (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Text strong>{t('trade.timed.level')}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="valid-orders">
          {t('trade.option.validOrders', { valid })}
        </Typography.Text>
      </Flex>
      <ChoiceGrid
        testId="option-level"
        value={current?.level}
        onChange={onChange}
        minWidth={150}
        choices={config.levels.map((l) => ({
          value: l.level,
          title: t('trade.timed.levelValue', { level: l.level }),
          sub: t('trade.option.levelPayout', { percent: l.percentage }),
          note: levelNote(l, config.period, valid),
          disabled: !l.available,
        }))}
      />
    </Flex>
  );
}
