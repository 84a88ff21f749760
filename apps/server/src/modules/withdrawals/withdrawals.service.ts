import type {
  AdminWithdrawal,
  CreateWithdrawalBody,
  UserWithdrawal,
  WithdrawalBulkStatusBody,
  WithdrawalStatus,
  WithdrawalStatusBody,
  WithdrawalStatusUpdateEvent,
} from '@platform/contracts';
import {
  DEFAULT_LANGUAGE,
  DUAL_CONTROL_TEXTS,
  type Language,
  REALTIME_EVENTS,
  WITHDRAWAL_STATUS_LABELS,
} from '@platform/contracts';
import {
  ADDRESS_FORMAT_ERROR,
  canTransitionWithdrawal,
  insufficientBalanceText,
  payoutTxHashOf,
  usdtAddressNetwork,
  withdrawalCharge,
  withdrawalHoldText,
} from '@platform/domain';
import { AppError, badRequest, businessRule, conflict, notFound } from '../../core/errors.ts';
import {
  amountPrecisionRefusal,
  channelLimitRefusal,
  Decimal,
  decimalFromDb,
  formatFixed,
  formatNormalised,
} from '../../core/money.ts';
import { assertNoneOwnRequest, assertNotOwnRequest } from '../../core/own-request.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { ReferencePriceSource } from '../../core/reference-prices.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockUserScope } from '../../db/user-locks.ts';
import { type Message, msg, render, t } from '../../i18n/i18n.ts';
import { ledgerMemo } from '../../i18n/ledger-memos.ts';
import { whitelistRefusal } from '../address-book/whitelist.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { type AttemptGuard, countAhead } from '../auth/attempt-limiter.ts';
import type { TwoFactorService } from '../auth/two-factor/two-factor.service.ts';
import { findActiveWithdrawChannel } from '../channels/channels.service.ts';
import {
  firstApprovalReason,
  windowPrices,
  windowValue,
  withWindow,
} from '../dual-control/approval-window.ts';
import { assertApprovalCounts } from '../dual-control/counting-approvers.ts';
import { announceFirstApproval } from '../dual-control/payout-approvals.ts';
import { readThresholdAmounts, type ThresholdAmounts } from '../dual-control/thresholds.service.ts';
import { needsSecondApproval, usdtValueOf } from '../dual-control/usdt-value.ts';
import { currentSeal, sealEffect } from '../idempotency/effect-seal.ts';
import { getUserWallets, type Posting, postTransaction } from '../ledger/ledger.service.ts';
import { withdrawalChanged } from '../notifications/notices.ts';
import {
  notify,
  pushNotifications,
  type WrittenNotification,
} from '../notifications/notifications.service.ts';
import { adminNotice } from '../realtime/admin-notices.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { withdrawRequirementOf } from '../users/user-view.ts';
import { findUserById, withdrawalsHeldUntil } from '../users/users.ts';
import * as repo from './withdrawals.repository.ts';

export const TRANSITION_REFUSED = t('zh-CN', 'withdrawals.transitionRefused');

export const withdrawalKey = (id: number, step: 'freeze' | 'reject' | 'complete') =>
  `withdrawal:${id}:${step}`;

export const PAYOUT_TX_HASH_REFUSALS = {
  notUsdt: msg('backOffice.payoutHash.notUsdt'),
  bulk: msg('backOffice.payoutHash.bulk'),
  reused: (otherId?: number) =>
    otherId
      ? msg('backOffice.payoutHash.reused', { id: otherId })
      : msg('backOffice.payoutHash.reusedElsewhere'),
} as const;

/**
 * The payout hash a move to 已出款 stores: required for a USDT withdrawal and checked against its
 * address's network (400 otherwise), refused for wechat and alipay (nothing on a chain to name),
 * and not one another withdrawal already names (409). Null for the other statuses (the contract
 * refuses a hash with them).
 */
async function payoutTxHashFor(
  tx: Tx,
  row: repo.WithdrawalRow,
  body: WithdrawalStatusBody,
  bulk: boolean,
): Promise<string | null> {
  if (body.status !== 'completed') return null;
  if (row.withdrawType !== 'usdt') {
    if (body.tx_hash !== undefined) throw badRequest(PAYOUT_TX_HASH_REFUSALS.notUsdt);
    return null;
  }
  if (bulk) throw badRequest(PAYOUT_TX_HASH_REFUSALS.bulk);
  const checked = payoutTxHashOf(body.tx_hash ?? '', row.network);
  if (checked.problem !== undefined) throw badRequest(checked.problem);
  const other = await repo.findByPayoutTxHash(tx, checked.hash);
  if (other !== null && other !== row.id) throw conflict(PAYOUT_TX_HASH_REFUSALS.reused(other));
  return checked.hash;
}

/**
 * `prices` values a withdrawal in another currency than USDT for the dual-control threshold (a
 * currency without a reference price always needs two admins). `twoFactor` spends the code a
 * withdrawal of an account with 2FA on needs.
 */
export function createWithdrawalService(deps: {
  db: Db;
  realtime: Realtime;
  twoFactor: TwoFactorService;
  prices?: ReferencePriceSource;
}) {
  const { db, realtime } = deps;

  /** The postings of a status change, or none when the status does not move money. */
  function postingsFor(
    w: repo.WithdrawalRow,
    to: WithdrawalStatus,
  ): { step: 'reject' | 'complete'; postings: Posting[] } | null {
    const amount = decimalFromDb(w.amount);
    const fee = decimalFromDb(w.fee);
    const total = formatNormalised(amount.plus(fee));
    if (to === 'rejected') {
      return {
        step: 'reject',
        postings: [
          { account: { userId: w.userId, bucket: 'frozen' }, currency: w.currency, amount: `-${total}` },
          { account: { userId: w.userId, bucket: 'available' }, currency: w.currency, amount: total },
        ],
      };
    }
    if (to === 'completed') {
      const postings: Posting[] = [
        { account: { userId: w.userId, bucket: 'frozen' }, currency: w.currency, amount: `-${total}` },
        {
          account: { system: 'external_withdrawals' },
          currency: w.currency,
          amount: formatNormalised(amount),
        },
      ];
      if (!fee.isZero())
        postings.push({ account: { system: 'fees' }, currency: w.currency, amount: formatNormalised(fee) });
      return { step: 'complete', postings };
    }
    return null;
  }

  /**
   * One status change inside `tx`: lock the row, check the transition against the status machine
   * (409 otherwise), one conditional update, the postings it implies, the audit row.
   *
   * Dual control: a move to 已通过 (the only way on to 出款) whose USDT value (`value.usdt`, null:
   * unknown) plus the user's withdrawals approved or first-approved in the last 24 h (valued at
   * `value.prices`, read under the user's approval lock) is at or above the withdrawal threshold
   * needs two different admins. The first one's
   * approval is recorded on the row (status unchanged, firstApproval true), the same admin again is
   * 409 需要另一位管理员复核, a different admin's moves it. The row lock serialises racers. An admin
   * whose approvals do not count yet (first 24 h) gives neither approval: 403, nothing changes.
   */
  async function transitionInTx(
    tx: Tx,
    id: number,
    body: WithdrawalStatusBody,
    actor: AuditActor,
    value: ApprovalValue,
    thresholds: ThresholdAmounts,
    bulk = false,
  ) {
    const current = await repo.lockWithdrawal(tx, id);
    if (!current) throw notFound(msg('withdrawals.notFound'));
    assertNotOwnRequest(actor.adminId, current.userId);
    if (!canTransitionWithdrawal(current.status, body.status)) {
      throw conflict(
        msg('withdrawals.transitionRefusedFrom', {
          from: msg(`labels.withdrawalStatus.${current.status}`),
          to: msg(`labels.withdrawalStatus.${body.status}`),
        }),
      );
    }
    if (body.status === 'approved') {
      // The user's approvals one after another: the window read below then holds every other.
      await lockUserScope(tx, 'withdrawalApprovalWindow', current.userId);
      const others = windowValue(await repo.approvalWindowSums(tx, current.userId, id), value.prices);
      const windowTotal = withWindow(value.usdt, others);
      if (needsSecondApproval(windowTotal, thresholds.withdrawal)) {
        if (current.firstApprovedBy === actor.adminId) throw conflict(DUAL_CONTROL_TEXTS.secondAdminRequired);
        await assertApprovalCounts(tx, actor.adminId);
        if (current.firstApprovedBy === null) {
          const first = await repo.recordFirstApproval(tx, id, {
            from: current.status,
            adminId: actor.adminId,
            windowTotal: windowTotal ? formatNormalised(windowTotal) : null,
          });
          if (!first) throw new Error(`withdrawal ${id} changed under its lock`);
          await recordAudit(tx, actor, {
            action: 'withdrawal.first_approve',
            targetType: 'withdrawal',
            targetId: id,
            before: { status: current.status, first_approved_by: null },
            after: {
              status: first.status,
              first_approved_by: actor.adminId,
              threshold: thresholds.withdrawal,
              window_total: first.firstApprovalWindowTotal,
              user_id: first.userId,
              user_email: (await findUserById(tx, first.userId))?.email ?? null,
              amount: first.amount,
              fee: first.fee,
              currency: first.currency,
              withdraw_type: first.withdrawType,
              address: first.address,
              network: first.network,
            },
          });
          return { previous: current.status, updated: first, firstApproval: true, notices: [] };
        }
      }
    }
    const txHash = await payoutTxHashFor(tx, current, body, bulk);
    const updated = await repo.updateWithdrawalStatus(tx, id, {
      from: current.status,
      to: body.status,
      adminRemark: body.adminNote ?? null,
      adminId: actor.adminId,
      txHash,
    });
    if (!updated) throw conflict(msg('withdrawals.transitionRefused'));
    const money = postingsFor(updated, body.status);
    if (money) {
      await postTransaction(tx, {
        idempotencyKey: withdrawalKey(id, money.step),
        kind: `withdrawal_${money.step}`,
        memo: ledgerMemo('withdrawalStatus', { id, status: WITHDRAWAL_STATUS_LABELS[body.status] }),
        metadata: { withdrawalId: id, adminId: actor.adminId },
        postings: money.postings,
      });
    }
    const notices = await notify(tx, [
      withdrawalChanged({
        id: updated.id,
        userId: updated.userId,
        status: updated.status,
        amount: updated.amount,
        fee: updated.fee,
        currency: updated.currency,
        adminRemark: updated.adminRemark,
      }),
    ]);
    await recordAudit(tx, actor, {
      action: 'withdrawal.status',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: current.status, admin_remark: current.adminRemark, tx_hash: current.txHash },
      after: {
        status: updated.status,
        admin_remark: updated.adminRemark,
        // 已出款 of a USDT withdrawal: the payout the admin named.
        tx_hash: updated.txHash,
        // Whose withdrawal, how much and where to (issue 17: money rows name user, amount, address).
        user_id: updated.userId,
        user_email: (await findUserById(tx, updated.userId))?.email ?? null,
        amount: updated.amount,
        fee: updated.fee,
        currency: updated.currency,
        withdraw_type: updated.withdrawType,
        address: updated.address,
        network: updated.network,
        // Dual control: the first approver, when a second admin moved it to 已通过.
        first_approved_by: updated.firstApprovedBy,
      },
    });
    return { previous: current.status, updated, firstApproval: false, notices };
  }

  /**
   * The withdrawal's value in USDT for the threshold and the prices of the user's 24 h window, read
   * before the change's transaction (no lock is held while a price is fetched).
   */
  async function valueFor(id: number, to: WithdrawalStatus): Promise<ApprovalValue> {
    if (to !== 'approved') return { usdt: null, prices: new Map() };
    const row = await repo.findWithdrawalWithUser(db, id);
    if (!row) throw notFound(msg('withdrawals.notFound'));
    return {
      usdt: await usdtValueOf(deps.prices, row.currency, row.amount),
      prices: await windowPrices(
        deps.prices,
        await repo.approvalWindowSums(db, row.userId, id),
        row.currency,
      ),
    };
  }

  function announceFirstApprovalOf(w: repo.WithdrawalRow, adminId: number) {
    announceFirstApproval(realtime, {
      type: 'withdrawal',
      id: w.id,
      firstApproverId: adminId,
      // The owner may not approve their own withdrawal: no "needs your approval" for them.
      ownerIds: [w.userId],
      message: msg('backOffice.firstApproval.withdrawal', {
        id: w.id,
        amount: formatNormalised(decimalFromDb(w.amount)),
        currency: w.currency,
        reason: firstApprovalReason(w.firstApprovalWindowTotal),
      }),
    });
  }

  function announce(previous: WithdrawalStatus, w: repo.WithdrawalRow, notices: WrittenNotification[]) {
    const event: WithdrawalStatusUpdateEvent = {
      id: w.id,
      userId: w.userId,
      status: w.status,
      previousStatus: previous,
      updated_at: w.updatedAt.toISOString(),
    };
    realtime.toAdmins(REALTIME_EVENTS.withdrawalStatusUpdate, event);
    realtime.toUser(w.userId, REALTIME_EVENTS.withdrawalStatusUpdate, event);
    pushNotifications(realtime, notices);
  }

  return {
    /**
     * A withdrawal request: the standing requirement (active, KYC approved), the channel's limits
     * and the balance for amount + fee are checked, and amount + fee is frozen in the same
     * transaction as the insert. A refusal says why in data.reasons and changes nothing.
     *
     * With 2FA on, the code in `totp` is checked last, in the same transaction, and only spent when
     * the withdrawal is made: a request refused for its address, KYC, channel, limits or balance
     * leaves the code (a recovery code too) usable. `attempts` counts wrong codes.
     */
    async create(
      userId: number,
      body: CreateWithdrawalBody,
      attempts?: AttemptGuard,
      language: Language = DEFAULT_LANGUAGE,
    ): Promise<UserWithdrawal> {
      // A USDT address is a TRC20 or an ERC20 one (checksums included), or nothing is frozen.
      const address = body.withdraw_type === 'usdt' ? (body.address ?? '').trim() : null;
      const network = address === null ? null : usdtAddressNetwork(address);
      if (address !== null && !network) throw badRequest(ADDRESS_FORMAT_ERROR);
      const seal = currentSeal();
      // A code is checked in the transaction below: its attempt is counted before it (countAhead).
      const attempt = body.totp && attempts ? await countAhead(attempts) : undefined;
      const making = db.transaction(async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw notFound(msg('auth.userNotFound'));
        const requirement = withdrawRequirementOf(user, language);
        if (!requirement.canWithdraw) {
          const reasons = requirement.reasons.join(t(language, 'withdrawals.reasonSeparator'));
          throw businessRule(msg('withdrawals.cannotWithdraw', { reasons }), {
            reasons: requirement.reasons,
          });
        }
        // 24 h after a security change (2FA on or off, password), by the database clock.
        const heldUntil = await withdrawalsHeldUntil(tx, userId);
        if (heldUntil) {
          const reason = withdrawalHoldText(heldUntil);
          throw businessRule(reason, { reasons: [render(language, reason)] });
        }
        // Whitelist mode (issue 33): only saved addresses, 24 h after saving, by the database clock.
        const notWhitelisted = await whitelistRefusal(tx, userId, { address });
        if (notWhitelisted)
          throw businessRule(notWhitelisted, { reasons: [render(language, notWhitelisted)] });
        const channel = await findActiveWithdrawChannel(tx, {
          type: body.withdraw_type,
          id: body.channel_id,
        });
        if (!channel) throw notFound(msg('withdrawals.channelUnavailable'));
        // Never more digits than the currency has: the operator pays exactly the amount shown.
        const precision = amountPrecisionRefusal(body.amount, channel.currency, 'withdrawal');
        if (precision) throw badRequest(precision);

        const amount = new Decimal(body.amount);
        const reasons: (Message | string)[] = [];
        const outside = channelLimitRefusal(amount, 'withdrawal', {
          min: decimalFromDb(channel.minAmount),
          max: decimalFromDb(channel.maxAmount),
          currency: channel.currency,
        });
        if (outside) reasons.push(outside);
        const { fee, total } = withdrawalCharge(amount, decimalFromDb(channel.feeRate));
        const wallet = (await getUserWallets(tx, userId)).find((w) => w.currency === channel.currency);
        const available = wallet ? new Decimal(wallet.balance) : new Decimal(0);
        if (available.lt(total))
          reasons.push(insufficientBalanceText(total, fee, available, channel.currency));
        if (reasons.length) {
          const said = reasons.map((reason) => render(language, reason));
          throw businessRule(said.join(t(language, 'withdrawals.reasonSeparator')), { reasons: said });
        }
        await deps.twoFactor.requireForAction(tx, user, body.totp, attempt?.inner);

        const row = await repo.insertWithdrawal(tx, {
          userId,
          channelId: channel.id,
          channelName: channel.name,
          withdrawType: body.withdraw_type,
          currency: channel.currency,
          amount: formatNormalised(amount),
          fee: formatNormalised(fee),
          feeRate: channel.feeRate,
          address,
          network,
          accountInfo:
            body.withdraw_type === 'usdt' || !body.account_info
              ? null
              : {
                  account: body.account_info.account,
                  name: body.account_info.name,
                  phone: body.account_info.phone ?? null,
                },
          userRemark: body.user_remark ?? null,
        });
        // The balance read above is a hint for the message; this posting, under the row lock, is
        // what decides: a concurrent request that got there first makes it fail with 余额不足.
        await postTransaction(tx, {
          idempotencyKey: withdrawalKey(row.id, 'freeze'),
          kind: 'withdrawal_freeze',
          memo: ledgerMemo('withdrawalFreeze', { id: row.id }),
          metadata: { withdrawalId: row.id },
          postings: [
            {
              account: { userId, bucket: 'available' },
              currency: row.currency,
              amount: `-${formatNormalised(total)}`,
            },
            {
              account: { userId, bucket: 'frozen' },
              currency: row.currency,
              amount: formatNormalised(total),
            },
          ],
        });
        await sealEffect(tx, seal, toUserWithdrawal(row));
        return { row, email: user.email };
      });
      const withdrawal = await making.finally(() => attempt?.settle());
      const { row: made, email } = withdrawal;
      const amount = formatNormalised(decimalFromDb(made.amount));
      realtime.toAdmins(
        REALTIME_EVENTS.adminNotification,
        adminNotice(
          'withdrawal',
          { email, amount, currency: made.currency },
          { type: 'withdrawal', sound: true, id: made.id },
        ),
      );
      return toUserWithdrawal(withdrawal.row);
    },

    /** One of the user's own withdrawals (another's is 404, as if it did not exist). */
    async getOwn(userId: number, id: number): Promise<UserWithdrawal> {
      const row = await repo.findOwnWithdrawal(db, userId, id);
      if (!row) throw notFound(msg('withdrawals.notFound'));
      return toUserWithdrawal(row);
    },

    async listOwn(userId: number, query: { page: number; limit: number }) {
      const { rows, total } = await repo.listWithdrawals(db, { userId }, pageOf(query));
      return { withdrawals: rows.map(toUserWithdrawal), pagination: paginationOf(query, total) };
    },

    async listForAdmin(query: {
      page: number;
      limit: number;
      status?: WithdrawalStatus[];
      type?: CreateWithdrawalBody['withdraw_type'];
      search?: string;
      awaitingSecondApproval?: boolean;
      user_id?: number;
    }) {
      const { rows, total } = await repo.listWithdrawals(
        db,
        {
          userId: query.user_id,
          statuses: query.status,
          type: query.type,
          search: query.search || undefined,
          awaitingSecondApproval: query.awaitingSecondApproval,
        },
        pageOf(query),
      );
      return { withdrawals: rows.map(toAdminWithdrawal), pagination: paginationOf(query, total) };
    },

    /** A status change; at or above the threshold a move to 已通过 may only record the first approval (first_approval in the reply). */
    async transition(id: number, body: WithdrawalStatusBody, actor: AuditActor): Promise<AdminWithdrawal> {
      const value = await valueFor(id, body.status);
      const thresholds = await readThresholdAmounts(db);
      const seal = currentSeal();
      const { previous, updated, firstApproval, notices, shown } = await db
        .transaction(async (tx) => {
          const change = await transitionInTx(tx, id, body, actor, value, thresholds);
          // The row as this change left it (a later change may already move it on), as the reply shows it.
          const { updated } = change;
          const owner = await findUserById(tx, updated.userId);
          if (!owner) throw new Error(`withdrawal ${id} has no owner`);
          const firstApprover = updated.firstApprovedBy
            ? await findUserById(tx, updated.firstApprovedBy)
            : null;
          const shown = toAdminWithdrawal({
            ...updated,
            userEmail: owner.email,
            userPhone: owner.phone,
            firstApproverEmail: firstApprover?.email ?? null,
          });
          await sealEffect(tx, seal, shown);
          return { ...change, shown };
        })
        .catch(refuseReusedHash);
      if (firstApproval) announceFirstApprovalOf(updated, actor.adminId);
      else announce(previous, updated, notices);
      return shown;
    },

    /**
     * Applies one transition to each id on its own; a row that cannot move is skipped with the
     * reason, in `language` (the admin's).
     */
    async bulkTransition(
      body: WithdrawalBulkStatusBody,
      actor: AuditActor,
      language: Language = DEFAULT_LANGUAGE,
    ) {
      const processedIds: number[] = [];
      const awaitingSecondApprovalIds: number[] = [];
      const skipped: { id: number; reason: string }[] = [];
      const ids = [...new Set(body.ids)].sort((a, b) => a - b);
      // A bulk change that holds the admin's own withdrawal is refused whole (403), nothing moved;
      // the owner never changes, and transitionInTx checks each locked row again.
      assertNoneOwnRequest(actor.adminId, await repo.withdrawalOwnerIds(db, ids));
      // Once per call, not per row (a save while the batch runs applies to the next call).
      const thresholds = await readThresholdAmounts(db);
      for (const id of ids) {
        try {
          const value = await valueFor(id, body.status);
          const { previous, updated, firstApproval, notices } = await db.transaction((tx) =>
            transitionInTx(
              tx,
              id,
              { status: body.status, adminNote: body.adminNote },
              actor,
              value,
              thresholds,
              true,
            ),
          );
          if (firstApproval) {
            announceFirstApprovalOf(updated, actor.adminId);
            awaitingSecondApprovalIds.push(id);
            continue;
          }
          announce(previous, updated, notices);
          processedIds.push(id);
        } catch (err) {
          if (err instanceof AppError && err.statusCode < 500)
            skipped.push({ id, reason: err.messageIn(language) });
          else throw err;
        }
      }
      return { processedCount: processedIds.length, processedIds, awaitingSecondApprovalIds, skipped };
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

/** Two withdrawals completed at once with one hash: the unique index refuses the second (409, nothing moved). */
function refuseReusedHash(err: unknown): never {
  if (isUniqueViolation(err, 'withdrawals_tx_hash_key')) throw conflict(PAYOUT_TX_HASH_REFUSALS.reused());
  throw err;
}

const money = (value: string) => formatFixed(decimalFromDb(value));

/** What a move to 已通过 compares: its USDT value (null: unknown) and the prices of the user's 24 h window. */
interface ApprovalValue {
  usdt: Decimal | null;
  prices: ReadonlyMap<string, string>;
}

function payee(row: repo.WithdrawalRow) {
  return row.accountInfo
    ? { account: row.accountInfo.account, name: row.accountInfo.name, phone: row.accountInfo.phone ?? null }
    : null;
}

function toUserWithdrawal(row: repo.WithdrawalRow): UserWithdrawal {
  return {
    id: row.id,
    withdraw_type: row.withdrawType,
    channel: row.channelName,
    currency: row.currency,
    amount: money(row.amount),
    fee: money(row.fee),
    total: formatFixed(decimalFromDb(row.amount).plus(decimalFromDb(row.fee))),
    address: row.address,
    network: row.network,
    account_info: payee(row),
    status: row.status,
    user_remark: row.userRemark,
    admin_remark: row.adminRemark,
    tx_hash: row.txHash,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toAdminWithdrawal(row: repo.WithdrawalWithUser): AdminWithdrawal {
  return {
    id: row.id,
    user_id: row.userId,
    user: { email: row.userEmail, phone: row.userPhone },
    withdraw_type: row.withdrawType,
    channel: row.channelName,
    amount: money(row.amount),
    fee: money(row.fee),
    fee_rate: formatNormalised(decimalFromDb(row.feeRate)),
    currency: row.currency,
    address: row.address,
    network: row.network,
    account_info: payee(row),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    user_remark: row.userRemark,
    admin_remark: row.adminRemark,
    tx_hash: row.txHash,
    first_approval:
      (row.status === 'pending' || row.status === 'reviewing') &&
      row.firstApprovedBy !== null &&
      row.firstApprovedAt !== null
        ? {
            admin_id: row.firstApprovedBy,
            admin_email: row.firstApproverEmail,
            at: row.firstApprovedAt.toISOString(),
            window_total: row.firstApprovalWindowTotal ? money(row.firstApprovalWindowTotal) : null,
          }
        : null,
  };
}
