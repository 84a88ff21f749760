import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { IndexComponent, PerpetualPosition, PerpetualSide } from '@platform/contracts';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { IndexComponents } from '../shared/IndexComponents.tsx';
import { referenceSourceName } from '../shared/referenceSource.ts';

/** Where a reference price came from, as the history names it (ARCHITECTURE.md, "Fair settlement"). */
export const sourceLabel = (source: string) => referenceSourceName(source) ?? source;

/** Long / short in the language shown (the contracts' ORDER_SIDE_LABELS in zh-CN). */
export const sideLabel = (side: PerpetualSide) => i18n.t(`user:perpetual.side.${side}`);

/** A position as its dialogs and notices name it: BTCUSDT Long 10x. */
export const positionName = (position: Pick<PerpetualPosition, 'symbol' | 'side' | 'leverage'>) =>
  `${position.symbol} ${sideLabel(position.side)} ${position.leverage}x`;

/** The base currency of a USDT-margined symbol: BTCUSDT is BTC. */
export const baseOf = (symbol: string, quote: string) =>
  symbol.endsWith(quote) ? symbol.slice(0, -quote.length) : symbol;

/** The P&L (left, large) and the ROE (right) at the top of a position card; labels aligned on top. */
export function PnlHeadline({
  label,
  pnl,
  roe,
  color,
  pnlTestId,
  roeTestId,
}: {
  label: string;
  pnl: string;
  roe: string;
  color: string | undefined;
  pnlTestId?: string;
  roeTestId?: string;
}) {
  const { t } = useTranslation('user');
  return (
    <Flex justify="space-between" align="start" gap={8}>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {label}
        </Typography.Text>
        <Typography.Text strong style={{ fontSize: 20, color }} data-testid={pnlTestId}>
          {pnl}
        </Typography.Text>
      </Flex>
      <Flex vertical align="end">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('perpetual.field.roe')}
        </Typography.Text>
        <Typography.Text strong style={{ fontSize: 16, color }} data-testid={roeTestId}>
          {roe}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/** One labelled figure of a position card. */
export function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Typography.Text
        style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {children}
      </Typography.Text>
    </Flex>
  );
}

/** Three columns of Stat cells: narrow enough for a phone, aligned across cards. */
export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '8px 12px' }}>
      {children}
    </div>
  );
}

/** A position's card: symbol, side, leverage and status over its figures; `action` on the right. */
export function PositionCard({
  position,
  action,
  children,
}: {
  position: PerpetualPosition;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('user');
  const long = position.side === 'long';
  return (
    <Card size="small" data-testid={`position-${position.id}`}>
      <Flex vertical gap={10}>
        <Flex justify="space-between" align="center" gap={8}>
          <Flex align="center" gap={6} wrap style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {position.symbol}
            </Typography.Text>
            <Tag color={long ? UP_COLOR : DOWN_COLOR} style={{ marginInlineEnd: 0 }}>
              {t(`perpetual.side.${position.side}`)}
            </Tag>
            <Tag style={{ marginInlineEnd: 0 }}>{position.leverage}x</Tag>
            {position.status !== 'open' && (
              <Tag
                color={position.status === 'liquidated' ? 'error' : 'default'}
                style={{ marginInlineEnd: 0 }}
              >
                {position.close_reason === 'take_profit' || position.close_reason === 'stop_loss'
                  ? t(`perpetual.closeReason.${position.close_reason}`)
                  : t(`perpetual.positionStatus.${position.status}`)}
              </Tag>
            )}
          </Flex>
          {action}
        </Flex>
        {children}
      </Flex>
    </Card>
  );
}

/**
 * 参考价构成 under a position card: the index's venues behind its entry (and close) price, folded
 * away until asked for, since a list of cards should stay short. Nothing for a position recorded
 * before the index.
 */
export function PositionPriceComponents({
  positionId,
  prices,
}: {
  positionId: number;
  prices: { key: string; label: string; components: IndexComponent[] | null }[];
}) {
  const { t } = useTranslation('user');
  const [open, setOpen] = useState(false);
  const shown = prices.filter((price) => price.components && price.components.length > 0);
  if (shown.length === 0) return null;
  return (
    <Flex vertical gap={4}>
      <Button
        type="link"
        size="small"
        style={{ alignSelf: 'flex-start', paddingInline: 0 }}
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        data-testid={`position-components-toggle-${positionId}`}
      >
        {t('perpetual.field.components')} {open ? <UpOutlined /> : <DownOutlined />}
      </Button>
      {open &&
        shown.map((price) => (
          <Flex key={price.key} vertical gap={2}>
            <Typography.Text style={{ fontSize: 12 }}>{price.label}</Typography.Text>
            <IndexComponents
              components={price.components}
              testId={`position-${price.key}-components-${positionId}`}
            />
          </Flex>
        ))}
    </Flex>
  );
}
