import { Decimal, formatBalance, formatNormalised } from '@platform/domain';
import { Button, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { i18n } from '../../../i18n/index.ts';
import type { StakeLimits } from './timedFormat.ts';

const QUICK_AMOUNTS = ['10', '50', '100', '500', '1000'];

/** The quick amounts within the limits, and 全部 (the most the balance and the limit allow). */
export function quickAmounts(limits: StakeLimits): { key: string; label: string; value: string }[] {
  const within = QUICK_AMOUNTS.filter(
    (a) => new Decimal(a).gte(limits.min) && new Decimal(a).lte(limits.max),
  );
  const chips = within.map((a) => ({ key: a, label: a, value: a }));
  if (limits.available !== undefined) {
    const most = Decimal.min(new Decimal(limits.available), new Decimal(limits.max)).toDecimalPlaces(
      2,
      Decimal.ROUND_DOWN,
    );
    if (most.gte(limits.min))
      chips.push({ key: 'all', label: i18n.t('user:trade.timed.all'), value: formatNormalised(most) });
  }
  return chips;
}

export interface StakeFieldProps {
  value: string;
  onChange: (value: string) => void;
  limits: StakeLimits;
  /** The problem with the current value, shown under the field. */
  problem: string | null;
}

/** 投注金额 with its limits, the available balance (and a way to top it up) and quick amounts. */
export function StakeField({ value, onChange, limits, problem }: StakeFieldProps) {
  const { t } = useTranslation('user');
  const chips = quickAmounts(limits);
  return (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text strong>{t('trade.timed.stake')}</Typography.Text>
        {limits.available !== undefined && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('trade.available')}{' '}
            <span data-testid="available-balance">{formatBalance(limits.available, limits.currency)}</span>{' '}
            <Link to="/wallet/deposit">{t('trade.deposit')}</Link>
          </Typography.Text>
        )}
      </Flex>
      <Input
        size="large"
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        placeholder={`${limits.min} - ${limits.max}`}
        suffix={limits.currency}
        status={problem ? 'error' : undefined}
        aria-label={t('trade.timed.stake')}
        data-testid="stake-input"
      />
      <Typography.Text
        type={problem ? 'danger' : 'secondary'}
        style={{ fontSize: 12 }}
        data-testid={problem ? 'stake-problem' : undefined}
      >
        {problem ?? t('trade.timed.limits', { min: limits.min, max: limits.max, currency: limits.currency })}
      </Typography.Text>
      <div
        style={{ display: 'grid', gridTemplateColumns: `repeat(${chips.length}, minmax(0, 1fr))`, gap: 6 }}
      >
        {chips.map((q) => (
          <Button
            key={q.key}
            size="small"
            type={value === q.value ? 'primary' : 'default'}
            ghost={value === q.value}
            onClick={() => onChange(q.value)}
            style={{ paddingInline: 0 }}
            data-testid={`quick-${q.key}`}
          >
            {q.label}
          </Button>
        ))}
      </div>
    </Flex>
  );
}
