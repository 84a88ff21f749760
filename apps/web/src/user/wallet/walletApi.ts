import {
  type CreateDepositBody,
  type CreateWithdrawalBody,
  createDeposit as createDepositEndpoint,
  createWithdrawal as createWithdrawalEndpoint,
  DEFAULT_PAGE_SIZE,
  type EndpointData,
  getDeposit,
  getHoldings,
  getMyOrder,
  getWallet,
  getWithdrawal,
  listActiveDepositChannels,
  listActiveWithdrawChannels,
  listDeposits,
  listTransactions,
  listWithdrawals,
} from '@platform/contracts';
import { call } from '../../lib/request.ts';

/** The user's own money calls (ARCHITECTURE.md, "API conventions"). */

export type WalletData = EndpointData<typeof getWallet>;
export type DepositsPage = EndpointData<typeof listDeposits>;
export type WithdrawalsPage = EndpointData<typeof listWithdrawals>;
export type TransactionsPage = EndpointData<typeof listTransactions>;

/**
 * Every query of the user's money lives under this root, so that one realtime event (a deposit
 * reviewed, a withdrawal moved, an order filled) refreshes whatever screen is open.
 */
export const WALLET_QUERY_ROOT = ['user-wallet'] as const;
export const walletKeys = {
  wallet: [...WALLET_QUERY_ROOT, 'wallet'] as const,
  holdings: [...WALLET_QUERY_ROOT, 'holdings'] as const,
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

export const fetchWallet = (signal?: AbortSignal) => data(call(getWallet, { signal }));

export const fetchHoldings = (signal?: AbortSignal) =>
  data(call(getHoldings, { signal })).then((d) => d.holdings);

export const fetchDepositChannels = (signal?: AbortSignal) =>
  data(call(listActiveDepositChannels, { signal })).then((d) => d.channels);

export const fetchWithdrawChannels = (signal?: AbortSignal) =>
  data(call(listActiveWithdrawChannels, { signal })).then((d) => d.channels);

export const fetchDeposits = (page: number, signal?: AbortSignal) =>
  data(call(listDeposits, { query: { page, limit: DEFAULT_PAGE_SIZE }, signal }));

export const fetchWithdrawals = (page: number, signal?: AbortSignal) =>
  data(call(listWithdrawals, { query: { page, limit: DEFAULT_PAGE_SIZE }, signal }));

/** The statement (全部流水), of one currency when `currency` is given (an asset's history). */
export const fetchTransactions = (page: number, limit: number, signal?: AbortSignal, currency?: string) =>
  data(call(listTransactions, { query: { page, limit, currency }, signal }));

/** What a statement row links to: the user's own deposit, withdrawal or order (another's is a 404). */
export const fetchDeposit = (id: number, signal?: AbortSignal) =>
  data(call(getDeposit, { params: { id }, signal })).then((d) => d.deposit);
export const fetchWithdrawal = (id: number, signal?: AbortSignal) =>
  data(call(getWithdrawal, { params: { id }, signal })).then((d) => d.withdrawal);
export const fetchOrder = (id: number, signal?: AbortSignal) =>
  data(call(getMyOrder, { params: { id }, signal }));

export const createDeposit = (body: CreateDepositBody, idempotencyKey: string) =>
  call(createDepositEndpoint, { body, idempotencyKey });

export const createWithdrawal = (body: CreateWithdrawalBody, idempotencyKey: string) =>
  call(createWithdrawalEndpoint, { body, idempotencyKey });
