import { hash } from 'node:crypto';
import { TRADING_TEXTS } from '@platform/contracts';
import { AppError, businessRule, conflict } from '../../core/errors.ts';
import { Decimal, decimalFromDb, formatFixed, formatNormalised, tryParseDecimal } from '../../core/money.ts';
import { because } from '../../core/refusal.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { msg, t } from '../../i18n/i18n.ts';
import * as repo from './ledger.repository.ts';

/**
 * The ledger: the one module that changes balances (ARCHITECTURE.md, "The ledger (money)"). Every
 * movement is a journal transaction whose entries sum to zero per currency. User accounts carry
 * their balance in place, locked in id order and never allowed below zero; system accounts never
 * update their row, their balance is the sum of their entries.
 */

export const USER_BUCKETS = ['available', 'frozen', 'salary'] as const;
export type UserBucket = (typeof USER_BUCKETS)[number];

/**
 * Sign convention: a system account's derived balance is the sum of its entries, so money that
 * entered the platform leaves external_deposits negative, money paid out leaves
 * external_withdrawals positive, and fees collected leave fees positive.
 */
export const SYSTEM_ACCOUNTS = [
  'external_deposits',
  'external_withdrawals',
  'fees',
  'house_pnl',
  /** The perpetual insurance fund: liquidations' remaining equity in, bankruptcy gaps out (docs/insurance-fund.md). */
  'house_insurance',
  'rewards',
  'salaries',
  'adjustments',
  /** Perpetual funding: what positions paid in, what they received out (docs/perpetual-funding.md). */
  'house_funding',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { userId: number; bucket: UserBucket } | { system: SystemAccount };

export interface Posting {
  account: AccountRef;
  currency: string;
  /** Signed decimal string, at most 18 decimals: positive credits the account, negative debits it. */
  amount: string;
}

export interface PostTransactionRequest {
  /** Derived from what caused the movement, e.g. `deposit:42:approve`. */
  idempotencyKey: string;
  /** What kind of movement this is, e.g. `deposit`, `withdrawal_freeze`, `trade_settlement`. */
  kind: string;
  memo?: string;
  metadata?: Record<string, unknown>;
  postings: Posting[];
}

export interface PostTransactionResult {
  transactionId: number;
  /** True when the idempotency key had already posted this same movement: nothing moved now. */
  replayed: boolean;
}

/** Limits (put a limit on everything). */
export const MAX_POSTINGS = 64;
const MAX_KEY_LENGTH = 200;
const MAX_KIND_LENGTH = 64;
const CURRENCY_PATTERN = /^[A-Z0-9]{2,12}$/;

/** 余额不足: the contracts' text, which the error handler says in the request's language. */
export const INSUFFICIENT_BALANCE = TRADING_TEXTS.insufficientBalance;
/** The 422 of a posting that would take a user's bucket below zero (named for the metrics' reason). */
const insufficientBalance = (data: Record<string, unknown>) =>
  because('insufficient_balance', businessRule(INSUFFICIENT_BALANCE, data));
const idempotencyKeyReused = msg('userFacing.ledger.idempotencyKeyReused');
/** The 409's Chinese, which callers compare (`err.message`); it is said in the request's language. */
export const IDEMPOTENCY_KEY_REUSED = t('zh-CN', 'userFacing.ledger.idempotencyKeyReused');

/**
 * Posts one journal transaction inside the caller's transaction `tx`.
 *
 * - A request that breaks the ledger's own rules (fewer than two postings, a zero or malformed
 *   amount, postings that do not sum to zero per currency, one account twice) is a bug in the
 *   caller: plain Error.
 * - The idempotency key is claimed first. If it already posted the same movement (same kind and
 *   postings), nothing moves and `replayed` is true; if it posted a different one: 409.
 * - A user account that would go below zero: 422 '余额不足', nothing moves.
 *
 * It runs in a savepoint, so a refused posting leaves nothing behind (not even the claimed key)
 * and the caller's transaction stays usable; `{ savepoint: false }` leaves the savepoint out for a
 * caller whose transaction ends on any error. It never touches the outer db handle.
 */
export async function postTransaction(
  tx: Tx,
  req: PostTransactionRequest,
  opts: { savepoint?: boolean } = {},
): Promise<PostTransactionResult> {
  const postings = validateRequest(req);
  const fingerprint = fingerprintOf(req.kind, postings);
  // Without the savepoint a refusal (余额不足, found after the journal row was written) leaves that
  // row in the caller's transaction, which must therefore roll back on the error, never commit: only
  // for callers whose transaction ends with the error anyway (an order placement; two round trips fewer).
  if (opts.savepoint === false) return postInside(tx, req, postings, fingerprint);
  return tx.transaction((sp) => postInside(sp, req, postings, fingerprint));
}

async function postInside(
  sp: Tx,
  req: PostTransactionRequest,
  postings: NormalisedPosting[],
  fingerprint: string,
): Promise<PostTransactionResult> {
  // The batch statements with one transaction: the same prepared texts as every batch.
  const newIds = await repo.insertJournalTransactions(sp, [
    {
      idempotencyKey: req.idempotencyKey,
      kind: req.kind,
      fingerprint,
      memo: req.memo ?? null,
      metadata: req.metadata ?? null,
    },
  ]);
  const transactionId = newIds.get(req.idempotencyKey);
  if (transactionId === undefined) {
    // The key exists: committed before this statement began, or by a concurrent transaction
    // that this INSERT waited for. READ COMMITTED lets the next statement see it.
    const existing = await repo.findJournalTransactionByKey(sp, req.idempotencyKey);
    if (!existing) throw new Error(`Idempotency key ${req.idempotencyKey} conflicted but no row is visible`);
    if (existing.fingerprint !== fingerprint) {
      throw conflict(idempotencyKeyReused, { idempotencyKey: req.idempotencyKey });
    }
    return { transactionId: existing.id, replayed: true };
  }

  // The accounts and the users' locks in one statement; missing accounts are created first.
  const accounts = await lockAccounts(sp, postings);
  const userPostings = postings.filter((p) => !p.system);

  // Every check before the first balance changes.
  const entries: repo.NewEntry[] = [];
  for (const p of postings) {
    const account = accounts.get(p.key);
    if (!account) throw new Error(`Ledger: no account for ${p.key}`);
    let balanceAfter: string | null = null;
    if (!p.system) {
      if (account.balance === null) throw new Error(`Account ${account.id} was not locked`);
      const next = decimalFromDb(account.balance).plus(p.amount);
      if (next.isNegative()) {
        throw insufficientBalance({ currency: p.currency, bucket: p.bucket });
      }
      balanceAfter = formatFixed(next);
    }
    entries.push({
      transactionId,
      accountId: account.id,
      currency: p.currency,
      amount: p.amountText,
      balanceAfter,
    });
  }

  const updated = await repo.applyPostings(
    sp,
    userPostings.map((p) => ({
      id: (accounts.get(p.key) as repo.LockedAccountRow).id,
      amount: p.amountText,
    })),
    entries,
  );
  if (updated !== userPostings.length) {
    throw new Error(`Updated ${updated} of ${userPostings.length} user accounts`);
  }
  return { transactionId, replayed: false };
}

/** The idempotency key that a batch's 余额不足 refusal names (see `postTransactionsBatch`), if `err` is one. */
export function refusedLedgerKey(err: unknown): string | undefined {
  if (!(err instanceof AppError) || err.statusCode !== 422 || err.message !== INSUFFICIENT_BALANCE)
    return undefined;
  const key = (err.data as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
  return typeof key === 'string' ? key : undefined;
}

/** Transactions per batch (put a limit on everything). */
export const MAX_BATCH = 2000;

/**
 * Posts many journal transactions inside the caller's transaction `tx` with a handful of statements
 * instead of several per transaction: for jobs that move money for many records at once (settling
 * every contract that expired in one second). Same rules as `postTransaction`, applied in request order:
 *
 * - each request is validated as `postTransaction` validates it; keys must differ within the batch;
 * - a key that already posted the same movement is a replay (nothing moves for it); a key that
 *   posted a different one refuses the whole batch (409);
 * - user balances move in request order, and if any would go below zero at any step the whole
 *   batch is refused (422 余额不足), naming the transaction; the caller decides how to split.
 *
 * User accounts are locked once, in id order, and updated once each by their net change; every
 * entry still carries the balance after it. Three statements whatever the batch size: the journal
 * rows, the accounts with their locks, the balances with the entries (a fourth reads the rows of
 * keys that were already taken). Runs in a savepoint like `postTransaction`, and
 * `{ savepoint: false }` leaves it out for a caller whose transaction ends on any error.
 */
export async function postTransactionsBatch(
  tx: Tx,
  requests: readonly PostTransactionRequest[],
  opts: { savepoint?: boolean } = {},
): Promise<PostTransactionResult[]> {
  if (requests.length === 0) return [];
  if (requests.length > MAX_BATCH) throw new Error(`Ledger: a batch holds at most ${MAX_BATCH} transactions`);
  const memo = newMemo();
  const prepared = requests.map((req) => {
    const postings = validateRequest(req, memo);
    return { req, postings, fingerprint: fingerprintOf(req.kind, postings) };
  });
  const keys = new Set<string>();
  for (const { req } of prepared) {
    if (keys.has(req.idempotencyKey)) throw new Error(`Ledger: key ${req.idempotencyKey} twice in one batch`);
    keys.add(req.idempotencyKey);
  }
  // Without the savepoint a refusal takes nothing back (its journal rows are written by then): the
  // caller must let it end the transaction, never catch it and commit.
  if (opts.savepoint === false) return postBatchInside(tx, prepared);
  return tx.transaction((sp) => postBatchInside(sp, prepared));
}

interface PreparedRequest {
  req: PostTransactionRequest;
  postings: NormalisedPosting[];
  fingerprint: string;
}

async function postBatchInside(
  sp: Tx,
  prepared: readonly PreparedRequest[],
): Promise<PostTransactionResult[]> {
  // Keys are claimed in sorted order, so two batches sharing keys queue instead of deadlocking.
  const byKey = [...prepared].sort((x, y) => compareText(x.req.idempotencyKey, y.req.idempotencyKey));
  const newIds = await repo.insertJournalTransactions(
    sp,
    byKey.map(({ req, fingerprint }) => ({
      idempotencyKey: req.idempotencyKey,
      kind: req.kind,
      fingerprint,
      memo: req.memo ?? null,
      metadata: req.metadata ?? null,
    })),
  );
  const taken = prepared.filter(({ req }) => !newIds.has(req.idempotencyKey));
  const existing = await repo.findJournalTransactionsByKeys(
    sp,
    taken.map(({ req }) => req.idempotencyKey),
  );
  for (const { req, fingerprint } of taken) {
    const row = existing.get(req.idempotencyKey);
    if (!row) throw new Error(`Idempotency key ${req.idempotencyKey} conflicted but no row is visible`);
    if (row.fingerprint !== fingerprint) {
      throw conflict(idempotencyKeyReused, { idempotencyKey: req.idempotencyKey });
    }
  }
  const fresh = prepared.filter(({ req }) => newIds.has(req.idempotencyKey));

  // Each distinct account once, created if missing; the user ones locked in id order with their
  // balances, in the same statement.
  const distinct = new Map<string, NormalisedPosting>();
  for (const { postings } of fresh) for (const p of postings) distinct.set(p.key, p);
  const accounts = await lockAccounts(sp, [...distinct.values()]);
  const running = new Map<number, Decimal>();
  const start = new Map<number, Decimal>();

  const entries: repo.NewEntry[] = [];
  for (const { req, postings } of fresh) {
    const transactionId = newIds.get(req.idempotencyKey) as number;
    for (const p of postings) {
      const account = accounts.get(p.key);
      if (!account) throw new Error(`Ledger: no account for ${p.key}`);
      let balanceAfter: string | null = null;
      if (!p.system) {
        let current = running.get(account.id);
        if (current === undefined) {
          if (account.balance === null) throw new Error(`Account ${account.id} was not locked`);
          current = decimalFromDb(account.balance);
          start.set(account.id, current);
        }
        const next = current.plus(p.amount);
        if (next.isNegative()) {
          throw insufficientBalance({
            currency: p.currency,
            bucket: p.bucket,
            idempotencyKey: req.idempotencyKey,
          });
        }
        running.set(account.id, next);
        balanceAfter = formatFixed(next);
      }
      const accountId = account.id;
      entries.push({ transactionId, accountId, currency: p.currency, amount: p.amountText, balanceAfter });
    }
  }

  const deltas = [...running]
    .map(([id, balance]) => ({ id, delta: balance.minus(start.get(id) as Decimal) }))
    .filter((d) => !d.delta.isZero())
    .map((d) => ({ id: d.id, amount: formatNormalised(d.delta) }));
  const updated = await repo.applyPostings(sp, deltas, entries);
  if (updated !== deltas.length) throw new Error(`Updated ${updated} of ${deltas.length} user accounts`);

  return prepared.map(({ req }) => {
    const id = newIds.get(req.idempotencyKey);
    return id !== undefined
      ? { transactionId: id, replayed: false }
      : {
          transactionId: (existing.get(req.idempotencyKey) as repo.StoredJournalTransaction).id,
          replayed: true,
        };
  });
}

/** Creates the user's available, frozen and salary accounts in `currency`; a no-op if they exist. */
export async function ensureUserWallet(exec: Executor, userId: number, currency: string): Promise<void> {
  assertUserId(userId);
  assertCurrency(currency);
  await repo.insertUserAccounts(
    exec,
    USER_BUCKETS.map((bucket) => ({ userId, bucket, currency })),
  );
}

export interface UserWallet {
  currency: string;
  balance: string;
  frozen_balance: string;
  salary_balance: string;
}

/**
 * The user's balances per currency as 18-decimal strings (available, frozen, salary), USDT first
 * then alphabetical. Only currencies the user has an account in appear.
 */
export async function getUserWallets(exec: Executor, userId: number): Promise<UserWallet[]> {
  assertUserId(userId);
  const rows = await repo.selectUserWallets(exec, userId);
  return rows.map((r) => ({
    currency: r.currency,
    balance: formatFixed(decimalFromDb(r.balance)),
    frozen_balance: formatFixed(decimalFromDb(r.frozen_balance)),
    salary_balance: formatFixed(decimalFromDb(r.salary_balance)),
  }));
}

/** A system account's balance (18-decimal string), derived from its entries. */
export async function systemAccountBalance(
  exec: Executor,
  system: SystemAccount,
  currency: string,
): Promise<string> {
  assertSystemAccount(system);
  assertCurrency(currency);
  return formatFixed(decimalFromDb(await repo.sumSystemAccountEntries(exec, system, currency)));
}

// --- internals --------------------------------------------------------------------------------

interface NormalisedPosting {
  /** user id, or null for a system account */
  userId: number | null;
  bucket: string;
  system: boolean;
  currency: string;
  amount: Decimal;
  /** the amount as a plain decimal string for the database */
  amountText: string;
  /** identifies the account: `user:7:available:USDT` or `system:fees:USDT` */
  key: string;
}

/**
 * What a batch's requests share, so that each distinct amount is parsed once and each distinct set of
 * amounts summed once (a settlement batch has a handful of each among thousands of transactions).
 * The checks are the same as without it; only their repeats are skipped.
 */
interface ValidationMemo {
  /** An amount as given → its value and normalised text, or null when it is not a valid amount. */
  amounts: Map<string, { amount: Decimal; text: string } | null>;
  /** `currency amount` of each posting, in order → null when they balance, else the currency and total that do not. */
  balances: Map<string, string | null>;
}

const newMemo = (): ValidationMemo => ({ amounts: new Map(), balances: new Map() });

function parseAmount(memo: ValidationMemo, value: unknown): { amount: Decimal; text: string } | null {
  if (typeof value !== 'string') return null;
  let parsed = memo.amounts.get(value);
  if (parsed === undefined) {
    const amount = tryParseDecimal(value);
    parsed = amount ? { amount, text: formatNormalised(amount) } : null;
    memo.amounts.set(value, parsed);
  }
  return parsed;
}

/** Null when the postings sum to zero in every currency, else `<currency> sums to <total>`. */
function unbalanced(postings: readonly NormalisedPosting[]): string | null {
  const totals = new Map<string, Decimal>();
  for (const p of postings) totals.set(p.currency, (totals.get(p.currency) ?? new Decimal(0)).plus(p.amount));
  for (const [currency, total] of totals) {
    if (!total.isZero()) return `${currency} sums to ${formatNormalised(total)}`;
  }
  return null;
}

function validateRequest(req: PostTransactionRequest, memo: ValidationMemo = newMemo()): NormalisedPosting[] {
  if (typeof req.idempotencyKey !== 'string' || req.idempotencyKey.length === 0) {
    throw new Error('Ledger: an idempotency key is required');
  }
  if (req.idempotencyKey.length > MAX_KEY_LENGTH) {
    throw new Error(`Ledger: idempotency key longer than ${MAX_KEY_LENGTH} characters`);
  }
  if (typeof req.kind !== 'string' || req.kind.length === 0 || req.kind.length > MAX_KIND_LENGTH) {
    throw new Error(`Ledger: kind must be 1 to ${MAX_KIND_LENGTH} characters`);
  }
  if (!Array.isArray(req.postings) || req.postings.length < 2) {
    throw new Error(`Ledger: transaction ${req.idempotencyKey} needs at least two postings`);
  }
  if (req.postings.length > MAX_POSTINGS) {
    throw new Error(`Ledger: transaction ${req.idempotencyKey} has more than ${MAX_POSTINGS} postings`);
  }

  const postings: NormalisedPosting[] = [];
  let signature = '';
  for (const p of req.postings) {
    assertCurrency(p.currency);
    const parsed = parseAmount(memo, p.amount);
    if (!parsed) {
      throw new Error(`Ledger: amount ${String(p.amount)} is not a decimal string with at most 18 decimals`);
    }
    const { amount, text } = parsed;
    if (amount.isZero()) throw new Error(`Ledger: a posting of zero ${p.currency} in ${req.idempotencyKey}`);

    let normalised: NormalisedPosting;
    if ('system' in p.account) {
      assertSystemAccount(p.account.system);
      normalised = {
        userId: null,
        bucket: p.account.system,
        system: true,
        currency: p.currency,
        amount,
        amountText: text,
        key: `system:${p.account.system}:${p.currency}`,
      };
    } else {
      assertUserId(p.account.userId);
      if (!(USER_BUCKETS as readonly string[]).includes(p.account.bucket)) {
        throw new Error(`Ledger: unknown user bucket ${String(p.account.bucket)}`);
      }
      normalised = {
        userId: p.account.userId,
        bucket: p.account.bucket,
        system: false,
        currency: p.currency,
        amount,
        amountText: text,
        key: `user:${p.account.userId}:${p.account.bucket}:${p.currency}`,
      };
    }
    for (const earlier of postings) {
      if (earlier.key === normalised.key) {
        throw new Error(
          `Ledger: account ${normalised.key} appears twice in ${req.idempotencyKey}; combine the amounts`,
        );
      }
    }
    postings.push(normalised);
    signature += `${p.currency} ${text},`;
  }

  let balance = memo.balances.get(signature);
  if (balance === undefined) {
    balance = unbalanced(postings);
    memo.balances.set(signature, balance);
  }
  if (balance !== null) {
    throw new Error(`Ledger: postings of ${req.idempotencyKey} do not balance: ${balance}`);
  }
  return postings;
}

/**
 * A hash of what the transaction moves (kind and postings, in any order); memo and metadata are not
 * part of it. The hashed text is `JSON.stringify({ v: 1, kind, postings: [[key, amount], ...] })`
 * with the pairs sorted by key, written out directly: account keys and normalised amounts are made
 * of characters that JSON leaves as they are (letters, digits, `:`, `_`, `.`, `-`), and the kind is
 * escaped by JSON.stringify. Stored fingerprints must never change (a replay compares them).
 */
function fingerprintOf(kind: string, postings: readonly NormalisedPosting[]): string {
  const sorted = postings.length <= 1 ? postings : [...postings].sort((a, b) => compareText(a.key, b.key));
  let text = `{"v":1,"kind":${JSON.stringify(kind)},"postings":[`;
  for (let i = 0; i < sorted.length; i += 1) {
    const p = sorted[i] as NormalisedPosting;
    text += `${i > 0 ? ',' : ''}["${p.key}","${p.amountText}"]`;
  }
  return hash('sha256', `${text}]}`, 'hex');
}

/**
 * Creates the accounts among the keys that `existing` (by account key) lacks, in a fixed order
 * (system accounts by name and currency, then user accounts by user, bucket, currency) so that
 * concurrent transactions creating the same accounts queue instead of deadlocking.
 */
async function createMissingAccounts(
  exec: Executor,
  userKeys: readonly repo.UserAccountKey[],
  systemKeys: readonly repo.SystemAccountKey[],
  existing: ReadonlyMap<string, unknown>,
): Promise<void> {
  const missingUsers = userKeys
    .filter((k) => !existing.has(`user:${k.userId}:${k.bucket}:${k.currency}`))
    .sort(
      (a, b) => a.userId - b.userId || compareText(a.bucket, b.bucket) || compareText(a.currency, b.currency),
    );
  const missingSystem = systemKeys
    .filter((k) => !existing.has(`system:${k.bucket}:${k.currency}`))
    .sort((a, b) => compareText(a.bucket, b.bucket) || compareText(a.currency, b.currency));
  await repo.insertSystemAccounts(exec, missingSystem);
  await repo.insertUserAccounts(exec, missingUsers);
}

/**
 * The account of every posting, user accounts locked in id order with their balances (one
 * statement). Accounts that do not exist yet are created (`createMissingAccounts`) and the
 * statement runs again.
 */
async function lockAccounts(
  exec: Executor,
  postings: readonly NormalisedPosting[],
): Promise<Map<string, repo.LockedAccountRow>> {
  const userKeys = postings
    .filter((p) => p.userId !== null)
    .map((p) => ({ userId: p.userId as number, bucket: p.bucket, currency: p.currency }));
  const systemKeys = postings
    .filter((p) => p.system)
    .map((p) => ({ bucket: p.bucket, currency: p.currency }));
  const byKey = (rows: readonly repo.LockedAccountRow[]) =>
    new Map(
      rows.map((row) => [
        row.isSystem
          ? `system:${row.bucket}:${row.currency}`
          : `user:${row.userId}:${row.bucket}:${row.currency}`,
        row,
      ]),
    );
  let accounts = byKey(await repo.findAndLockAccounts(exec, userKeys, systemKeys));
  if (accounts.size < postings.length) {
    await createMissingAccounts(exec, userKeys, systemKeys, accounts);
    accounts = byKey(await repo.findAndLockAccounts(exec, userKeys, systemKeys));
    if (accounts.size < postings.length) throw new Error('Ledger: accounts missing after creating them');
  }
  return accounts;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function assertUserId(userId: unknown): asserts userId is number {
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0) {
    throw new Error(`Ledger: invalid user id ${String(userId)}`);
  }
}

function assertCurrency(currency: unknown): asserts currency is string {
  if (typeof currency !== 'string' || !CURRENCY_PATTERN.test(currency)) {
    throw new Error(`Ledger: invalid currency ${String(currency)}`);
  }
}

function assertSystemAccount(system: unknown): asserts system is SystemAccount {
  if (!(SYSTEM_ACCOUNTS as readonly unknown[]).includes(system)) {
    throw new Error(`Ledger: unknown system account ${String(system)}`);
  }
}
