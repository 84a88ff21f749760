import type { KycStatus, OrderSide, WithdrawalStatus } from '@platform/contracts';
import {
  currencyPrecision,
  Decimal,
  formatDateTime,
  formatDateTimeShort,
  formatNumber,
} from '@platform/domain';
import { msg, type NoticeKind, type NoticeParams } from '../../i18n/i18n.ts';
import type { NotificationInput } from './notifications.repository.ts';

/**
 * What each event tells its user: a kind of the catalogues' `notices` and its parameters, stored
 * as they are and rendered in each reader's language (issue 38, docs/i18n.md). Amounts are shown
 * at their currency's decimals and truncated, never rounded up (a notice never shows more than
 * moved); prices as the trade screens show reference prices (2 to 8 decimals).
 */

/** "1,234.50 USDT": `currency`'s decimals, truncated. */
export function noticeAmount(value: string, currency: string): string {
  const places = currencyPrecision(currency);
  return `${formatNumber(new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_DOWN), places)} ${currency}`;
}

/** A reference price: grouped, at least 2 and at most 8 decimals. */
export const noticePrice = (value: string) => formatNumber(value, 8, { minDecimals: 2 });

const WALLET_HISTORY = '/wallet/history';

/** A notice's stored text: its kind and parameters, rendered in each reader's language. */
const notice = (kind: NoticeKind, params: NoticeParams) => ({ kind, params });
/** `，原因：…` when an admin wrote one, else nothing. */
const reason = (note: string | null) => (note ? msg('notices.reason', { note }) : '');

export function depositReviewed(d: {
  id: number;
  userId: number;
  status: 'approved' | 'rejected';
  amount: string;
  currency: string;
  adminNote: string | null;
}): NotificationInput {
  const amount = noticeAmount(d.amount, d.currency);
  return {
    userId: d.userId,
    type: 'deposit',
    notice:
      d.status === 'approved'
        ? notice('depositApproved', { id: d.id, amount })
        : notice('depositRejected', { id: d.id, amount, reason: reason(d.adminNote) }),
    link: `${WALLET_HISTORY}?tab=deposits`,
  };
}

export function withdrawalChanged(w: {
  id: number;
  userId: number;
  status: WithdrawalStatus;
  amount: string;
  fee: string;
  currency: string;
  adminRemark: string | null;
}): NotificationInput {
  const what = msg('notices.withdrawalWhat', {
    id: w.id,
    amount: noticeAmount(w.amount, w.currency),
    fee: noticeAmount(w.fee, w.currency),
  });
  return {
    userId: w.userId,
    type: 'withdrawal',
    notice:
      w.status === 'rejected'
        ? notice('withdrawalRejected', { what, reason: reason(w.adminRemark) })
        : w.status === 'completed'
          ? notice('withdrawalCompleted', { what })
          : notice('withdrawalChanged', {
              what,
              title: msg(`notices.withdrawalTitles.${w.status}`),
              status: msg(`labels.withdrawalStatus.${w.status}`),
            }),
    link: `${WALLET_HISTORY}?tab=withdrawals`,
  };
}

export function kycDecided(k: {
  userId: number;
  status: Extract<KycStatus, 'approved' | 'rejected'>;
  adminNote: string | null;
}): NotificationInput {
  return {
    userId: k.userId,
    type: 'kyc',
    notice:
      k.status === 'approved'
        ? notice('kycApproved', {})
        : notice('kycRejected', { reason: reason(k.adminNote) }),
    link: '/kyc',
  };
}

/** Why a perpetual position was closed by the platform rather than by its owner. */
export type PerpetualCloseReason = 'liquidation' | 'take_profit' | 'stop_loss';

/** A position closed by the liquidation job or a take-profit / stop-loss trigger. */
export interface PerpetualCloseNotice {
  userId: number;
  orderId: number;
  symbol: string;
  side: Extract<OrderSide, 'long' | 'short'>;
  reason: PerpetualCloseReason;
  /** The position's margin and what went back to the available balance (0 on a liquidation). */
  margin: string;
  payout: string;
  currency: string;
  entryPrice: string;
  /** The reference price it was closed at (a liquidation past the bankruptcy price: that price). */
  closePrice: string;
  /** A liquidation's mark, the price that reached the liquidation price (closePrice when omitted). */
  markPrice?: string;
  /** Realised P&L after the close fee; omitted for a liquidation (the loss is the margin). */
  realisedPnl?: string | null;
}

export function perpetualClosed(p: PerpetualCloseNotice): NotificationInput {
  const head = msg('notices.perpetualHead', {
    symbol: p.symbol,
    side: msg(`labels.side.${p.side}`),
    id: p.orderId,
    entry: noticePrice(p.entryPrice),
  });
  return {
    userId: p.userId,
    type: 'perpetual_close',
    notice:
      p.reason === 'liquidation'
        ? notice('perpetualLiquidated', {
            head,
            mark: noticePrice(p.markPrice ?? p.closePrice),
            bankrupt:
              p.markPrice && p.markPrice !== p.closePrice
                ? msg('notices.perpetualBankrupt', { price: noticePrice(p.closePrice) })
                : '',
            margin: noticeAmount(p.margin, p.currency),
          })
        : notice(p.reason === 'take_profit' ? 'perpetualTakeProfit' : 'perpetualStopLoss', {
            head,
            price: noticePrice(p.closePrice),
            pnl: p.realisedPnl ? msg('notices.perpetualPnl', { pnl: signed(p.realisedPnl, p.currency) }) : '',
            payout: noticeAmount(p.payout, p.currency),
          }),
    link: `/trade/perpetual/${p.symbol}`,
  };
}

/** A signed amount: +12.30 USDT, -4.00 USDT (truncated toward zero). */
function signed(value: string, currency: string): string {
  const d = new Decimal(value);
  return d.gt(0) ? `+${noticeAmount(value, currency)}` : `-${noticeAmount(d.abs().toString(), currency)}`;
}

export function rewardPaid(r: {
  userId: number;
  id: number;
  tier: number;
  amount: string;
  currency: string;
}): NotificationInput {
  return {
    userId: r.userId,
    type: 'team_reward',
    notice: notice('rewardPaid', { tier: r.tier, id: r.id, amount: noticeAmount(r.amount, r.currency) }),
    link: `${WALLET_HISTORY}?tab=transactions`,
  };
}

export function salaryPaid(s: {
  userId: number;
  payoutDate: string;
  level: number;
  amount: string;
  currency: string;
}): NotificationInput {
  return {
    userId: s.userId,
    type: 'team_salary',
    notice: notice('salaryPaid', {
      date: s.payoutDate,
      level: s.level,
      amount: noticeAmount(s.amount, s.currency),
    }),
    link: `${WALLET_HISTORY}?tab=transactions`,
  };
}

/** The broadcast of a published announcement: its title and full text (the list opens it). */
export function announcementBroadcast(a: { id: number; title: string; content: string }) {
  return {
    source: `announcement:${a.id}`,
    type: 'announcement' as const,
    title: a.title,
    body: a.content,
    link: null,
  };
}

/** A change to how the account is protected (issue 32): each one holds withdrawals for 24 h. */
export type SecurityChange =
  | 'twofa_enabled'
  | 'twofa_disabled'
  | 'password_changed'
  | 'password_reset'
  | 'whitelist_disabled';
/** The notice of a security change: what, when (Beijing time) and from which IP. */
export function securityChanged(s: {
  userId: number;
  change: SecurityChange;
  at: Date;
  ip: string | null;
  heldUntil: Date;
}): NotificationInput {
  return {
    userId: s.userId,
    type: 'security',
    notice: notice('securityChanged', {
      title: msg(`notices.securityTitles.${s.change}`),
      at: formatDateTime(s.at),
      ip: s.ip ?? msg('notices.unknown'),
      until: formatDateTimeShort(s.heldUntil),
    }),
    link: '/me/security',
  };
}

/**
 * A login from a device (User-Agent) the account has not used before (issue 33): when, from which
 * IP and device. Mailed too, like every security notice (mail/security-mail.ts).
 */
export function newDeviceLogin(l: { userId: number; at: Date; ip: string | null; device: string | null }) {
  return {
    userId: l.userId,
    type: 'security' as const,
    notice: notice('newDeviceLogin', {
      at: formatDateTime(l.at),
      ip: l.ip ?? msg('notices.unknown'),
      device: l.device ?? msg('notices.unknown'),
    }),
    link: '/me/security',
  } satisfies NotificationInput;
}

/** 价格提醒: the index price reached the user's price (an every-time alert says when it comes again). */
export function priceAlertFired(a: {
  userId: number;
  symbol: string;
  direction: 'above' | 'below';
  price: string;
  repeat: 'once' | 'every';
  indexPrice: string;
  at: Date;
}): NotificationInput {
  const price = noticePrice(a.price);
  return {
    userId: a.userId,
    type: 'price_alert',
    notice: notice('priceAlert', {
      symbol: a.symbol,
      verb: msg(a.direction === 'above' ? 'notices.priceUp' : 'notices.priceDown'),
      price,
      at: formatDateTime(a.at),
      index: noticePrice(a.indexPrice),
      again:
        a.repeat === 'once'
          ? msg('notices.priceOnce')
          : msg(a.direction === 'above' ? 'notices.priceAgainAbove' : 'notices.priceAgainBelow', { price }),
    }),
    link: `/trade/spot/${a.symbol}`,
  };
}
