import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchTradingPairs, TRADING_PAIRS_KEY } from './pairsApi.ts';

/**
 * 全部交易对 / one pair: the pair filter of the back office's lists (订单管理, 持仓列表, 资金费用), from the
 * pairs the platform lists. `quote` keeps the pairs quoted in it only (perpetuals are USDT-margined).
 * '' is no filter.
 */
export function PairFilter({
  value,
  onChange,
  quote,
  testId,
}: {
  value: string;
  onChange: (symbol: string) => void;
  quote?: string;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const pairs = useQuery({
    queryKey: TRADING_PAIRS_KEY,
    queryFn: ({ signal }) => fetchTradingPairs(signal),
    staleTime: 60_000,
  });
  const options = (pairs.data?.pairs ?? [])
    .filter((pair) => quote === undefined || pair.quote_currency === quote)
    .map((pair) => ({ value: pair.symbol, label: pair.symbol }));
  return (
    <Select
      showSearch
      allowClear
      placeholder={t('trading.allPairs')}
      style={{ width: 160 }}
      value={value || undefined}
      options={options}
      onChange={(symbol?: string) => onChange(symbol ?? '')}
      data-testid={testId}
    />
  );
}
