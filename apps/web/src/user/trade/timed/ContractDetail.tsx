import type { ReferencePrice, TimedContract } from '@platform/contracts';
import { formatBalance, formatCharge, formatDateTime, formatDateTimeMs } from '@platform/domain';
import { Descriptions, type DescriptionsProps, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('user');
  return (
    <Flex vertical data-testid={testId}>
      <Typography.Text strong data-testid={`${testId}-price`}>
        {formatPrice(price.price)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-source`}>
        {t('trade.timed.source', { source: sourceLabel(price.source) })}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-time`}>
        {formatDateTimeMs(price.at)}
      </Typography.Text>
      <IndexComponents components={price.components} testId={`${testId}-components`} />
    </Flex>
  );
}

export function DirectionTag({ direction }: { direction: TimedContract['direction'] }) {
  useTranslation('user');
  return (
    <Tag color={directionColor(direction)} style={{ marginInlineEnd: 0 }}>
      {directionLabel(direction)}
    </Tag>
  );
}

/** The headline of a settled contract: its outcome and what it returned. */
function Outcome({ contract }: { contract: TimedContract }) {
  useTranslation('user');
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
  const { t } = useTranslation('user');
  const settled = contract.status === 'settled';
  const items: DescriptionsProps['items'] = [
    {
      key: 'pair',
      label: t('trade.timed.contract'),
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
            label: t('trade.timed.level'),
            children: contract.period
              ? t('trade.timed.levelWithPeriod', {
                  level: contract.level,
                  period: t(`trade.period.${contract.period}`),
                })
              : t('trade.timed.levelValue', { level: contract.level }),
          },
        ]
      : []),
    {
      key: 'stake',
      label: t('trade.timed.stake'),
      children: formatCharge(contract.stake, contract.currency),
    },
    { key: 'rate', label: t('trade.timed.rate'), children: ratePercent(contract.payout_rate) },
    // The order's time beside its entry price's: the price was observed at most 1 s before the order.
    {
      key: 'opened',
      label: t('trade.timed.opened'),
      children: <span data-testid="contract-opened">{formatDateTimeMs(contract.opened_at)}</span>,
    },
    {
      key: 'entry',
      label: t('trade.timed.entry'),
      children: <PriceProof price={contract.entry} testId="entry" />,
    },
    { key: 'expires', label: t('trade.timed.expires'), children: formatDateTime(contract.expires_at) },
  ];
  if (settled) {
    items.push(
      {
        key: 'settlement',
        label: t('trade.timed.settlement'),
        children: contract.settlement ? (
          <PriceProof price={contract.settlement} testId="settlement" />
        ) : (
          <Typography.Text type="secondary" data-testid="settlement-missing">
            {t('trade.timed.noSettlement')}
          </Typography.Text>
        ),
      },
      {
        key: 'payout',
        label: t('trade.timed.payoutReturned'),
        children: (
          <span data-testid="contract-payout">
            {formatBalance(contract.payout ?? '0', contract.currency)}
          </span>
        ),
      },
      { key: 'settled', label: t('trade.timed.settledAt'), children: formatDateTime(contract.settled_at) },
    );
  }

  return (
    <Flex vertical gap={16} data-testid={`contract-detail-${contract.order_id}`}>
      {settled ? <Outcome contract={contract} /> : <Countdown contract={contract} size="large" />}
      <Descriptions column={1} size="small" bordered items={items} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('trade.timed.resultRule')}
      </Typography.Text>
    </Flex>
  );
}
