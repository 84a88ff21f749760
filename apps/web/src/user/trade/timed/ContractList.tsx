import { RightOutlined } from '@ant-design/icons';
import type { TimedContract } from '@platform/contracts';
import { formatCharge, formatDateTime, formatTime } from '@platform/domain';
import { Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { signColor } from '../../shared/priceColors.ts';
import { DirectionTag } from './ContractDetail.tsx';
import { Countdown } from './Countdown.tsx';
import {
  durationLabel,
  formatPrice,
  OUTCOME_TAG_COLORS,
  outcomeLabel,
  signedAmount,
  sourceLabel,
} from './timedFormat.ts';

const small = { fontSize: 12 } as const;

/** The right-hand side of a row: the countdown while open, the outcome and profit once settled. */
function RowResult({ contract }: { contract: TimedContract }) {
  useTranslation('user');
  if (contract.status === 'open' || !contract.outcome) return <Countdown contract={contract} />;
  return (
    <Flex vertical align="end">
      <Tag color={OUTCOME_TAG_COLORS[contract.outcome]} style={{ marginInlineEnd: 0 }}>
        {outcomeLabel(contract.outcome)}
      </Tag>
      {contract.profit !== null && (
        <Typography.Text strong style={{ color: signColor(contract.profit) }}>
          {signedAmount(contract.profit)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Entry → settlement, with the settlement's source and time: the proof of the result, in the row. */
function RowPrices({ contract }: { contract: TimedContract }) {
  const { t } = useTranslation('user');
  if (contract.status === 'open') {
    return (
      <Typography.Text type="secondary" style={small}>
        {t('trade.timed.rowOpen', {
          entry: formatPrice(contract.entry.price),
          expires: formatTime(contract.expires_at),
        })}
      </Typography.Text>
    );
  }
  if (!contract.settlement) {
    return (
      <Typography.Text type="secondary" style={small}>
        {t('trade.timed.rowVoid', {
          entry: formatPrice(contract.entry.price),
          at: formatDateTime(contract.settled_at),
        })}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical>
      <Typography.Text type="secondary" style={small}>
        {t('trade.timed.rowSettled', {
          entry: formatPrice(contract.entry.price),
          settlement: formatPrice(contract.settlement.price),
        })}
      </Typography.Text>
      <Typography.Text type="secondary" style={small}>
        {sourceLabel(contract.settlement.source)} · {formatDateTime(contract.settlement.at)}
      </Typography.Text>
    </Flex>
  );
}

export interface ContractListProps {
  contracts: readonly TimedContract[];
  empty: string;
  onSelect: (contract: TimedContract) => void;
}

/** Contracts as tappable rows (the whole row opens the detail: big targets on a phone). */
export function ContractList({ contracts, empty, onSelect }: ContractListProps) {
  const { t } = useTranslation('user');
  if (contracts.length === 0) return <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Flex vertical>
      {contracts.map((c) => (
        <button
          key={c.order_id}
          type="button"
          onClick={() => onSelect(c)}
          data-testid={`contract-row-${c.order_id}`}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            width: '100%',
            padding: '10px 4px',
            border: 0,
            borderBottom: '1px solid var(--app-divider)',
            background: 'transparent',
            textAlign: 'left',
            cursor: 'pointer',
            font: 'inherit',
          }}
        >
          <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Flex gap={6} align="center" wrap>
              <Typography.Text strong>{c.symbol}</Typography.Text>
              <DirectionTag direction={c.direction} />
              <Typography.Text type="secondary" style={small}>
                {durationLabel(c.duration)}
                {c.level !== null ? t('trade.timed.rowLevel', { level: c.level }) : ''}
              </Typography.Text>
            </Flex>
            <Typography.Text style={small}>
              {t('trade.timed.rowStake', { stake: formatCharge(c.stake, c.currency) })}
            </Typography.Text>
            <RowPrices contract={c} />
          </Flex>
          <RowResult contract={c} />
          <RightOutlined style={{ color: '#bfbfbf', fontSize: 12 }} />
        </button>
      ))}
    </Flex>
  );
}
