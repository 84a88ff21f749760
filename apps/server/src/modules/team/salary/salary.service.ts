import {
  DEFAULT_LANGUAGE,
  type Language,
  type PayoutApproval,
  type PayoutDate,
  payoutDateKey,
  SALARY_CURRENCY,
  SALARY_TEXTS,
  type SalaryBatchPayBody,
  type SalaryCandidate,
  type SalaryLevel,
  type SalaryStatistics,
  type salarySkipReasons,
} from '@platform/contracts';
import {
  conversionRate,
  formatDate,
  salaryCutoff,
  salaryLevelFor,
  salaryPayoutYears,
} from '@platform/domain';
import { AppError, badRequest, businessRule, conflict, notFound } from '../../../core/errors.ts';
import { Decimal, decimalFromDb, formatNormalised, sumDecimals } from '../../../core/money.ts';
import { assertNoneOwnRequest, assertNotOwnRequest } from '../../../core/own-request.ts';
import { pageOf, paginationOf } from '../../../core/paging.ts';
import type { Db, Executor, Tx } from '../../../db/client.ts';
import { msg } from '../../../i18n/i18n.ts';
import { ledgerMemo } from '../../../i18n/ledger-memos.ts';
import { type AuditActor, recordAudit } from '../../audit/audit.service.ts';
import {
  announceFirstApproval,
  describePayoutApproval,
  gatePayout,
  pendingApprovalsIndex,
  serialiseSalaryPayouts,
} from '../../dual-control/payout-approvals.ts';
import { currentSeal, type Seal, sealEffect } from '../../idempotency/effect-seal.ts';
import {
  IDEMPOTENCY_KEY_REUSED,
  type PostTransactionRequest,
  type PostTransactionResult,
  postTransaction,
  postTransactionsBatch,
} from '../../ledger/ledger.service.ts';
import { salaryPaid } from '../../notifications/notices.ts';
import { notify, pushNotifications } from '../../notifications/notifications.service.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { teamPaidSince } from '../team.payouts.ts';
import * as repo from './salary.repository.ts';
import { salaryCsvHead, salaryCsvRow } from './salary-csv.ts';
import { readSalaryLevels } from './salary-levels.ts';

/** The ledger key of a salary: one posting per user and payout date, whatever the clicks or races. */
export const salaryLedgerKey = (userId: number, payoutDate: string) => `salary:${userId}:${payoutDate}`;
export const SALARY_LEDGER_KIND = 'team_salary';

/** The export's rows, at most (put a limit on everything). */
export const SALARY_EXPORT_MAX_ROWS = 100_000;

/** A batch that meets a concurrent payout whose ledger key posted another amount is retried this often. */
const BATCH_ATTEMPTS = 3;

type SkipReason = (typeof salarySkipReasons)[number];

export interface SalaryExport {
  filename: string;
  content: Buffer;
  rows: number;
  truncated: boolean;
}

/**
 * Last in a payout's transaction: the reply (the result without its notices) stored with the
 * request's Idempotency-Key (ARCHITECTURE.md, "Idempotency keys").
 */
async function sealedPayout<R extends { notices: unknown }>(
  tx: Tx,
  seal: Seal | undefined,
  result: R,
): Promise<R> {
  const { notices: _, ...shown } = result;
  await sealEffect(tx, seal, shown);
  return result;
}

/**
 * Salary management (contracts/team-salary.ts). A user is eligible on a payout date when their
 * charged counts as they stood at its cutoff, the start of that day in Beijing (salaryCutoff:
 * members registered before it, charged by a first deposit approved before it), reach a level of
 * the table (the table in force now: earlier versions of it are not kept). A payout credits that
 * level's amount from the system account `salaries` to the user's salary bucket, at most once per
 * user and payout date: the ledger key `salary:<user>:<date>` and the unique (user, date) key of
 * team_salary_payouts decide any race, and the loser answers 409 with nothing moved. A date is due
 * from its cutoff on, so the counts a due date pays on can no longer change.
 */
export function createSalaryService(deps: {
  db: Db;
  now?: () => Date;
  realtime?: Pick<Realtime, 'toAdmins' | 'toUser'>;
}) {
  const { db } = deps;

  /** Tells the other admins that a salary payout waits for their approval. */
  function announceFirstSalaryApproval(approval: PayoutApproval, adminId: number) {
    announceFirstApproval(deps.realtime, {
      type: 'payout',
      id: approval.id,
      firstApproverId: adminId,
      ownerIds: approval.items.map((i) => i.user_id),
      message: msg('backOffice.firstApproval.salary', {
        date: approval.payout_date ?? '',
        count: approval.items.length,
        total: approval.total,
        currency: approval.currency,
      }),
    });
  }
  const now = deps.now ?? (() => new Date());
  /** Today's Beijing calendar date, `YYYY-MM-DD`. */
  const today = () => formatDate(now());

  function assertDue(payoutDate: string) {
    if (payoutDate > today()) throw businessRule(SALARY_TEXTS.notDueYet);
  }

  /** The payout years offered and accepted: 2024 (or the earliest payout's year) to this Beijing year. */
  async function payoutYears(exec: Executor): Promise<number[]> {
    return salaryPayoutYears(now(), await repo.earliestPayoutYear(exec));
  }

  /** 400 for a year outside payoutYears (the screen offers no other). */
  async function assertYear(year: number): Promise<number[]> {
    const years = await payoutYears(db);
    if (!years.includes(year))
      throw badRequest(SALARY_TEXTS.yearOutOfRange(years[0] ?? year, years.at(-1) ?? year));
    return years;
  }

  function payoutOf(node: repo.NodeCounts, level: SalaryLevel, payoutDate: string, adminId: number) {
    const amount = formatNormalised(new Decimal(level.amount));
    const request: PostTransactionRequest = {
      idempotencyKey: salaryLedgerKey(node.userId, payoutDate),
      kind: SALARY_LEDGER_KIND,
      memo: ledgerMemo('teamSalary', { level: level.level, date: payoutDate }),
      metadata: { userId: node.userId, payoutDate, level: level.level, adminId },
      postings: [
        { account: { system: 'salaries' }, currency: SALARY_CURRENCY, amount: `-${amount}` },
        { account: { userId: node.userId, bucket: 'salary' }, currency: SALARY_CURRENCY, amount },
      ],
    };
    const row = (transactionId: number): repo.NewPayout => ({
      userId: node.userId,
      payoutDate,
      level: level.level,
      amount,
      currency: SALARY_CURRENCY,
      directCount: node.directCount,
      chargedDirect: node.chargedDirect,
      teamSize: node.teamSize,
      chargedTeam: node.chargedTeam,
      paidBy: adminId,
      transactionId,
    });
    return { node, level, amount, request, row };
  }

  /** The eligible users of the date and their summary, read on one snapshot (levels and counts agree). */
  async function eligibleOn(payoutDate: string, page: { limit: number; offset: number }) {
    const { levels, rows, counts } = await db.transaction(
      async (tx) => {
        const { levels } = await readSalaryLevels(tx);
        const found = await repo.selectEligible(tx, levels, payoutDate, page);
        return { levels, rows: found.rows, counts: found.levels };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const amountOf = levelAmounts(levels);
    const unpaid = sumDecimals(counts.map((c) => new Decimal(amountOf(c.level)).times(c.eligible - c.paid)));
    const { byUser } = await pendingApprovalsIndex(db, 'salary', payoutDate);
    return {
      users: rows.map((row) => ({
        ...toCandidate(row, amountOf(row.level)),
        // 待复核: only for users not paid yet (a pending approval of someone since paid is moot).
        firstApproval: row.paid ? null : (byUser.get(row.userId)?.first_approval ?? null),
      })),
      eligible: counts.reduce((n, c) => n + c.eligible, 0),
      paid: counts.reduce((n, c) => n + c.paid, 0),
      unpaidAmount: formatNormalised(unpaid),
    };
  }

  async function currentLevels() {
    const stored = await readSalaryLevels(db);
    return {
      levels: stored.levels,
      updated_at: stored.updatedAt?.toISOString() ?? null,
      updated_by: stored.updatedBy,
    };
  }

  /**
   * One batch attempt in `tx`: every check on the rows as they are now (eligibility at the date's
   * cutoff, for the users eligible today: nobody else can have been then), then one posting statement.
   */
  async function batchInTx(tx: Tx, userIds: readonly number[], payoutDate: string, actor: AuditActor) {
    await serialiseSalaryPayouts(tx, payoutDate);
    const { levels } = await readSalaryLevels(tx);
    const [nodes, paid] = await Promise.all([
      repo.selectNodeCounts(tx, userIds),
      repo.selectPaidUserIds(tx, payoutDate, userIds),
    ]);
    const eligibleToday = nodes.filter((n) => !paid.has(n.userId) && salaryLevelFor(countsOf(n), levels));
    const asOf = await repo.selectCountsAsOf(
      tx,
      eligibleToday.map((n) => n.userId),
      payoutDate,
    );
    const nodeOf = new Map(asOf.map((n) => [n.userId, n]));
    const skipped: { userId: number; reason: SkipReason }[] = [];
    const due: ReturnType<typeof payoutOf>[] = [];
    for (const userId of userIds) {
      const node = nodeOf.get(userId);
      const level = node ? salaryLevelFor(countsOf(node), levels) : null;
      if (paid.has(userId)) skipped.push({ userId, reason: 'already_paid' });
      else if (!node || !level) skipped.push({ userId, reason: 'not_eligible' });
      else due.push(payoutOf(node, level, payoutDate, actor.adminId));
    }
    // Dual control: the batch's total at or above the payout threshold needs a second admin, who
    // must pay exactly these users and amounts (the approval's fingerprint).
    const gate = await gatePayout(
      tx,
      {
        kind: 'salary',
        payoutDate,
        currency: SALARY_CURRENCY,
        items: due.map((d) => ({ userId: d.node.userId, amount: d.amount, level: d.level.level })),
      },
      actor,
      teamPaidSince,
    );
    if (!gate.pay) {
      skipped.sort((a, b) => a.userId - b.userId);
      return {
        payoutDate,
        paidCount: 0,
        totalAmount: '0',
        skipped,
        awaitingSecondApproval: await describePayoutApproval(tx, gate.approval),
        notices: [],
      };
    }
    const posted = await postAll(
      tx,
      due.map((d) => d.request),
    );
    // A replayed key was posted by a concurrent payout that committed after the read above.
    const fresh: (ReturnType<typeof payoutOf> & { transactionId: number })[] = [];
    for (const [i, d] of due.entries()) {
      const result = posted[i] as PostTransactionResult;
      if (result.replayed) skipped.push({ userId: d.node.userId, reason: 'already_paid' });
      else fresh.push({ ...d, transactionId: result.transactionId });
    }
    const inserted = await repo.insertPayouts(
      tx,
      fresh.map((d) => d.row(d.transactionId)),
    );
    // This transaction holds the ledger keys of `fresh`: nobody else can have paid them.
    if (inserted.length !== fresh.length)
      throw new Error(`inserted ${inserted.length} of ${fresh.length} payouts`);
    const notices = await notify(
      tx,
      fresh.map((d) => salaryPayNotice(d.node.userId, payoutDate, d.level.level, d.amount)),
    );
    const totalAmount = formatNormalised(sumDecimals(fresh.map((d) => new Decimal(d.amount))));
    skipped.sort((a, b) => a.userId - b.userId);
    // The audit rows last: each takes a lock held until commit (audit.service.ts recordAudit).
    if (gate.secondApprovalAudit) await recordAudit(tx, actor, gate.secondApprovalAudit);
    if (fresh.length > 0) {
      await recordAudit(tx, actor, {
        action: 'team_salary.batch_pay',
        targetType: 'team_salary',
        targetId: payoutDate,
        after: {
          payoutDate,
          paidCount: fresh.length,
          totalAmount,
          currency: SALARY_CURRENCY,
          paid: fresh.map((d) => ({ userId: d.node.userId, level: d.level.level, amount: d.amount })),
          skipped,
        },
      });
    }
    return {
      payoutDate,
      paidCount: fresh.length,
      totalAmount,
      skipped,
      awaitingSecondApproval: null,
      notices,
    };
  }

  return {
    levels: currentLevels,

    /**
     * The users eligible on the date (their counts and level at its cutoff), a page of them, the
     * summary of all of them, and what the screen needs around them: the cutoff, whether the date
     * can be paid now and the years that can be chosen. 400 for a year outside those.
     */
    async eligibleUsers(query: PayoutDate & { page: number; limit: number }) {
      const payoutYears = await assertYear(query.year);
      const payoutDate = payoutDateKey(query);
      const result = await eligibleOn(payoutDate, pageOf(query));
      return {
        users: result.users,
        pagination: paginationOf(query, result.eligible),
        summary: { eligible: result.eligible, paid: result.paid, unpaidAmount: result.unpaidAmount },
        payoutDate,
        asOf: salaryCutoff(payoutDate).toISOString(),
        due: payoutDate <= today(),
        payoutYears,
      };
    },

    /**
     * Pays one user for the date the level of its cutoff: 400 for a year outside payoutYears, 422
     * for a date after today (Beijing) or a user whose counts reached no level by the cutoff, 409
     * when paid already, including by a concurrent payout that wins the race.
     */
    async pay(userId: number, date: PayoutDate, actor: AuditActor) {
      // Never one's own salary (the payout belongs to the user paid).
      assertNotOwnRequest(actor.adminId, userId);
      await assertYear(date.year);
      const payoutDate = payoutDateKey(date);
      assertDue(payoutDate);
      const seal = currentSeal();
      const { notices, ...result } = await db.transaction(async (tx) => {
        await serialiseSalaryPayouts(tx, payoutDate);
        const { levels } = await readSalaryLevels(tx);
        const [current] = await repo.selectNodeCounts(tx, [userId]);
        if (!current) throw notFound(msg('auth.userNotFound'));
        if ((await repo.selectPaidUserIds(tx, payoutDate, [userId])).size > 0)
          throw conflict(SALARY_TEXTS.alreadyPaid);
        if (!salaryLevelFor(countsOf(current), levels)) throw businessRule(SALARY_TEXTS.notEligible);
        const [node] = await repo.selectCountsAsOf(tx, [userId], payoutDate);
        const level = node ? salaryLevelFor(countsOf(node), levels) : null;
        if (!node || !level) throw businessRule(SALARY_TEXTS.notEligibleOnDate);
        const payout = payoutOf(node, level, payoutDate, actor.adminId);
        // Dual control: at or above the payout threshold a second admin pays this user, date and amount.
        const gate = await gatePayout(
          tx,
          {
            kind: 'salary',
            payoutDate,
            currency: SALARY_CURRENCY,
            items: [{ userId, amount: payout.amount, level: level.level }],
          },
          actor,
          teamPaidSince,
        );
        if (!gate.pay)
          return sealedPayout(tx, seal, {
            userId,
            payoutDate,
            level: level.level,
            amount: payout.amount,
            awaitingSecondApproval: await describePayoutApproval(tx, gate.approval),
            notices: [],
          });
        const [posted] = await postAll(tx, [payout.request]).catch((err: unknown) => {
          // A concurrent payout of this user and date posted the key with another amount.
          throw isKeyReused(err) ? conflict(SALARY_TEXTS.alreadyPaid) : err;
        });
        // Replayed: a concurrent payout posted this key and committed; this one must not insert.
        if (!posted || posted.replayed) throw conflict(SALARY_TEXTS.alreadyPaid);
        const inserted = await repo.insertPayouts(tx, [payout.row(posted.transactionId)]);
        if (inserted.length !== 1) throw conflict(SALARY_TEXTS.alreadyPaid);
        const notices = await notify(tx, [salaryPayNotice(userId, payoutDate, level.level, payout.amount)]);
        // The audit rows last: each takes a lock held until commit (audit.service.ts recordAudit).
        if (gate.secondApprovalAudit) await recordAudit(tx, actor, gate.secondApprovalAudit);
        await recordAudit(tx, actor, {
          action: 'team_salary.pay',
          targetType: 'user',
          targetId: userId,
          after: {
            payoutDate,
            level: level.level,
            amount: payout.amount,
            currency: SALARY_CURRENCY,
            transactionId: posted.transactionId,
          },
        });
        return sealedPayout(tx, seal, {
          userId,
          payoutDate,
          level: level.level,
          amount: payout.amount,
          awaitingSecondApproval: null,
          notices,
        });
      });
      if (deps.realtime) pushNotifications(deps.realtime, notices);
      if (result.awaitingSecondApproval)
        announceFirstSalaryApproval(result.awaitingSecondApproval, actor.adminId);
      return result;
    },

    /**
     * Pays the given users for the date in one transaction: those paid already and those not
     * eligible are skipped with the reason, the others are paid. A race with a concurrent payout
     * is settled by the ledger keys (the loser's user is skipped as already paid).
     */
    async batchPay(body: SalaryBatchPayBody, actor: AuditActor) {
      await assertYear(body.year);
      const payoutDate = payoutDateKey(body);
      assertDue(payoutDate);
      const userIds = [...new Set(body.userIds)].sort((a, b) => a - b);
      // A batch that pays the admin themselves is refused whole (403), nothing paid.
      assertNoneOwnRequest(actor.adminId, userIds);
      const seal = currentSeal();
      for (let attempt = 1; ; attempt++) {
        try {
          const { notices, ...result } = await db.transaction(async (tx) =>
            sealedPayout(tx, seal, await batchInTx(tx, userIds, payoutDate, actor)),
          );
          if (deps.realtime) pushNotifications(deps.realtime, notices);
          if (result.awaitingSecondApproval)
            announceFirstSalaryApproval(result.awaitingSecondApproval, actor.adminId);
          return result;
        } catch (err) {
          // The key of a concurrent payout posted another amount (the table changed in between):
          // the next attempt reads that payout and skips its user.
          if (isKeyReused(err) && attempt < BATCH_ATTEMPTS) continue;
          if (isKeyReused(err)) throw conflict(SALARY_TEXTS.alreadyPaid);
          throw err;
        }
      }
    },

    /** Payout totals of a month (default: this Beijing month) and the month before, from payout dates. */
    async statistics(query: {
      year?: number | undefined;
      month?: number | undefined;
    }): Promise<SalaryStatistics> {
      const [thisYear, thisMonth] = today()
        .split('-')
        .map((part) => Number.parseInt(part, 10)) as [number, number];
      const year = query.year ?? thisYear;
      const month = query.month ?? thisMonth;
      const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
      const [current, last, years] = await Promise.all([
        repo.payoutTotalsByLevel(db, monthStart(year, month), monthStart(year, month + 1)),
        repo.payoutTotalsByLevel(db, monthStart(previous.year, previous.month), monthStart(year, month)),
        payoutYears(db),
      ]);
      return {
        month: `${year}-${pad(month)}`,
        currentMonth: periodStats(current),
        lastMonth: periodStats(last),
        levelStats: current.map((l) => ({
          level: l.level,
          count: l.count,
          totalAmount: formatNormalised(decimalFromDb(l.amount)),
        })),
        payoutYears: years,
      };
    },

    /**
     * The report of every eligible user on the date (up to SALARY_EXPORT_MAX_ROWS), their counts
     * and level at its cutoff, read on one snapshot (so that the rows are consistent with each other).
     */
    async exportCsv(date: PayoutDate, language: Language = DEFAULT_LANGUAGE): Promise<SalaryExport> {
      await assertYear(date.year);
      const payoutDate = payoutDateKey(date);
      const { levels, found } = await db.transaction(
        async (tx) => {
          const { levels } = await readSalaryLevels(tx);
          const { rows } = await repo.selectEligible(tx, levels, payoutDate, {
            limit: SALARY_EXPORT_MAX_ROWS + 1,
            offset: 0,
          });
          return { levels, found: rows };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const amountOf = levelAmounts(levels);
      const truncated = found.length > SALARY_EXPORT_MAX_ROWS;
      const kept = truncated ? found.slice(0, SALARY_EXPORT_MAX_ROWS) : found;
      const chunks = [
        salaryCsvHead(language),
        ...kept.map((row) => salaryCsvRow(toCandidate(row, amountOf(row.level)), language)),
      ];
      const rows = kept.length;
      return {
        filename: `salary-${payoutDate}.csv`,
        content: Buffer.from(chunks.join(''), 'utf8'),
        rows,
        truncated,
      };
    },
  };
}

export type SalaryService = ReturnType<typeof createSalaryService>;

const countsOf = (node: repo.NodeCounts) => ({
  chargedDirect: node.chargedDirect,
  chargedTeam: node.chargedTeam,
});

function levelAmounts(levels: readonly SalaryLevel[]) {
  const amounts = new Map(levels.map((l) => [l.level, formatNormalised(new Decimal(l.amount))]));
  return (level: number) => {
    const amount = amounts.get(level);
    if (amount === undefined) throw new Error(`salary level ${level} is not in the table`);
    return amount;
  };
}

function toCandidate(row: repo.CandidateRow, salaryAmount: string): SalaryCandidate {
  return {
    userId: row.userId,
    email: row.email,
    inviteCode: row.inviteCode,
    salaryLevel: row.level,
    salaryAmount,
    directReferrals: row.directCount,
    chargedDirectReferrals: row.chargedDirect,
    teamMembers: row.teamSize,
    chargedTeamMembers: row.chargedTeam,
    conversionRate: conversionRate(row.chargedTeam, row.teamSize),
    paid: row.paid
      ? {
          level: row.paid.level,
          amount: formatNormalised(decimalFromDb(row.paid.amount)),
          paid_at: row.paid.paidAt.toISOString(),
        }
      : null,
    firstApproval: null,
  };
}

/** One ledger transaction alone, several in one batch. */
async function postAll(
  tx: Tx,
  requests: readonly PostTransactionRequest[],
): Promise<PostTransactionResult[]> {
  const [first] = requests;
  if (requests.length === 1 && first) return [await postTransaction(tx, first)];
  return postTransactionsBatch(tx, requests);
}

const salaryPayNotice = (userId: number, payoutDate: string, level: number, amount: string) =>
  salaryPaid({ userId, payoutDate, level, amount, currency: SALARY_CURRENCY });

const isKeyReused = (err: unknown) =>
  err instanceof AppError && err.statusCode === 409 && err.message === IDEMPOTENCY_KEY_REUSED;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-01` of a month; month 13 is January of the next year. */
const monthStart = (year: number, month: number) =>
  month > 12 ? `${year + 1}-01-01` : `${year}-${pad(month)}-01`;

function periodStats(levels: readonly repo.LevelTotal[]) {
  const count = levels.reduce((n, l) => n + l.count, 0);
  const total = sumDecimals(levels.map((l) => decimalFromDb(l.amount)));
  return {
    count,
    totalAmount: formatNormalised(total),
    avgAmount: count === 0 ? '0.00' : total.div(count).toFixed(2, Decimal.ROUND_HALF_UP),
  };
}
