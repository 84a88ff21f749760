import type { TimedStats } from '@platform/contracts';
import { formatBalance, formatCharge, formatCount, formatPercent } from '@platform/domain';
import { Col, Row, Statistic } from 'antd';
import { signColor } from '../../shared/priceColors.ts';
import { signedAmount } from './timedFormat.ts';

/** The caller's own totals of one product (counts, stakes, what came back). */
export function TimedStatsView({ stats, currency }: { stats: TimedStats; currency: string }) {
  const cells = [
    { key: 'total', title: '总笔数', value: formatCount(stats.total) },
    { key: 'open', title: '进行中', value: formatCount(stats.open) },
    { key: 'wins', title: '盈利', value: formatCount(stats.wins) },
    { key: 'losses', title: '亏损', value: formatCount(stats.losses) },
    { key: 'draws', title: '平局', value: formatCount(stats.draws) },
    { key: 'voids', title: '无效退款', value: formatCount(stats.voids) },
    { key: 'stake', title: '总投注', value: formatCharge(stats.total_stake, currency) },
    { key: 'payout', title: '总返还', value: formatBalance(stats.total_payout, currency) },
    {
      key: 'net',
      title: '净盈亏',
      value: `${signedAmount(stats.net_profit)} ${currency}`,
      color: signColor(stats.net_profit),
    },
    { key: 'rate', title: '胜率（盈利/已分胜负）', value: formatPercent(stats.win_rate, 2, { sign: false }) },
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
