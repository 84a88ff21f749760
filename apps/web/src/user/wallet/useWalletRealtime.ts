import {
  getMe,
  type KycApplication,
  REALTIME_EVENTS,
  type UserDeposit,
  type WithdrawalStatusUpdateEvent,
} from '@platform/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../lib/request.ts';
import { sessionStore } from '../../lib/session.tsx';
import { useSocketConnection, useSocketEvent } from '../../lib/socket.ts';
import { KYC_QUERY_ROOT } from '../kyc/kycApi.ts';
import { WALLET_QUERY_ROOT } from './walletApi.ts';

/**
 * The cached profile carries kyc_status: fetch it again after a decision. Unlike refreshProfile, a
 * failed call here leaves the session alone; the next profile check retries.
 */
async function refreshCachedUser() {
  try {
    const reply = await call(getMe);
    if (reply.data?.user) sessionStore.updateUser(reply.data.user);
  } catch {
    // Kept as it was.
  }
}

export interface WalletRealtimeHandlers {
  onDeposit?: (deposit: UserDeposit) => void;
  onWithdrawal?: (event: WithdrawalStatusUpdateEvent) => void;
  onKyc?: (application: KycApplication) => void;
}

/**
 * Keeps the open money or identity screen current: a reviewed deposit, a withdrawal that moved, an
 * order that filled or settled, or a KYC decision refetches what it changes. A reconnect refetches
 * too, since events sent while the socket was down are lost.
 */
export function useWalletRealtime(handlers: WalletRealtimeHandlers = {}) {
  const queryClient = useQueryClient();
  const refreshMoney = () => void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });

  useSocketEvent<{ deposit?: UserDeposit }>(REALTIME_EVENTS.depositStatusUpdate, (payload) => {
    refreshMoney();
    if (payload?.deposit) handlers.onDeposit?.(payload.deposit);
  });
  useSocketEvent<WithdrawalStatusUpdateEvent>(REALTIME_EVENTS.withdrawalStatusUpdate, (payload) => {
    refreshMoney();
    if (payload) handlers.onWithdrawal?.(payload);
  });
  useSocketEvent(REALTIME_EVENTS.orderUpdated, refreshMoney);
  useSocketEvent<{ application?: KycApplication }>(REALTIME_EVENTS.kycStatusUpdate, (payload) => {
    void queryClient.invalidateQueries({ queryKey: KYC_QUERY_ROOT });
    // The withdrawal requirement and the cached profile follow the KYC status.
    refreshMoney();
    void refreshCachedUser();
    if (payload?.application) handlers.onKyc?.(payload.application);
  });

  const { generation } = useSocketConnection();
  const seen = useRef(generation);
  useEffect(() => {
    if (generation > 1 && generation !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: KYC_QUERY_ROOT });
    }
    seen.current = generation;
  }, [generation, queryClient]);
}
