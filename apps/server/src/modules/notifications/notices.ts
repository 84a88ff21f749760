import {
  KYC_STATUS_LABELS,
  type KycStatus,
  ORDER_SIDE_LABELS,
  type OrderSide,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalStatus,
} from '@platform/contracts';
import {
  currencyPrecision,
  Decimal,
  formatDateTime,
  formatDateTimeShort,
  formatNumber,
} from '@platform/domain';
import type { NotificationInput } from './notifications.repository.ts';

/**
 * What each event tells its user, in Chinese: the writers' texts. Amounts are shown at their
 * currency's decimals and truncated, never rounded up (a notice never shows more than moved);
 * prices as the trade screens show reference prices (2 to 8 decimals).
 */

export const TIMED_PRODUCT_NAMES: Record<'flash' | 'option', string> = { flash: '秒合约', option: '期权' };

/** "1,234.50 USDT": `currency`'s decimals, truncated. */
export function noticeAmount(value: string, currency: string): string {
  const places = currencyPrecision(currency);
  return `${formatNumber(new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_DOWN), places)} ${currency}`;
}

/** A reference price: grouped, at least 2 and at most 8 decimals. */
export const noticePrice = (value: string) => formatNumber(value, 8, { minDecimals: 2 });

const WALLET_HISTORY = '/wallet/history';

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
    title: d.status === 'approved' ? '充值已到账' : '充值未通过',
    body:
      d.status === 'approved'
        ? `充值 #${d.id} 审核通过，${amount} 已存入可用余额`
        : `充值 #${d.id}（${amount}）未通过审核${d.adminNote ? `，原因：${d.adminNote}` : ''}`,
    link: `${WALLET_HISTORY}?tab=deposits`,
  };
}

const WITHDRAWAL_TITLES: Record<WithdrawalStatus, string> = {
  pending: '提现待审核',
  reviewing: '提现审核中',
  approved: '提现已通过审核',
  rejected: '提现未通过',
  processing: '提现出款中',
  completed: '提现已出款',
};

export function withdrawalChanged(w: {
  id: number;
  userId: number;
  status: WithdrawalStatus;
  amount: string;
  fee: string;
  currency: string;
  adminRemark: string | null;
}): NotificationInput {
  const amount = noticeAmount(w.amount, w.currency);
  const what = `提现 #${w.id}（${amount}，手续费 ${noticeAmount(w.fee, w.currency)}）`;
  let body = `${what}状态变更为「${WITHDRAWAL_STATUS_LABELS[w.status]}」`;
  if (w.status === 'rejected') {
    body = `${what}未通过审核，冻结的金额和手续费已退回可用余额${w.adminRemark ? `，原因：${w.adminRemark}` : ''}`;
  } else if (w.status === 'completed') {
    body = `${what}已出款，请留意到账`;
  }
  return {
    userId: w.userId,
    type: 'withdrawal',
    title: WITHDRAWAL_TITLES[w.status],
    body,
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
    title: k.status === 'approved' ? '实名认证已通过' : '实名认证未通过',
    body:
      k.status === 'approved'
        ? `您的实名认证${KYC_STATUS_LABELS.approved}，现在可以申请提现`
        : `您的实名认证未通过审核${k.adminNote ? `，原因：${k.adminNote}` : ''}，请修改后重新提交`,
    link: '/kyc',
  };
}

/** Why a perpetual position was closed by the platform rather than by its owner. */
export type PerpetualCloseReason = 'liquidation' | 'take_profit' | 'stop_loss';
const CLOSE_TITLES: Record<PerpetualCloseReason, string> = {
  liquidation: '永续合约已强平',
  take_profit: '永续合约止盈平仓',
  stop_loss: '永续合约止损平仓',
};

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
  const head = `${p.symbol} ${ORDER_SIDE_LABELS[p.side]} 仓位 #${p.orderId}，开仓价 ${noticePrice(p.entryPrice)}`;
  const body =
    p.reason === 'liquidation'
      ? `${head}，标记价格 ${noticePrice(p.markPrice ?? p.closePrice)} 触及强平价格${
          p.markPrice && p.markPrice !== p.closePrice ? `，按破产价格 ${noticePrice(p.closePrice)} 平仓` : ''
        }，保证金 ${noticeAmount(p.margin, p.currency)} 已全部损失`
      : `${head}，平仓价 ${noticePrice(p.closePrice)}${
          p.realisedPnl ? `，已实现盈亏 ${signed(p.realisedPnl, p.currency)}` : ''
        }，返还 ${noticeAmount(p.payout, p.currency)}`;
  return {
    userId: p.userId,
    type: 'perpetual_close',
    title: CLOSE_TITLES[p.reason],
    body,
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
    title: '团队奖励已发放',
    body: `团队奖励 L${r.tier}（#${r.id}）${noticeAmount(r.amount, r.currency)} 已存入可用余额`,
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
    title: '团队工资已发放',
    body: `${s.payoutDate} 团队工资 L${s.level} ${noticeAmount(s.amount, s.currency)} 已存入工资余额`,
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
const SECURITY_CHANGE_TITLES: Record<SecurityChange, string> = {
  twofa_enabled: '两步验证已开启',
  twofa_disabled: '两步验证已关闭',
  password_changed: '登录密码已修改',
  password_reset: '登录密码已通过重置链接重设',
  whitelist_disabled: '提现白名单已关闭',
};

/** The notice of a security change: what, when (Beijing time) and from which IP. */
export function securityChanged(s: {
  userId: number;
  change: SecurityChange;
  at: Date;
  ip: string | null;
  heldUntil: Date;
}): NotificationInput {
  const title = SECURITY_CHANGE_TITLES[s.change];
  return {
    userId: s.userId,
    type: 'security',
    title,
    body: `您的账户于 ${formatDateTime(s.at)}（IP：${s.ip ?? '未知'}）${title}。为保护资金安全，${formatDateTimeShort(s.heldUntil)} 前不能提现。如非本人操作，请立即修改登录密码并联系客服。`,
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
    title: '新设备登录提醒',
    body: `您的账户于 ${formatDateTime(l.at)} 在新设备上登录（IP：${l.ip ?? '未知'}，设备：${l.device ?? '未知'}）。如非本人操作，请立即修改登录密码并联系客服。`,
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
  const verb = a.direction === 'above' ? '涨到' : '跌到';
  const again =
    a.repeat === 'every'
      ? `价格${a.direction === 'above' ? '回落到' : '回升到'} ${noticePrice(a.price)} ${a.direction === 'above' ? '以下' : '以上'}后，再次${verb}时会再提醒您。`
      : '该提醒已完成。';
  return {
    userId: a.userId,
    type: 'price_alert',
    title: `价格提醒：${a.symbol} 已${verb} ${noticePrice(a.price)}`,
    body: `${a.symbol} 指数价格于 ${formatDateTime(a.at)} 为 ${noticePrice(a.indexPrice)}，已${verb}您设置的 ${noticePrice(a.price)}。${again}`,
    link: `/trade/spot/${a.symbol}`,
  };
}
