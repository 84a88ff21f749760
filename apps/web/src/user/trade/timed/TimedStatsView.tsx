import type { TimedStats } from '@platform/contracts';
import { formatBalance, formatCharge, formatCount, formatPercent } from '@platform/domain';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { signColor } from '../../shared/priceColors.ts';
import { signedAmount } from './timedFormat.ts';

/** The caller's own totals of one product (counts, stakes, what came back). */
export function TimedStatsView({ stats, currency }: { stats: TimedStats; currency: string }) {
  const { t } = useTranslation('user');
  const cells = [
    { key: 'total', title: t('trade.timed.stats.total'), value: formatCount(stats.total) },
    { key: 'open', title: t('trade.timed.stats.open'), value: formatCount(stats.open) },
    { key: 'wins', title: t('trade.outcome.win'), value: formatCount(stats.wins) },
    { key: 'losses', title: t('trade.outcome.loss'), value: formatCount(stats.losses) },
    { key: 'draws', title: t('trade.outcome.draw'), value: formatCount(stats.draws) },
    { key: 'voids', title: t('trade.outcome.void'), value: formatCount(stats.voids) },
    { key: 'stake', title: t('trade.timed.stats.stake'), value: formatCharge(stats.total_stake, currency) },
    {
      key: 'payout',
      title: t('trade.timed.stats.payout'),
      value: formatBalance(stats.total_payout, currency),
    },
    {
      key: 'net',
      title: t('trade.timed.stats.net'),
      value: `${signedAmount(stats.net_profit)} ${currency}`,
      color: signColor(stats.net_profit),
    },
    {
      key: 'rate',
      title: t('trade.timed.stats.winRate'),
      value: formatPercent(stats.win_rate, 2, { sign: false }),
    },
  ];
  return (
    <Row gutter={[12, 16]} data-testid="timed-stats">
      {cells.map((c) => (
        <Col key={c.key} xs={12} sm={8}>
          <Statistic
            title={c.title}
            value={c.value}
            styles={{ content: { fontSize: 16, color: c.color } }}
            data-testid={`stat-${c.key}`}
          />
        </Col>
      ))}
    </Row>
  );
}
