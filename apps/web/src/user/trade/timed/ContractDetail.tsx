import { OPTION_PERIOD_LABELS, type ReferencePrice, type TimedContract } from '@platform/contracts';
import { formatBalance, formatCharge, formatDateTime, formatDateTimeMs } from '@platform/domain';
import { Descriptions, type DescriptionsProps, Flex, Tag, Typography } from 'antd';
import { signColor } from '../../shared/priceColors.ts';
import { IndexComponents } from '../shared/IndexComponents.tsx';
import { Countdown } from './Countdown.tsx';
import {
  directionColor,
  directionLabel,
  durationLabel,
  formatPrice,
  OUTCOME_TAG_COLORS,
  outcomeLabel,
  ratePercent,
  signedAmount,
  sourceLabel,
} from './timedFormat.ts';

/**
 * A reference price as the user can check it: price, where it came from, when it was observed, and
 * the index's venues behind it (when it was recorded with them).
 */
export function PriceProof({ price, testId }: { price: ReferencePrice; testId: string }) {
  return (
    <Flex vertical data-testid={testId}>
      <Typography.Text strong data-testid={`${testId}-price`}>
        {formatPrice(price.price)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-source`}>
        来源 {sourceLabel(price.source)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-time`}>
        {formatDateTimeMs(price.at)}
      </Typography.Text>
      <IndexComponents components={price.components} testId={`${testId}-components`} />
    </Flex>
  );
}

export function DirectionTag({ direction }: { direction: TimedContract['direction'] }) {
  return (
    <Tag color={directionColor(direction)} style={{ marginInlineEnd: 0 }}>
      {directionLabel(direction)}
    </Tag>
  );
}

/** The headline of a settled contract: its outcome and what it returned. */
function Outcome({ contract }: { contract: TimedContract }) {
  if (!contract.outcome) return null;
  return (
    <Flex vertical align="center" gap={4} data-testid="contract-outcome">
      <Tag
        color={OUTCOME_TAG_COLORS[contract.outcome]}
        style={{ fontSize: 18, padding: '4px 16px', marginInlineEnd: 0 }}
        data-testid="contract-outcome-label"
      >
        {outcomeLabel(contract.outcome)}
      </Tag>
      {contract.profit !== null && (
        <Typography.Text
          strong
          style={{ fontSize: 24, color: signColor(contract.profit) }}
          data-testid="contract-profit"
        >
          {signedAmount(contract.profit)} {contract.currency}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * One contract in full: while open a countdown to the server's expiry; once settled the outcome,
 * the settlement price with its source and time, and the payout (ARCHITECTURE.md,
 * "Fair settlement": anyone can check a result against the stored reference price).
 */
export function ContractDetail({ contract }: { contract: TimedContract }) {
  const settled = contract.status === 'settled';
  const items: DescriptionsProps['items'] = [
    {
      key: 'pair',
      label: '合约',
      children: (
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{contract.symbol}</Typography.Text>
          <DirectionTag direction={contract.direction} />
          <Typography.Text type="secondary">{durationLabel(contract.duration)}</Typography.Text>
        </Flex>
      ),
    },
    ...(contract.level !== null
      ? [
          {
            key: 'level',
            label: '投资等级',
            children: `等级 ${contract.level}${contract.period ? `（${OPTION_PERIOD_LABELS[contract.period]}）` : ''}`,
          },
        ]
      : []),
    { key: 'stake', label: '投注金额', children: formatCharge(contract.stake, contract.currency) },
    { key: 'rate', label: '收益率', children: ratePercent(contract.payout_rate) },
    // The order's time beside its entry price's: the price was observed at most 1 s before the order.
    {
      key: 'opened',
      label: '下单时间',
      children: <span data-testid="contract-opened">{formatDateTimeMs(contract.opened_at)}</span>,
    },
    { key: 'entry', label: '开仓价格', children: <PriceProof price={contract.entry} testId="entry" /> },
    { key: 'expires', label: '到期时间', children: formatDateTime(contract.expires_at) },
  ];
  if (settled) {
    items.push(
      {
        key: 'settlement',
        label: '结算价格',
        children: contract.settlement ? (
          <PriceProof price={contract.settlement} testId="settlement" />
        ) : (
          <Typography.Text type="secondary" data-testid="settlement-missing">
            到期后没有取得参考价格，本金已全额退还
          </Typography.Text>
        ),
      },
      {
        key: 'payout',
        label: '结算返还',
        children: (
          <span data-testid="contract-payout">
            {formatBalance(contract.payout ?? '0', contract.currency)}
          </span>
        ),
      },
      { key: 'settled', label: '结算时间', children: formatDateTime(contract.settled_at) },
    );
  }

  return (
    <Flex vertical gap={16} data-testid={`contract-detail-${contract.order_id}`}>
      {settled ? <Outcome contract={contract} /> : <Countdown contract={contract} size="large" />}
      <Descriptions column={1} size="small" bordered items={items} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        结果只由参考价格决定：到期价格高于开仓价格为涨，低于为跌，相等为平局（退还本金）。
      </Typography.Text>
    </Flex>
  );
}
