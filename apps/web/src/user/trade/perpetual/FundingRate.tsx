import { formatDateTime } from '@platform/domain';
import { Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signColor } from '../../shared/priceColors.ts';
import { useFundingRate } from './perpetualApi.ts';
import { countdownText, formatFundingRate } from './perpetualMath.ts';

/**
 * 资金费率 and the countdown to the next funding instant, beside the mark price. The rate shown is the
 * predicted one; the server fixes it at the instant, and each position open then pays (a long, when the
 * rate is positive) or receives quantity × mark × rate (docs/perpetual-funding.md).
 */
export function FundingRate({ symbol, enabled }: { symbol: string | undefined; enabled: boolean }) {
  const { t } = useTranslation('user');
  const funding = useFundingRate(symbol, enabled);
  const [now, setNow] = useState(() => Date.now());
  const data = funding.data?.symbol === symbol ? funding.data : undefined;
  const nextAt = data?.next_funding_at;
  const { refetch } = funding;
  useEffect(() => {
    if (!nextAt) return;
    // Counted from now, not from when the screen mounted and asked.
    setNow(Date.now());
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      // The instant passed: the rate was fixed and the next instant is another one.
      if (t >= Date.parse(nextAt)) void refetch();
    }, 1000);
    return () => clearInterval(timer);
  }, [nextAt, refetch]);
  if (!enabled || !symbol) return null;
  return (
    <Tooltip
      title={
        data
          ? t('perpetual.fundingRate.tooltip', {
              interval:
                data.interval_minutes / 60 >= 1
                  ? t('perpetual.fundingRate.hours', { n: data.interval_minutes / 60 })
                  : t('perpetual.fundingRate.minutes', { n: data.interval_minutes }),
              time: formatDateTime(data.next_funding_at),
            })
          : t('perpetual.fundingRate.label')
      }
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="perpetual-funding">
        {t('perpetual.fundingRate.label')}{' '}
        <Typography.Text
          style={{
            fontSize: 12,
            fontVariantNumeric: 'tabular-nums',
            color: data ? signColor(data.rate) : undefined,
          }}
          data-testid="perpetual-funding-rate"
        >
          {data ? formatFundingRate(data.rate) : '--'}
        </Typography.Text>{' '}
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}
          data-testid="perpetual-funding-countdown"
        >
          {data ? countdownText(data.next_funding_at, now) : '--:--:--'}
        </Typography.Text>
      </Typography.Text>
    </Tooltip>
  );
}
