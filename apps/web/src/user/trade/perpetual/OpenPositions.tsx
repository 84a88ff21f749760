import {
  ORDER_SIDE_LABELS,
  PERPETUAL_CLOSE_PERCENTS,
  type PerpetualConfigData,
  type PerpetualPosition,
  POSITION_CLOSE_REASON_LABELS,
  REALTIME_EVENTS,
  type Ticker,
  type TradeOrder,
} from '@platform/contracts';
import { Decimal, formatDateTime } from '@platform/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Segmented, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
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
  Stat,
  StatGrid,
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
  const [percent, setPercent] = useState<ClosePercent>(100);
  const part = partOf(position, percent);
  const estimate = live.mark ? closeEstimate(part, live.mark, closeFeeRate) : null;
  return (
    <Flex vertical gap={8}>
      <span>
        以市价平仓 {position.symbol} {ORDER_SIDE_LABELS[position.side]} {position.leverage}x？
      </span>
      <Segmented
        block
        value={percent}
        options={PERPETUAL_CLOSE_PERCENTS.map((p) => ({ label: p === 100 ? '全部' : `${p}%`, value: p }))}
        onChange={(value) => {
          setPercent(value);
          onPick(value);
        }}
        data-testid="close-percent"
      />
      <Typography.Text data-testid="close-quantity">
        平仓数量 {formatPrice(part.quantity)} {baseOf(position.symbol, position.currency)}
        {percent < 100 && `，剩余仓位保持开仓价和止盈止损`}
      </Typography.Text>
      {estimate && (
        <Typography.Text type="secondary">
          按当前价格 {formatPrice(live.mark)} 预计盈亏 {formatSigned(estimate.realisedPnl)}，返还约{' '}
          {formatAmount(estimate.payout, position.currency)}。实际以平仓时的参考价为准。
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
  const currency = position.currency;
  const color = signColor(live.pnl);
  return (
    <PositionCard
      position={position}
      action={
        <Button danger loading={closing} onClick={onClose} data-testid={`position-close-${position.id}`}>
          平仓
        </Button>
      }
    >
      <PnlHeadline
        label={`未实现盈亏（${currency}）`}
        pnl={live.pnl ? formatSigned(live.pnl) : '--'}
        roe={live.roe ? `${formatSigned(live.roe, 2)}%` : '--'}
        color={color}
        pnlTestId={`position-pnl-${position.id}`}
        roeTestId={`position-roe-${position.id}`}
      />
      <StatGrid>
        <Stat label={`数量（${baseOf(position.symbol, currency)}）`}>{formatPrice(position.quantity)}</Stat>
        <Stat label="开仓价格" testId={`position-entry-${position.id}`}>
          {formatPrice(position.entry_price)}
        </Stat>
        <Stat label="标记价格" testId={`position-mark-${position.id}`}>
          {formatPrice(live.mark)}
        </Stat>
        <Stat label="强平价格" testId={`position-liquidation-${position.id}`}>
          {formatLiquidation(position.liquidation_price)}
        </Stat>
        <Stat label={`保证金（${currency}）`} testId={`position-margin-${position.id}`}>
          {formatAmount(position.margin)}
        </Stat>
        <Stat label={`价值（${currency}）`}>{formatAmount(position.notional)}</Stat>
        <Stat label={`资金费用（${currency}）`} testId={`position-funding-${position.id}`}>
          {formatSigned(position.funding)}
        </Stat>
      </StatGrid>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text style={{ fontSize: 13 }}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            止盈{' '}
          </Typography.Text>
          <span data-testid={`position-tp-${position.id}`}>
            {position.take_profit_price ? formatPrice(position.take_profit_price) : '未设置'}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {' '}
            · 止损{' '}
          </Typography.Text>
          <span data-testid={`position-sl-${position.id}`}>
            {position.stop_loss_price ? formatPrice(position.stop_loss_price) : '未设置'}
          </span>
        </Typography.Text>
        <Flex gap={8}>
          <Button size="small" onClick={onTpsl} data-testid={`position-tpsl-${position.id}`}>
            止盈止损
          </Button>
          <Button size="small" onClick={onMargin} data-testid={`position-add-margin-${position.id}`}>
            追加保证金
          </Button>
        </Flex>
      </Flex>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          开仓 {formatDateTime(position.opened_at)} · 手续费 {formatFee(position.open_fee)}
          {new Decimal(position.margin_added).gt(0) &&
            ` · 已追加保证金 ${formatAmount(position.margin_added)}`}
        </Typography.Text>
        {live.liquidating && <Tag color="error">强平中</Tag>}
      </Flex>
      <PositionPriceComponents
        positionId={position.id}
        prices={[{ key: 'entry', label: '开仓参考价', components: position.entry_components }]}
      />
    </PositionCard>
  );
}

/** What the last close paid: shown until dismissed, so the result outlives the toast. */
function CloseResult({ position, onDismiss }: { position: PerpetualPosition; onDismiss: () => void }) {
  const currency = position.currency;
  const pnl = position.realised_pnl ?? '0';
  // A close at or past the liquidation price is the liquidation: the server answers with it.
  const liquidated = position.status === 'liquidated';
  const triggered = position.close_reason === 'take_profit' || position.close_reason === 'stop_loss';
  const outcome = liquidated
    ? '已强平'
    : triggered && position.close_reason
      ? POSITION_CLOSE_REASON_LABELS[position.close_reason]
      : '已平仓';
  return (
    <Alert
      type={liquidated ? 'warning' : signColor(pnl) === UP_COLOR ? 'success' : 'info'}
      showIcon
      closable={{ onClose: onDismiss }}
      data-testid="close-result"
      title={`${outcome} ${position.symbol} ${ORDER_SIDE_LABELS[position.side]} ${position.leverage}x`}
      description={
        <Flex vertical gap={2}>
          {liquidated && <span>已触及强平价，保证金已全部亏损</span>}
          {triggered && (
            <span>
              标记价格触及{position.close_reason === 'take_profit' ? '止盈价' : '止损价'}{' '}
              {formatPrice(
                position.close_reason === 'take_profit'
                  ? position.take_profit_price
                  : position.stop_loss_price,
              )}
              ，已按参考价平仓
            </span>
          )}
          <span>
            已实现盈亏{' '}
            <Typography.Text strong style={{ color: signColor(pnl) }} data-testid="close-result-pnl">
              {formatSigned(pnl)} {currency}
            </Typography.Text>
          </span>
          <span data-testid="close-result-payout">
            返还可用余额 {formatAmount(position.payout ?? '0', currency)}
          </span>
          <span>平仓手续费 {formatFee(position.close_fee ?? '0', currency)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            平仓价 {formatPrice(position.close_price)} · {sourceLabel(position.close_source ?? '')} ·{' '}
            {formatDateTime(position.close_price_at)}
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
        void message.success(reply.message || '部分平仓成功');
        return;
      }
      setClosed(reply.data.position);
      if (reply.data.position.status === 'liquidated') void message.warning(reply.message || '仓位已强平');
      else void message.success(reply.message || '平仓成功');
    },
    onError: (error) => void message.error(errorMessage(error, '平仓失败，请稍后重试')),
    onSettled: refresh,
  });

  const tpsl = useIdempotentMutation({
    mutationFn: (input: { id: number; values: TpslValues }, idempotencyKey) =>
      setPositionTpsl(input.id, input.values, idempotencyKey),
    requiresConnection: true,
    onSuccess: (reply) => {
      void message.success(reply.message || '止盈止损已设置');
      setEditing(null);
    },
    onError: (error) => void message.error(errorMessage(error, '设置止盈止损失败，请稍后重试')),
    onSettled: refresh,
  });

  const margin = useIdempotentMutation({
    mutationFn: (input: { id: number; amount: string }, idempotencyKey) =>
      addPositionMargin(input.id, { amount: input.amount }, idempotencyKey),
    requiresConnection: true,
    onSuccess: (reply) => {
      void message.success(reply.message || '保证金已追加');
      setEditing(null);
    },
    onError: (error) => void message.error(errorMessage(error, '追加保证金失败，请稍后重试')),
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
          title: reason === 'take_profit' ? '止盈已触发' : '止损已触发',
          description: `${closedBy.symbol} ${ORDER_SIDE_LABELS[closedBy.side]} ${closedBy.leverage}x 已按参考价 ${formatPrice(closedBy.close_price)} 平仓，已实现盈亏 ${formatSigned(pnl, 2)} ${closedBy.currency}。`,
        });
      } else if (position && !closingIds.current.has(order.id)) {
        notification.warning({
          key: `liquidated-${order.id}`,
          title: '仓位已强平',
          description: `${position.symbol} ${ORDER_SIDE_LABELS[position.side]} ${position.leverage}x 已按参考价触及强平价，保证金 ${formatAmount(position.margin, position.currency)} 已扣除。`,
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
      title: '确认平仓',
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
      okText: '确认平仓',
      okButtonProps: { danger: true },
      cancelText: '取消',
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
        emptyText="暂无持仓"
        errorTitle="获取持仓失败"
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
