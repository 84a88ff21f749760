import type { PerpetualPosition } from '@platform/contracts';
import { Decimal, formatDateTime, roePercent } from '@platform/domain';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('user');
  const currency = position.currency;
  const pnl = position.realised_pnl ?? '0';
  const roe = roePercent(new Decimal(pnl), new Decimal(position.margin));
  const fees = new Decimal(position.open_fee).plus(position.close_fee ?? '0');
  const liquidated = position.status === 'liquidated';
  return (
    <PositionCard position={position}>
      <PnlHeadline
        label={t('perpetual.history.realisedIn', { currency })}
        pnl={formatSigned(pnl)}
        roe={`${formatSigned(roe, 2)}%`}
        color={signColor(pnl)}
        pnlTestId={`history-pnl-${position.id}`}
      />
      <StatGrid>
        <Stat label={t('perpetual.field.entryPrice')}>{formatPrice(position.entry_price)}</Stat>
        <Stat
          label={liquidated ? t('perpetual.field.liquidationPrice') : t('perpetual.field.closePrice')}
          testId={`history-close-price-${position.id}`}
        >
          {formatPrice(position.close_price)}
        </Stat>
        <Stat label={t('perpetual.field.marginIn', { currency })}>{formatAmount(position.margin)}</Stat>
        <Stat label={t('perpetual.history.feesIn', { currency })}>{formatFee(fees)}</Stat>
        <Stat label={t('perpetual.history.payoutIn', { currency })} testId={`history-payout-${position.id}`}>
          {formatAmount(position.payout ?? '0')}
        </Stat>
        <Stat label={t('perpetual.field.quantityIn', { base: baseOf(position.symbol, currency) })}>
          {formatPrice(position.quantity)}
        </Stat>
      </StatGrid>
      <Flex vertical gap={0}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(liquidated ? 'perpetual.history.liquidatedTimes' : 'perpetual.history.closedTimes', {
            opened: formatDateTime(position.opened_at),
            closed: formatDateTime(position.closed_at),
          })}
        </Typography.Text>
        {(position.close_reason === 'take_profit' || position.close_reason === 'stop_loss') && (
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12 }}
            data-testid={`history-trigger-${position.id}`}
          >
            {position.close_reason === 'take_profit'
              ? t('perpetual.history.tpTrigger', { price: formatPrice(position.take_profit_price) })
              : t('perpetual.history.slTrigger', { price: formatPrice(position.stop_loss_price) })}
          </Typography.Text>
        )}
        {position.close_source && (
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12 }}
            data-testid={`history-source-${position.id}`}
          >
            {t(liquidated ? 'perpetual.history.liquidationSource' : 'perpetual.history.closeSource', {
              source: sourceLabel(position.close_source),
              time: formatDateTime(position.close_price_at),
            })}
          </Typography.Text>
        )}
      </Flex>
      <PositionPriceComponents
        positionId={position.id}
        prices={[
          { key: 'entry', label: t('perpetual.field.entryReference'), components: position.entry_components },
          {
            key: 'close',
            label: liquidated
              ? t('perpetual.field.liquidationReference')
              : t('perpetual.field.closeReference'),
            components: position.close_components,
          },
        ]}
      />
    </PositionCard>
  );
}

/** Closed and liquidated positions, newest first, with the price each was closed at and where it came from. */
export function PositionHistory() {
  const { t } = useTranslation('user');
  const [page, setPage] = useState(1);
  return (
    <PositionsQueryView
      list="closed"
      page={page}
      onPage={setPage}
      emptyText={t('perpetual.history.empty')}
      errorTitle={t('perpetual.history.error')}
      testId="position-history"
      render={(position) => <ClosedPositionCard key={position.id} position={position} />}
    />
  );
}
