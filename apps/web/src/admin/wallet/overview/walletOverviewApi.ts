import {
  ASSET_COLORS,
  type AssetDistributionItem,
  EMPTY_ASSET_DISTRIBUTION_NAMES,
  getWalletOverview,
  OTHER_ASSETS_NAME,
  type WalletOverview,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';

export const WALLET_OVERVIEW_QUERY_KEY = ['admin', 'wallet', 'overview'] as const;

/** GET /api/admin/wallet/overview. */
export const fetchWalletOverview = (signal?: AbortSignal) =>
  call(getWalletOverview, { signal }).then((reply) => reply.data);

/** The distribution to show: the server's rows, or four zero rows (USDT, BTC, ETH, 其他) when it has none. */
export function distributionRows(items: readonly AssetDistributionItem[]): AssetDistributionItem[] {
  if (items.length > 0) return [...items];
  return EMPTY_ASSET_DISTRIBUTION_NAMES.map((name) => {
    const other = name === OTHER_ASSETS_NAME;
    return {
      name,
      currency: other ? null : name,
      currencies: other ? [] : [name],
      amount: other ? null : '0',
      price: null,
      value: '0',
      percentage: '0.0',
      color: ASSET_COLORS[name] ?? '#8c8c8c',
    };
  });
}

export interface EntryCard {
  key: 'deposits' | 'withdrawals' | 'users';
  path: string;
  pending: number;
}

/** The three entry cards; each carries its pending count (its badge shows only above 0). */
export function entryCards(data: WalletOverview): EntryCard[] {
  return [
    {
      key: 'deposits',
      path: '/admin/wallet/deposits',
      pending: data.pendingDeposits,
    },
    {
      key: 'withdrawals',
      path: '/admin/wallet/withdrawals',
      pending: data.pendingWithdrawals,
    },
    {
      key: 'users',
      path: '/admin/users',
      pending: data.pendingKyc,
    },
  ];
}
