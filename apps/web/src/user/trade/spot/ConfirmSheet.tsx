import { ORDER_SIDE_LABELS, SPOT_ORDER_TYPE_LABELS, type TradingPair } from '@platform/contracts';
import { formatCrypto, formatNumber } from '@platform/domain';
import { Alert, Button, type ButtonProps, Checkbox, Descriptions, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { DISCONNECTED_ACTION_TEXT } from '../../../lib/connectivity.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import type { OrderCheck, OrderDraft } from './orderForm.ts';

export interface ConfirmSheetProps {
  pair: TradingPair;
  /** The order as it was when 买入/卖出 was tapped. */
  draft: OrderDraft;
  /** That order checked against the live book and balance (a market estimate moves with the book). */
  check: OrderCheck;
  placing: boolean;
  disconnected: boolean;
  onCancel: () => void;
  /** `skipFromNowOn`: 不再提示 was ticked. */
  onConfirm: (skipFromNowOn: boolean) => void;
}

/**
 * 确认下单 for a spot order (mounted while open, so 不再提示 starts unticked each time), as the flash, option and perpetual screens confirm theirs: the terms,
 * what it costs with the fee, and 不再提示 (kept on this device). The button refuses while the app
 * is disconnected or the order no longer passes its checks.
 */
export function ConfirmSheet({
  pair,
  draft,
  check,
  placing,
  disconnected,
  onCancel,
  onConfirm,
}: ConfirmSheetProps) {
  const [skip, setSkip] = useState(false);
  const limit = draft.type === 'limit';
  const buy = draft.side === 'buy';
  const color = buy ? UP_COLOR : DOWN_COLOR;
  const quote = pair.quote_currency;
  const approx = limit ? '' : '≈ ';
  const money = (value: OrderCheck['total']) => (value ? `${approx}${formatCrypto(value, quote)}` : '--');
  const received = check.total && check.fee ? check.total.minus(check.fee) : null;
  const rows = [
    { label: '交易对', value: pair.symbol },
    {
      label: '方向',
      value: <span style={{ color, fontWeight: 600 }}>{ORDER_SIDE_LABELS[draft.side]}</span>,
    },
    { label: '类型', value: SPOT_ORDER_TYPE_LABELS[draft.type] },
    {
      label: '价格',
      value: limit ? `${formatNumber(draft.price.trim(), pair.price_precision)} ${quote}` : '市场最优价格',
    },
    { label: '数量', value: `${draft.amount.trim()} ${pair.base_currency}` },
    { label: limit ? '交易额' : '预计交易额', value: money(check.total) },
    { label: '手续费', value: money(check.fee) },
    buy
      ? { label: '合计（含手续费）', value: money(check.cost) }
      : { label: '预计到账', value: money(received) },
  ];
  const problem = Object.values(check.errors)[0];
  return (
    <Modal
      open
      title="确认下单"
      width={400}
      onCancel={onCancel}
      maskClosable={!placing}
      closable={!placing}
      footer={
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Checkbox
            checked={skip}
            onChange={(e) => setSkip(e.target.checked)}
            data-testid="spot-confirm-skip"
          >
            不再提示
          </Checkbox>
          <Flex gap={8}>
            <Button onClick={onCancel} disabled={placing} data-testid="spot-confirm-cancel">
              取消
            </Button>
            <Button
              type="primary"
              loading={placing}
              disabled={disconnected || !check.body}
              onClick={() => onConfirm(skip)}
              style={disconnected || !check.body ? undefined : { background: color, borderColor: color }}
              {...({ 'data-testid': 'spot-confirm-ok' } as ButtonProps)}
            >
              确认下单
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={8} data-testid="spot-confirm">
        <Descriptions
          column={1}
          size="small"
          items={rows.map((r) => ({ key: r.label, label: r.label, children: r.value }))}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {limit
            ? '限价单挂单期间冻结所需资金，参考市场价格达到委托价时成交，未成交部分可在当前委托中撤销。'
            : '市价单按下单时的参考市场深度立即成交，成交均价以成交结果为准。'}
        </Typography.Text>
        {disconnected ? (
          <Alert type="error" showIcon title={DISCONNECTED_ACTION_TEXT} data-testid="spot-confirm-offline" />
        ) : (
          problem && <Alert type="warning" showIcon title={problem} data-testid="spot-confirm-problem" />
        )}
      </Flex>
    </Modal>
  );
}
