import type { PerpetualPosition } from '@platform/contracts';
import { Decimal, formatDateTime, roePercent } from '@platform/domain';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { signColor } from '../../shared/priceColors.ts';
import {
  baseOf,
  PnlHeadline,
  PositionCard,
  PositionPriceComponents,
  Stat,
  StatGrid,
  sourceLabel,
} from './PositionParts.tsx';
import { PositionsQueryView } from './PositionsQueryView.tsx';
import { formatAmount, formatFee, formatPrice, formatSigned } from './perpetualMath.ts';

function ClosedPositionCard({ position }: { position: PerpetualPosition }) {
  const currency = position.currency;
  const pnl = position.realised_pnl ?? '0';
  const roe = roePercent(new Decimal(pnl), new Decimal(position.margin));
  const fees = new Decimal(position.open_fee).plus(position.close_fee ?? '0');
  const liquidated = position.status === 'liquidated';
  return (
    <PositionCard position={position}>
      <PnlHeadline
        label={`已实现盈亏（${currency}）`}
        pnl={formatSigned(pnl)}
        roe={`${formatSigned(roe, 2)}%`}
        color={signColor(pnl)}
        pnlTestId={`history-pnl-${position.id}`}
      />
      <StatGrid>
        <Stat label="开仓价格">{formatPrice(position.entry_price)}</Stat>
        <Stat label={liquidated ? '强平价格' : '平仓价格'} testId={`history-close-price-${position.id}`}>
          {formatPrice(position.close_price)}
        </Stat>
        <Stat label={`保证金（${currency}）`}>{formatAmount(position.margin)}</Stat>
        <Stat label={`手续费（${currency}）`}>{formatFee(fees)}</Stat>
        <Stat label={`返还（${currency}）`} testId={`history-payout-${position.id}`}>
          {formatAmount(position.payout ?? '0')}
        </Stat>
        <Stat label={`数量（${baseOf(position.symbol, currency)}）`}>{formatPrice(position.quantity)}</Stat>
      </StatGrid>
      <Flex vertical gap={0}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          开仓 {formatDateTime(position.opened_at)} · {liquidated ? '强平' : '平仓'}{' '}
          {formatDateTime(position.closed_at)}
        </Typography.Text>
        {(position.close_reason === 'take_profit' || position.close_reason === 'stop_loss') && (
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12 }}
            data-testid={`history-trigger-${position.id}`}
          >
            {position.close_reason === 'take_profit'
              ? `止盈价 ${formatPrice(position.take_profit_price)}`
              : `止损价 ${formatPrice(position.stop_loss_price)}`}{' '}
            触发，按触发时的参考价平仓
          </Typography.Text>
        )}
        {position.close_source && (
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12 }}
            data-testid={`history-source-${position.id}`}
          >
            {liquidated ? '强平' : '平仓'}参考价来源 {sourceLabel(position.close_source)}，报价时间{' '}
            {formatDateTime(position.close_price_at)}
          </Typography.Text>
        )}
      </Flex>
      <PositionPriceComponents
        positionId={position.id}
        prices={[
          { key: 'entry', label: '开仓参考价', components: position.entry_components },
          {
            key: 'close',
            label: liquidated ? '强平参考价' : '平仓参考价',
            components: position.close_components,
          },
        ]}
      />
    </PositionCard>
  );
}

/** Closed and liquidated positions, newest first, with the price each was closed at and where it came from. */
export function PositionHistory() {
  const [page, setPage] = useState(1);
  return (
    <PositionsQueryView
      list="closed"
      page={page}
      onPage={setPage}
      emptyText="暂无历史仓位"
      errorTitle="获取历史仓位失败"
      testId="position-history"
      render={(position) => <ClosedPositionCard key={position.id} position={position} />}
    />
  );
}
