import {
  type CreateDepositBody,
  type CreateWithdrawalBody,
  DEFAULT_PAGE_SIZE,
  type OwnOrder,
  type Pagination,
  type UserDeposit,
  type UserDepositChannel,
  type UserTransaction,
  type UserWithdrawal,
  type UserWithdrawChannel,
  type WalletReply,
} from '@platform/contracts';
import { api } from '../../lib/request.ts';

/** The user's own money calls (ARCHITECTURE.md, "API conventions"). */

export type WalletData = NonNullable<WalletReply['data']>;
export interface DepositsPage {
  deposits: UserDeposit[];
  pagination: Pagination;
}
export interface WithdrawalsPage {
  withdrawals: UserWithdrawal[];
  pagination: Pagination;
}
export interface TransactionsPage {
  transactions: UserTransaction[];
  pagination: Pagination;
}

/**
 * Every query of the user's money lives under this root, so that one realtime event (a deposit
 * reviewed, a withdrawal moved, an order filled) refreshes whatever screen is open.
 */
export const WALLET_QUERY_ROOT = ['user-wallet'] as const;
export const walletKeys = {
  wallet: [...WALLET_QUERY_ROOT, 'wallet'] as const,
  depositChannels: [...WALLET_QUERY_ROOT, 'deposit-channels'] as const,
  withdrawChannels: [...WALLET_QUERY_ROOT, 'withdraw-channels'] as const,
  deposits: (page: number) => [...WALLET_QUERY_ROOT, 'deposits', page] as const,
  withdrawals: (page: number) => [...WALLET_QUERY_ROOT, 'withdrawals', page] as const,
  transactions: (page: number, limit: number, currency?: string) =>
    [...WALLET_QUERY_ROOT, 'transactions', page, limit, currency ?? 'all'] as const,
  deposit: (id: number) => [...WALLET_QUERY_ROOT, 'deposit', id] as const,
  withdrawal: (id: number) => [...WALLET_QUERY_ROOT, 'withdrawal', id] as const,
  // Under the wallet root too: a fill or a settlement (order events refresh the root) changes it.
  order: (id: number) => [...WALLET_QUERY_ROOT, 'order', id] as const,
};

const data = <T>(reply: Promise<{ data: T }>) => reply.then((r) => r.data);

export const fetchWallet = (signal?: AbortSignal) => data(api.get<WalletData>('/wallet', undefined, signal));

export const fetchDepositChannels = (signal?: AbortSignal) =>
  data(api.get<{ channels: UserDepositChannel[] }>('/wallet/deposit-channels', undefined, signal)).then(
    (d) => d.channels,
  );

export const fetchWithdrawChannels = (signal?: AbortSignal) =>
  data(api.get<{ channels: UserWithdrawChannel[] }>('/wallet/withdraw-channels', undefined, signal)).then(
    (d) => d.channels,
  );

export const fetchDeposits = (page: number, signal?: AbortSignal) =>
  data(api.get<DepositsPage>('/wallet/deposits', { page, limit: DEFAULT_PAGE_SIZE }, signal));

export const fetchWithdrawals = (page: number, signal?: AbortSignal) =>
  data(api.get<WithdrawalsPage>('/wallet/withdrawals', { page, limit: DEFAULT_PAGE_SIZE }, signal));

/** The statement (全部流水), of one currency when `currency` is given (an asset's history). */
export const fetchTransactions = (page: number, limit: number, signal?: AbortSignal, currency?: string) =>
  data(api.get<TransactionsPage>('/wallet/transactions', { page, limit, currency }, signal));

/** What a statement row links to: the user's own deposit, withdrawal or order (another's is a 404). */
export const fetchDeposit = (id: number, signal?: AbortSignal) =>
  data(api.get<{ deposit: UserDeposit }>(`/wallet/deposits/${id}`, undefined, signal)).then((d) => d.deposit);
export const fetchWithdrawal = (id: number, signal?: AbortSignal) =>
  data(api.get<{ withdrawal: UserWithdrawal }>(`/wallet/withdrawals/${id}`, undefined, signal)).then(
    (d) => d.withdrawal,
  );
export const fetchOrder = (id: number, signal?: AbortSignal) =>
  data(api.get<OwnOrder>(`/trading/orders/${id}`, undefined, signal));

export const createDeposit = (body: CreateDepositBody, idempotencyKey: string) =>
  api.post<{ deposit: UserDeposit }>('/wallet/deposits', body, { idempotencyKey });

export const createWithdrawal = (body: CreateWithdrawalBody, idempotencyKey: string) =>
  api.post<{ withdrawal: UserWithdrawal }>('/wallet/withdrawals', body, { idempotencyKey });
