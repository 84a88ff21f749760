import { listTradingPairs, type TradeProduct } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../lib/request.ts';

export const TRADE_PAIRS_KEY = ['trading', 'pairs'] as const;

/** GET /api/trading/pairs: the enabled pairs (public). */
export function useTradingPairs() {
  return useQuery({
    queryKey: TRADE_PAIRS_KEY,
    queryFn: async ({ signal }) => (await call(listTradingPairs, { signal })).data.pairs,
    staleTime: 60_000,
  });
}

export const tradePath = (product: TradeProduct, symbol?: string) =>
  symbol ? `/trade/${product}/${symbol}` : `/trade/${product}`;

/**
 * The pair a trade screen shows: the address's :symbol when the product offers it, otherwise the
 * product's first pair (the address is corrected, so a shared link never shows a pair it cannot
 * trade). Undefined while the product's pairs are unknown or when it has none.
 */
export function useTradeSymbol(
  product: TradeProduct,
  offered: readonly string[] | undefined,
): string | undefined {
  const { symbol: asked } = useParams();
  const navigate = useNavigate();
  const wanted = asked?.toUpperCase();
  const symbol = offered && wanted && offered.includes(wanted) ? wanted : offered?.[0];
  useEffect(() => {
    if (offered && symbol && symbol !== asked) navigate(tradePath(product, symbol), { replace: true });
  }, [offered, symbol, asked, product, navigate]);
  return symbol;
}
