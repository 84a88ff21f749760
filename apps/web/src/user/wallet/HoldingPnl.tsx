import { DEFAULT_CURRENCY, type Holding } from '@platform/contracts';
import { formatBalance, formatChange, formatPairPrice, formatPercent } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { signColor } from '../shared/priceColors.ts';
import { fetchHoldings, walletKeys } from './walletApi.ts';

/** Each held coin's cost and unrealised P&L (GET /api/wallet/holdings), under the wallet root so fills refresh it. */
export function useHoldings() {
  const { token } = useSessionSnapshot();
  return useQuery({
    queryKey: walletKeys.holdings,
    queryFn: ({ signal }) => fetchHoldings(signal),
    enabled: Boolean(token),
  });
}

/**
 * 成本 and 未实现盈亏 of one coin (issue 33), the P&L in the user's up/down colour. Coins without a
 * buy price (deposits, adjustments) are said to be 成本未知, never given a made-up cost.
 */
export function HoldingPnl({ holding, currency }: { holding: Holding | undefined; currency: string }) {
  const { t } = useTranslation('user');
  if (!holding) return null;
  const testId = `holding-${currency}`;
  const unknownPart = /[1-9]/.test(holding.unknown_quantity);
  if (holding.avg_cost === null)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId}>
        {t('wallet.costUnknown')}
      </Typography.Text>
    );
  const pnl = holding.unrealised_pnl;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId}>
      {t('wallet.cost', { cost: formatPairPrice(holding.avg_cost) })}
      {pnl !== null && holding.unrealised_pnl_percent !== null && (
        <>
          {t('wallet.pnl')}
          <span style={{ color: signColor(pnl) }} data-testid={`${testId}-pnl`}>
            {formatChange(pnl, DEFAULT_CURRENCY)} ({formatPercent(holding.unrealised_pnl_percent)})
          </span>
        </>
      )}
      {unknownPart &&
        t('wallet.partCostUnknown', { quantity: formatBalance(holding.unknown_quantity, currency) })}
    </Typography.Text>
  );
}
