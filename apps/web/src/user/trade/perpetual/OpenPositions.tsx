import {
  PERPETUAL_CLOSE_PERCENTS,
  type PerpetualConfigData,
  type PerpetualPosition,
  REALTIME_EVENTS,
  type Ticker,
  type TradeOrder,
} from '@platform/contracts';
import { Decimal, formatDateTime } from '@platform/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Segmented, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotentMutation } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { signColor, UP_COLOR } from '../../shared/priceColors.ts';
import { fetchWallet, WALLET_QUERY_ROOT, walletKeys } from '../../wallet/walletApi.ts';
import { walletOf } from '../../wallet/walletMath.ts';
import { MarginDialog } from './MarginDialog.tsx';
import {
  baseOf,
  PnlHeadline,
  PositionCard,
  PositionPriceComponents,
  positionName,
  Stat,
  StatGrid,
  sideLabel,
  sourceLabel,
} from './PositionParts.tsx';
import { PositionsQueryView } from './PositionsQueryView.tsx';
import {
  addPositionMargin,
  closePosition,
  PERPETUAL_QUERY_ROOT,
  type PositionsPage,
  perpetualKeys,
  reducePosition,
  setPositionTpsl,
} from './perpetualApi.ts';
import {
  closeEstimate,
  formatAmount,
  formatFee,
  formatLiquidation,
  formatPrice,
  formatSigned,
  type LiveMark,
  liveMark,
} from './perpetualMath.ts';
import { TpslDialog, type TpslValues } from './TpslDialog.tsx';

type ClosePercent = (typeof PERPETUAL_CLOSE_PERCENTS)[number];

/** `percent` of a position: its quantity and margin scaled, to estimate what closing that part pays. */
function partOf(position: PerpetualPosition, percent: ClosePercent): PerpetualPosition {
  const share = (v: string) => new Decimal(v).times(percent).div(100).toFixed();
  return { ...position, quantity: share(position.quantity), margin: share(position.margin) };
}

/**
 * The close dialog's body: 25 / 50 / 75 / 100 % of the position (100: all of it) and what that part
 * would pay at the live mark; the choice is reported to the dialog's OK through `onPick`.
 */
function ClosePicker({
  position,
  live,
  closeFeeRate,
  onPick,
}: {
  position: PerpetualPosition;
  live: LiveMark;
  closeFeeRate: string;
  onPick: (percent: ClosePercent) => void;
}) {
  const { t } = useTranslation('user');
  const [percent, setPercent] = useState<ClosePercent>(100);
  const part = partOf(position, percent);
  const estimate = live.mark ? closeEstimate(part, live.mark, closeFeeRate) : null;
  return (
    <Flex vertical gap={8}>
      <span>
        {t('perpetual.positions.closeQuestion', {
          symbol: position.symbol,
          side: sideLabel(position.side),
          leverage: position.leverage,
        })}
      </span>
      <Segmented
        block
        value={percent}
        options={PERPETUAL_CLOSE_PERCENTS.map((p) => ({
          label: p === 100 ? t('perpetual.positions.all') : `${p}%`,
          value: p,
        }))}
        onChange={(value) => {
          setPercent(value);
          onPick(value);
        }}
        data-testid="close-percent"
      />
      <Typography.Text data-testid="close-quantity">
        {t('perpetual.positions.closeQuantity', {
          quantity: formatPrice(part.quantity),
          base: baseOf(position.symbol, position.currency),
        })}
        {percent < 100 && t('perpetual.positions.restKept')}
      </Typography.Text>
      {estimate && (
        <Typography.Text type="secondary">
          {t('perpetual.positions.closeEstimate', {
            mark: formatPrice(live.mark),
            pnl: formatSigned(estimate.realisedPnl),
            payout: formatAmount(estimate.payout, position.currency),
          })}
        </Typography.Text>
      )}
    </Flex>
  );
}

function OpenPositionCard({
  position,
  live,
  onClose,
  closing,
  onTpsl,
  onMargin,
}: {
  position: PerpetualPosition;
  live: LiveMark;
  onClose: () => void;
  closing: boolean;
  onTpsl: () => void;
  onMargin: () => void;
}) {
  const { t } = useTranslation('user');
  const currency = position.currency;
  const color = signColor(live.pnl);
  return (
    <PositionCard
      position={position}
      action={
        <Button danger loading={closing} onClick={onClose} data-testid={`position-close-${position.id}`}>
          {t('perpetual.positions.close')}
        </Button>
      }
    >
      <PnlHeadline
        label={t('perpetual.positions.unrealisedIn', { currency })}
        pnl={live.pnl ? formatSigned(live.pnl) : '--'}
        roe={live.roe ? `${formatSigned(live.roe, 2)}%` : '--'}
        color={color}
        pnlTestId={`position-pnl-${position.id}`}
        roeTestId={`position-roe-${position.id}`}
      />
      <StatGrid>
        <Stat label={t('perpetual.field.quantityIn', { base: baseOf(position.symbol, currency) })}>
          {formatPrice(position.quantity)}
        </Stat>
        <Stat label={t('perpetual.field.entryPrice')} testId={`position-entry-${position.id}`}>
          {formatPrice(position.entry_price)}
        </Stat>
        <Stat label={t('perpetual.field.markPrice')} testId={`position-mark-${position.id}`}>
          {formatPrice(live.mark)}
        </Stat>
        <Stat label={t('perpetual.field.liquidationPrice')} testId={`position-liquidation-${position.id}`}>
          {formatLiquidation(position.liquidation_price)}
        </Stat>
        <Stat label={t('perpetual.field.marginIn', { currency })} testId={`position-margin-${position.id}`}>
          {formatAmount(position.margin)}
        </Stat>
        <Stat label={t('perpetual.positions.valueIn', { currency })}>{formatAmount(position.notional)}</Stat>
        <Stat
          label={t('perpetual.positions.fundingIn', { currency })}
          testId={`position-funding-${position.id}`}
        >
          {formatSigned(position.funding)}
        </Stat>
      </StatGrid>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text style={{ fontSize: 13 }}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('perpetual.positions.takeProfit')}{' '}
          </Typography.Text>
          <span data-testid={`position-tp-${position.id}`}>
            {position.take_profit_price
              ? formatPrice(position.take_profit_price)
              : t('perpetual.positions.notSet')}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {` · ${t('perpetual.positions.stopLoss')} `}
          </Typography.Text>
          <span data-testid={`position-sl-${position.id}`}>
            {position.stop_loss_price
              ? formatPrice(position.stop_loss_price)
              : t('perpetual.positions.notSet')}
          </span>
        </Typography.Text>
        <Flex gap={8}>
          <Button size="small" onClick={onTpsl} data-testid={`position-tpsl-${position.id}`}>
            {t('perpetual.positions.tpsl')}
          </Button>
          <Button size="small" onClick={onMargin} data-testid={`position-add-margin-${position.id}`}>
            {t('perpetual.positions.addMargin')}
          </Button>
        </Flex>
      </Flex>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('perpetual.positions.opened', {
            time: formatDateTime(position.opened_at),
            fee: formatFee(position.open_fee),
          })}
          {new Decimal(position.margin_added).gt(0) &&
            ` · ${t('perpetual.positions.marginAdded', { amount: formatAmount(position.margin_added) })}`}
        </Typography.Text>
        {live.liquidating && <Tag color="error">{t('perpetual.positions.liquidating')}</Tag>}
      </Flex>
      <PositionPriceComponents
        positionId={position.id}
        prices={[
          { key: 'entry', label: t('perpetual.field.entryReference'), components: position.entry_components },
        ]}
      />
    </PositionCard>
  );
}

/** What the last close paid: shown until dismissed, so the result outlives the toast. */
function CloseResult({ position, onDismiss }: { position: PerpetualPosition; onDismiss: () => void }) {
  const { t } = useTranslation('user');
  const currency = position.currency;
  const pnl = position.realised_pnl ?? '0';
  // A close at or past the liquidation price is the liquidation: the server answers with it.
  const liquidated = position.status === 'liquidated';
  const triggered = position.close_reason === 'take_profit' || position.close_reason === 'stop_loss';
  const outcome = liquidated
    ? t('perpetual.positionStatus.liquidated')
    : triggered && position.close_reason
      ? t(`perpetual.closeReason.${position.close_reason}`)
      : t('perpetual.positionStatus.closed');
  return (
    <Alert
      type={liquidated ? 'warning' : signColor(pnl) === UP_COLOR ? 'success' : 'info'}
      showIcon
      closable={{ onClose: onDismiss }}
      data-testid="close-result"
      title={t('perpetual.positions.resultTitle', {
        outcome,
        symbol: position.symbol,
        side: sideLabel(position.side),
        leverage: position.leverage,
      })}
      description={
        <Flex vertical gap={2}>
          {liquidated && <span>{t('perpetual.positions.liquidatedNote')}</span>}
          {triggered && (
            <span>
              {position.close_reason === 'take_profit'
                ? t('perpetual.positions.tpReached', { price: formatPrice(position.take_profit_price) })
                : t('perpetual.positions.slReached', { price: formatPrice(position.stop_loss_price) })}
            </span>
          )}
          <span>
            {t('perpetual.positions.realised')}{' '}
            <Typography.Text strong style={{ color: signColor(pnl) }} data-testid="close-result-pnl">
              {formatSigned(pnl)} {currency}
            </Typography.Text>
          </span>
          <span data-testid="close-result-payout">
            {t('perpetual.positions.payout', { amount: formatAmount(position.payout ?? '0', currency) })}
          </span>
          <span>
            {t('perpetual.positions.closeFee', { fee: formatFee(position.close_fee ?? '0', currency) })}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('perpetual.positions.closeLine', {
              price: formatPrice(position.close_price),
              source: sourceLabel(position.close_source ?? ''),
              time: formatDateTime(position.close_price_at),
            })}
          </Typography.Text>
        </Flex>
      }
    />
  );
}

export interface OpenPositionsProps {
  config: PerpetualConfigData;
  tickers: ReadonlyMap<string, Ticker>;
}

/**
 * The open positions, marked live; 平仓 closes one at market after a confirmation, 止盈止损 and
 * 追加保证金 open their dialogs.
 */
export function OpenPositions({ config, tickers }: OpenPositionsProps) {
  const { t } = useTranslation('user');
  const { message, modal, notification } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [closed, setClosed] = useState<PerpetualPosition | null>(null);
  // Positions this screen is closing: an order event about them is not a liquidation.
  const closingIds = useRef(new Set<number>());
  const [editing, setEditing] = useState<{ kind: 'tpsl' | 'margin'; position: PerpetualPosition } | null>(
    null,
  );
  const wallet = useQuery({ queryKey: walletKeys.wallet, queryFn: ({ signal }) => fetchWallet(signal) });
  const available = wallet.data ? walletOf(wallet.data.wallets, config.currency).balance : undefined;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: PERPETUAL_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
  };

  const close = useIdempotentMutation({
    mutationFn: ({ id, percent }: { id: number; percent: ClosePercent }, idempotencyKey) =>
      percent === 100 ? closePosition(id, idempotencyKey) : reducePosition(id, { percent }, idempotencyKey),
    requiresConnection: true,
    onMutate: ({ id, percent }) => {
      if (percent === 100) closingIds.current.add(id);
    },
    onSuccess: (reply) => {
      // A part closed leaves the position open: the toast says so, the list shows the rest.
      if (reply.data.position.status === 'open') {
        void message.success(reply.message || t('perpetual.positions.reduced'));
        return;
      }
      setClosed(reply.data.position);
      if (reply.data.position.status === 'liquidated')
        void message.warning(reply.message || t('perpetual.positions.liquidated'));
      else void message.success(reply.message || t('perpetual.positions.closed'));
    },
    onError: (error) => void message.error(errorMessage(error, t('perpetual.positions.closeFailed'))),
    onSettled: refresh,
  });

  const tpsl = useIdempotentMutation({
    mutationFn: (input: { id: number; values: TpslValues }, idempotencyKey) =>
      setPositionTpsl(input.id, input.values, idempotencyKey),
    requiresConnection: true,
    onSuccess: (reply) => {
      void message.success(reply.message || t('perpetual.positions.tpslSet'));
      setEditing(null);
    },
    onError: (error) => void message.error(errorMessage(error, t('perpetual.positions.tpslFailed'))),
    onSettled: refresh,
  });

  const margin = useIdempotentMutation({
    mutationFn: (input: { id: number; amount: string }, idempotencyKey) =>
      addPositionMargin(input.id, { amount: input.amount }, idempotencyKey),
    requiresConnection: true,
    onSuccess: (reply) => {
      void message.success(reply.message || t('perpetual.positions.marginDone'));
      setEditing(null);
    },
    onError: (error) => void message.error(errorMessage(error, t('perpetual.positions.marginFailed'))),
    onSettled: refresh,
  });

  // The job tells about a perpetual order by socket: a take-profit or stop-loss close comes with its
  // position; any other order of a position open here that this screen did not close was liquidated.
  useSocketEvent<{ order?: TradeOrder; position?: PerpetualPosition }>(
    REALTIME_EVENTS.orderUpdated,
    (payload) => {
      const order = payload?.order;
      if (order?.product !== 'perpetual') return;
      const shown = queryClient.getQueryData<PositionsPage>(perpetualKeys.positions('open', page));
      const position = shown?.positions.find((p) => p.id === order.id);
      const reason = payload?.position?.close_reason;
      if (payload?.position && (reason === 'take_profit' || reason === 'stop_loss')) {
        const closedBy = payload.position;
        setClosed(closedBy);
        const pnl = closedBy.realised_pnl ?? '0';
        notification.info({
          key: `tpsl-${order.id}`,
          title:
            reason === 'take_profit'
              ? t('perpetual.positions.tpTriggered')
              : t('perpetual.positions.slTriggered'),
          description: t('perpetual.positions.tpslNotice', {
            position: positionName(closedBy),
            price: formatPrice(closedBy.close_price),
            pnl: formatSigned(pnl, 2),
            currency: closedBy.currency,
          }),
        });
      } else if (position && !closingIds.current.has(order.id)) {
        notification.warning({
          key: `liquidated-${order.id}`,
          title: t('perpetual.positions.liquidated'),
          description: t('perpetual.positions.liquidatedNotice', {
            position: positionName(position),
            margin: formatAmount(position.margin, position.currency),
          }),
        });
      }
      refresh();
    },
  );

  // The pair's price decimals bound a take-profit or stop-loss; 8 (the contracts' limit) until known.
  const pricePrecisionOf = (symbol: string) =>
    config.pairs.find((p) => p.symbol === symbol)?.price_precision ?? 8;

  const confirmClose = (position: PerpetualPosition, live: LiveMark) => {
    let percent: ClosePercent = 100;
    modal.confirm({
      title: t('perpetual.positions.confirmClose'),
      content: (
        <ClosePicker
          position={position}
          live={live}
          closeFeeRate={config.close_fee_rate}
          onPick={(picked) => {
            percent = picked;
          }}
        />
      ),
      okText: t('perpetual.positions.confirmClose'),
      okButtonProps: { danger: true },
      cancelText: t('perpetual.cancel'),
      onOk: () => close.mutateAsync({ id: position.id, percent }).catch(() => undefined),
    });
  };

  return (
    <Flex vertical gap={8}>
      {closed && <CloseResult position={closed} onDismiss={() => setClosed(null)} />}
      <PositionsQueryView
        list="open"
        page={page}
        onPage={setPage}
        emptyText={t('perpetual.positions.empty')}
        errorTitle={t('perpetual.positions.error')}
        testId="open-positions"
        render={(position) => {
          const live = liveMark(position, tickers.get(position.symbol));
          return (
            <OpenPositionCard
              key={position.id}
              position={position}
              live={live}
              closing={close.isPending && close.variables?.id === position.id}
              onClose={() => confirmClose(position, live)}
              onTpsl={() => setEditing({ kind: 'tpsl', position })}
              onMargin={() => setEditing({ kind: 'margin', position })}
            />
          );
        }}
      />
      {editing?.kind === 'tpsl' && (
        <TpslDialog
          position={editing.position}
          pricePrecision={pricePrecisionOf(editing.position.symbol)}
          closeFeeRate={config.close_fee_rate}
          mark={liveMark(editing.position, tickers.get(editing.position.symbol)).mark}
          saving={tpsl.isPending}
          onSave={(values) => tpsl.mutate({ id: editing.position.id, values })}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'margin' && (
        <MarginDialog
          position={editing.position}
          available={available}
          maxMargin={config.max_margin}
          saving={margin.isPending}
          onSave={(amount) => margin.mutate({ id: editing.position.id, amount })}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
