import { CaretDownOutlined, SearchOutlined } from '@ant-design/icons';
import { type TradeProduct, tradeProducts } from '@platform/contracts';
import { formatPairPrice, formatPercent } from '@platform/domain';
import { Button, Drawer, Empty, Flex, Input, List, Segmented, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CoinIcon } from '../../../components/CoinIcon.tsx';
import { useDisconnected } from '../../../lib/connectivity.ts';
import { type Ticker, useLiveTickers } from '../../../lib/market/useLiveTickers.ts';
import { signColor } from '../../shared/priceColors.ts';
import { PriceAlertButton } from './PriceAlertButton.tsx';
import { SimulatedNotice } from './SimulatedNotice.tsx';
import { tradePath, useTradingPairs } from './tradePairs.ts';

/** Each pair's price precision (price_precision), from the cached pair list; empty until it loads. */
function usePricePrecisions(): ReadonlyMap<string, number> {
  const pairs = useTradingPairs();
  return useMemo(() => new Map((pairs.data ?? []).map((p) => [p.symbol, p.price_precision])), [pairs.data]);
}

function PairRow({
  symbol,
  ticker,
  current,
  precision,
}: {
  symbol: string;
  ticker?: Ticker;
  current: boolean;
  precision: number | undefined;
}) {
  return (
    <Flex justify="space-between" align="center" style={{ width: '100%' }}>
      <Typography.Text strong={current}>{symbol}</Typography.Text>
      <Flex vertical align="end">
        <Typography.Text>{ticker ? formatPairPrice(ticker.last_price, precision) : '--'}</Typography.Text>
        <Typography.Text style={{ fontSize: 12, color: signColor(ticker?.change_24h) }}>
          {ticker ? formatPercent(ticker.change_24h, 2, { sign: true }) : ''}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

const STALE_COLOR = '#bfbfbf';

/** The base coin of a pair symbol (BTCUSDT → BTC); every pair here is quoted in USDT. */
const baseOf = (symbol: string) => symbol.replace(/USDT$/, '') || symbol;

export interface TradeHeaderProps {
  product: TradeProduct;
  /** The pairs this product offers. */
  symbols: readonly string[];
  symbol: string | undefined;
  /** Shown beside the last price (the perpetual screen's mark price). */
  extra?: ReactNode;
}

/**
 * The top of every trade screen: 模拟行情，仅供演示 while prices are simulated, the product switch
 * (现货 / 秒合约 / 永续合约 / 期权), and the pair with its live price, which opens a searchable list
 * of the product's pairs.
 */
export function TradeHeader({ product, symbols, symbol, extra }: TradeHeaderProps) {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const { tickers } = useLiveTickers(symbols);
  const ticker = symbol ? tickers.get(symbol) : undefined;
  // Prices to the pair's own precision (issue 20: every pair was shown with 4 decimals).
  const precisions = usePricePrecisions();
  // Cut off, the last price shown is stale: greyed and said so, never passed off as live.
  const stale = useDisconnected();
  const priceColor = stale ? STALE_COLOR : signColor(ticker?.change_24h);
  const shown = useMemo(() => {
    const term = search.trim().toUpperCase();
    return term ? symbols.filter((s) => s.includes(term)) : symbols;
  }, [symbols, search]);

  return (
    <Flex vertical gap={8} data-testid="trade-header">
      <SimulatedNotice />
      <Segmented
        block
        value={product}
        options={tradeProducts.map((p) => ({ value: p, label: t(`trade.productTab.${p}`) }))}
        onChange={(next) => navigate(tradePath(next as TradeProduct, symbol))}
      />
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Button
          type="text"
          onClick={() => setOpen(true)}
          style={{ paddingInline: 4, fontSize: 18, fontWeight: 600 }}
          data-testid="pair-switcher"
        >
          {symbol && <CoinIcon coin={baseOf(symbol)} size={22} style={{ marginInlineEnd: 6 }} />}
          {symbol ?? t('trade.header.choosePair')} <CaretDownOutlined />
        </Button>
        {symbol && (
          <PriceAlertButton
            symbol={symbol}
            lastPrice={ticker?.last_price}
            precision={precisions.get(symbol)}
          />
        )}
        <span style={{ flex: 1 }} />
        <Flex vertical align="end">
          <Flex gap={12} align="baseline">
            {stale && (
              <Tag color="default" style={{ marginInlineEnd: 0 }} data-testid="trade-price-stale">
                {t('trade.header.stale')}
              </Tag>
            )}
            <Typography.Text
              strong
              style={{ fontSize: 18, color: priceColor }}
              data-stale={stale || undefined}
              data-testid="trade-last-price"
            >
              {ticker
                ? formatPairPrice(ticker.last_price, symbol ? precisions.get(symbol) : undefined)
                : '--'}
            </Typography.Text>
            <Typography.Text style={{ color: priceColor }}>
              {ticker ? formatPercent(ticker.change_24h, 2, { sign: true }) : ''}
            </Typography.Text>
          </Flex>
          {extra}
        </Flex>
      </Flex>
      <Drawer
        title={t('trade.header.choosePair')}
        placement="left"
        open={open}
        onClose={() => setOpen(false)}
        size="default"
        styles={{ wrapper: { maxWidth: '85vw' }, body: { padding: 12 } }}
      >
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('trade.header.searchPair')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 8 }}
        />
        {shown.length === 0 ? (
          <Empty description={t('trade.header.noMatch')} />
        ) : (
          <List
            dataSource={[...shown]}
            renderItem={(s) => (
              <List.Item
                style={{ cursor: 'pointer', paddingInline: 4 }}
                onClick={() => {
                  setOpen(false);
                  navigate(tradePath(product, s));
                }}
                data-testid={`pair-option-${s}`}
              >
                <PairRow
                  symbol={s}
                  ticker={tickers.get(s)}
                  current={s === symbol}
                  precision={precisions.get(s)}
                />
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </Flex>
  );
}
