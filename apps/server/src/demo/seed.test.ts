import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SALARY_LEVELS, depositStatuses, withdrawalStatuses } from '@platform/contracts';
import {
  type ContractDirection,
  contractOutcome,
  formatDate,
  highestTier,
  type PositionSide,
  pnlAt,
  salaryLevelFor,
  usdtAddressNetwork,
} from '@platform/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../core/money.ts';
import { queryRows } from '../db/rows.ts';
import { createAuditChainKey, installAuditChainKey } from '../modules/audit/audit.key.ts';
import { createDashboardService } from '../modules/dashboard/dashboard.service.ts';
import { createHomeService } from '../modules/home/home.service.ts';
import { createKycService } from '../modules/kyc/kyc.service.ts';
import { silentRealtime } from '../modules/realtime/realtime.ts';
import { counterMismatches } from '../modules/reconciliation/counter-check.ts';
import { teamTreeProblems } from '../modules/team/tree-check.ts';
import { createImageStore } from '../modules/uploads/image-store.ts';
import { detectImageType } from '../modules/uploads/image-type.ts';
import { createUrlSigner } from '../modules/uploads/signed-url.ts';
import { TEST_AUDIT_CHAIN_KEY } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { DEMO_ANNOUNCEMENTS, DEMO_CAROUSEL } from './home.ts';
import {
  DEMO_ADMIN_EMAILS,
  DEMO_MARKER_EMAIL,
  DEMO_SUPER_ADMIN2,
  planDemo,
  readyLine,
  type SeedResult,
  seedDemoData,
} from './seed.ts';
import { backDatingRefusal, DEFAULT_DEMO_MARKET, seedDemoTrading, simulatedIndexAt } from './trading.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('npm run demo (seedDemoData)', () => {
  let database: TestDatabase;
  let first: SeedResult;
  const qrCodeDir = path.join(os.tmpdir(), `demo-seed-test-${process.pid}`);
  const kycDocumentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-seed-kyc-'));
  const kycFiles = () => fs.readdirSync(kycDocumentDir).sort();
  const carouselDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-seed-carousel-'));
  const now = new Date();
  const plan = planDemo(now.getTime());

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
  const tableCounts = async () =>
    (
      await rows<Record<string, unknown>>(sql`SELECT
        (SELECT count(*) FROM users)::int AS users,
        (SELECT count(*) FROM deposit_channels)::int AS deposit_channels,
        (SELECT count(*) FROM withdraw_channels)::int AS withdraw_channels,
        (SELECT count(*) FROM deposits)::int AS deposits,
        (SELECT count(*) FROM withdrawals)::int AS withdrawals,
        (SELECT count(*) FROM ledger_transactions)::int AS ledger_transactions,
        (SELECT count(*) FROM team_nodes)::int AS team_nodes,
        (SELECT count(*) FROM team_paths)::int AS team_paths,
        (SELECT count(*) FROM team_rewards)::int AS team_rewards,
        (SELECT count(*) FROM team_salary_payouts)::int AS team_salary_payouts,
        (SELECT count(*) FROM kyc_applications)::int AS kyc_applications,
        (SELECT count(*) FROM carousel_items)::int AS carousel_items,
        (SELECT count(*) FROM announcements)::int AS announcements,
        (SELECT count(*) FROM audit_logs)::int AS audit_logs`)
    )[0];

  beforeAll(async () => {
    // The seed's audit rows are sealed like the server's (the demo CLI installs the configured key).
    installAuditChainKey(createAuditChainKey(TEST_AUDIT_CHAIN_KEY));
    database = await createTestDatabase();
    first = await seedDemoData(database.db, {
      adminEmail: 'boss@example.com',
      adminPassword: 'boss-password',
      qrCodeDir,
      kycDocumentDir,
      carouselDir,
      now,
    });
    // About 20 s of CPU (hundreds of service transactions, the team included); generous for a loaded CI machine.
  }, 420_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(kycDocumentDir, { recursive: true, force: true });
    fs.rmSync(carouselDir, { recursive: true, force: true });
  });

  it('creates users, admins and channels in the documented numbers', () => {
    expect(first.alreadyPresent).toBe(false);
    expect(first.superAdmin).toEqual({ email: 'boss@example.com', created: true });
    // Two super admins (issue 32): the second from ADMIN2_* or the fixed demo credentials.
    expect(first.secondSuperAdmin).toEqual({ email: DEMO_SUPER_ADMIN2.email, created: true });
    const { counts } = first;
    expect(counts.users).toBe(40 + plan.team.members.length);
    expect(plan.team.members.length).toBeGreaterThanOrEqual(150);
    expect(plan.team.members.length).toBeLessThanOrEqual(250);
    expect(counts.disabledUsers).toBeGreaterThan(0);
    expect(Object.keys(counts.kyc).sort()).toEqual(['approved', 'none', 'pending', 'rejected', 'reviewing']);
    expect(counts.admins).toBe(4); // two plain admins and the two super admins
    expect(counts.depositChannels).toEqual({ active: 4, inactive: 1 });
    expect(counts.withdrawChannels).toBe(3);
  });

  it('gives every account with a KYC status a real application, so the queue and the counts agree', async () => {
    const { kyc, kycApplications } = first.counts;
    for (const status of ['pending', 'reviewing', 'approved', 'rejected']) {
      expect(kycApplications[status]).toBeGreaterThan(0);
    }
    // Each account's status is its latest application's (none without one).
    const [mismatch] = await rows<Record<string, number>>(sql`SELECT
      count(*) FILTER (WHERE u.kyc_status <> coalesce(latest.status, 'none'))::int AS mismatched,
      count(*) FILTER (WHERE latest.status IS NOT NULL)::int AS with_application
      FROM users u
      LEFT JOIN LATERAL (SELECT k.status FROM kyc_applications k WHERE k.user_id = u.id
                          ORDER BY k.created_at DESC, k.id DESC LIMIT 1) latest ON true`);
    expect(mismatch?.mismatched).toBe(0);
    expect(mismatch?.with_application).toBe(
      Object.entries(kyc)
        .filter(([status]) => status !== 'none')
        .reduce((sum, [, n]) => sum + n, 0),
    );

    // The dashboard's pending KYC (and so 立即处理) is exactly the queue's 待审核 tab.
    const dashboard = await createDashboardService({ db: database.db }).dashboard();
    expect(dashboard.pendingTasks.pendingKyc).toBe(kycApplications.pending);
    expect(kyc.pending).toBe(kycApplications.pending);
    const queue = await createKycService({
      db: database.db,
      realtime: silentRealtime,
      documents: createImageStore(kycDocumentDir),
      signer: createUrlSigner('x'.repeat(32)),
    }).listForAdmin({ page: 1, limit: 100, status: 'pending' });
    expect(queue.pagination.total).toBe(dashboard.pendingTasks.pendingKyc);
    // The default tab shows the duplicate-number warning on one of them.
    expect(queue.requests.filter((r) => r.duplicate_id_count > 0)).toHaveLength(1);
  });

  it('stores both generated ID images of every application in the document store', async () => {
    const files = await rows<{ front: string; back: string }>(
      sql`SELECT id_front_file AS front, id_back_file AS back FROM kyc_applications`,
    );
    const stored = new Set(kycFiles());
    expect(stored.size).toBe(files.length * 2);
    for (const { front, back } of files) {
      expect(stored.has(front) && stored.has(back)).toBe(true);
      const bytes = fs.readFileSync(path.join(kycDocumentDir, front));
      expect(detectImageType(bytes)?.ext).toBe('png');
    }
  });

  it('has each decision made by a demo admin, rejections explained, before the account withdrew', async () => {
    const [k] = await rows<Record<string, number>>(sql`SELECT
      count(*) FILTER (WHERE status IN ('approved', 'rejected')
        AND reviewed_by <> (SELECT id FROM users WHERE email = ${DEMO_ADMIN_EMAILS[0]}))::int AS other_reviewer,
      count(*) FILTER (WHERE status = 'rejected' AND coalesce(admin_note, '') = '')::int AS unexplained,
      count(*) FILTER (WHERE status IN ('approved', 'rejected')
        AND (reviewed_at IS NULL OR reviewed_at < created_at OR reviewed_at > ${now.toISOString()}::timestamptz))::int AS bad_review_time,
      count(*) FILTER (WHERE status IN ('pending', 'reviewing') AND reviewed_at IS NOT NULL)::int AS undecided_with_time,
      count(*) FILTER (WHERE created_at < (SELECT created_at FROM users WHERE id = user_id))::int AS before_registration,
      count(*) FILTER (WHERE status = 'approved' AND reviewed_at > (SELECT min(created_at) FROM withdrawals w
        WHERE w.user_id = kyc_applications.user_id))::int AS withdrew_before_approval
      FROM kyc_applications`);
    expect(k).toEqual({
      other_reviewer: 0,
      unexplained: 0,
      bad_review_time: 0,
      undecided_with_time: 0,
      before_registration: 0,
      withdrew_before_approval: 0,
    });
    const audit = await rows<{
      action: string;
      n: number;
    }>(sql`SELECT action, count(*)::int AS n FROM audit_logs
      WHERE action LIKE 'kyc.%' GROUP BY action ORDER BY action`);
    expect(Object.fromEntries(audit.map((a) => [a.action, a.n]))).toEqual({
      'kyc.approve': first.counts.kycApplications.approved,
      'kyc.reject': first.counts.kycApplications.rejected,
    });
  });

  it('creates deposits and withdrawals in every status', () => {
    const { deposits, withdrawals } = first.counts;
    expect(Object.values(deposits).reduce((a, b) => a + b, 0)).toBe(80 + plan.team.deposits.length);
    for (const status of depositStatuses.filter((s) => s !== 'processing'))
      expect(deposits[status]).toBeGreaterThan(0);
    expect(deposits.approved).toBeGreaterThanOrEqual(35);
    expect(Object.values(withdrawals).reduce((a, b) => a + b, 0)).toBe(40);
    for (const status of withdrawalStatuses) expect(withdrawals[status]).toBeGreaterThan(0);
  });

  it('leaves a ledger that verifies, with balances that are the money that came in less what went out', async () => {
    expect(first.ledger.problems).toEqual([]);
    expect(first.ledger.ok).toBe(true);
    // USDT: what users hold is what came in, less what went out (withdrawal fees included), less what
    // the house took in trading (house P&L, which holds the USDT side of spot trades, and trading fees); what is frozen is what pending withdrawals, open orders, running
    // contracts and open positions hold.
    // Team rewards and salaries came in from the system accounts `rewards` and `salaries` (whose
    // balances are the sums of their entries).
    type Sums = Record<
      | 'held'
      | 'deposited'
      | 'paid_out'
      | 'house'
      | 'in_flight'
      | 'frozen'
      | 'trading'
      | 'rewards'
      | 'salaries'
      | 'rewards_account'
      | 'salaries_account'
      | 'salary_bucket',
      string
    >;
    const [row] = await rows<Sums>(sql`SELECT
      (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE NOT is_system AND currency = 'USDT')::text AS held,
      (SELECT coalesce(sum(amount), 0) FROM deposits WHERE status = 'approved')::text AS deposited,
      (SELECT coalesce(sum(amount + fee), 0) FROM withdrawals WHERE status = 'completed')::text AS paid_out,
      ((SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.is_system AND a.bucket = 'house_pnl' AND a.currency = 'USDT')
       + (SELECT coalesce(sum(fee), 0) FROM trade_orders WHERE quote_currency = 'USDT'))::text AS house,
      (SELECT coalesce(sum(amount + fee), 0) FROM withdrawals
         WHERE status IN ('pending', 'reviewing', 'approved', 'processing'))::text AS in_flight,
      (SELECT coalesce(sum(balance), 0) FROM ledger_accounts
         WHERE NOT is_system AND bucket = 'frozen' AND currency = 'USDT')::text AS frozen,
      ((SELECT coalesce(sum(frozen_amount), 0) FROM trade_orders
          WHERE status IN ('pending', 'partial') AND frozen_currency = 'USDT')
       + (SELECT coalesce(sum(stake), 0) FROM timed_contracts WHERE status = 'open')
       + (SELECT coalesce(sum(margin), 0) FROM perpetual_positions WHERE status = 'open'))::text AS trading,
      (SELECT coalesce(sum(amount), 0) FROM team_rewards WHERE status = 'distributed')::text AS rewards,
      (SELECT coalesce(sum(amount), 0) FROM team_salary_payouts)::text AS salaries,
      (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.is_system AND a.bucket = 'rewards' AND a.currency = 'USDT')::text AS rewards_account,
      (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.is_system AND a.bucket = 'salaries' AND a.currency = 'USDT')::text AS salaries_account,
      (SELECT coalesce(sum(balance), 0) FROM ledger_accounts
         WHERE NOT is_system AND bucket = 'salary' AND currency = 'USDT')::text AS salary_bucket`);
    expect(row).toBeDefined();
    const r = row as Sums;
    expect(new Decimal(r.rewards).gt(0)).toBe(true);
    expect(new Decimal(r.salaries).gt(0)).toBe(true);
    expect(
      new Decimal(r.held).eq(
        new Decimal(r.deposited).minus(r.paid_out).minus(r.house).plus(r.rewards).plus(r.salaries),
      ),
    ).toBe(true);
    expect(new Decimal(r.rewards_account).eq(new Decimal(r.rewards).neg())).toBe(true);
    expect(new Decimal(r.salaries_account).eq(new Decimal(r.salaries).neg())).toBe(true);
    expect(new Decimal(r.salary_bucket).eq(r.salaries)).toBe(true);
    expect(new Decimal(r.frozen).eq(new Decimal(r.in_flight).plus(r.trading))).toBe(true);
    const [trades] = await rows<Record<string, number>>(
      sql`SELECT count(DISTINCT product)::int AS products, count(*)::int AS orders FROM trade_orders`,
    );
    expect(trades?.products).toBe(4);
    expect(trades?.orders).toBeGreaterThan(100);
  });

  it('explains every rejection and spreads the history over the last 30 days', async () => {
    const [d] = await rows<Record<string, number>>(sql`SELECT
      count(*) FILTER (WHERE status = 'rejected' AND coalesce(admin_note, '') = '')::int AS unexplained,
      count(*) FILTER (WHERE created_at < ${new Date(now.getTime() - 7 * DAY).toISOString()}::timestamptz)::int AS older_than_a_week,
      count(*) FILTER (WHERE created_at < ${new Date(now.getTime() - 31 * DAY).toISOString()}::timestamptz
                          OR created_at > ${now.toISOString()}::timestamptz)::int AS out_of_range,
      count(*) FILTER (WHERE status <> 'pending' AND (reviewed_at IS NULL OR reviewed_at < created_at))::int AS bad_review_time
      FROM deposits`);
    expect(d).toEqual({
      unexplained: 0,
      older_than_a_week: expect.any(Number),
      out_of_range: 0,
      bad_review_time: 0,
    });
    expect(d?.older_than_a_week).toBeGreaterThan(20);
    const [w] = await rows<Record<string, number>>(sql`SELECT
      count(*) FILTER (WHERE status = 'rejected' AND coalesce(admin_remark, '') = '')::int AS unexplained,
      count(*) FILTER (WHERE status = 'completed' AND completed_at IS NULL)::int AS undated
      FROM withdrawals`);
    expect(w).toEqual({ unexplained: 0, undated: 0 });
  });

  it('withdraws USDT to valid addresses, each with its network', async () => {
    const usdt = await rows<{ address: string; network: string | null }>(
      sql`SELECT address, network FROM withdrawals WHERE withdraw_type = 'usdt'`,
    );
    expect(usdt.length).toBeGreaterThan(0);
    for (const w of usdt) expect(usdtAddressNetwork(w.address), w.address).toBe(w.network ?? 'none');
  });

  it('records the changes in the audit log as the super admin from 127.0.0.1', async () => {
    const audit = await rows<{
      action: string;
      n: number;
    }>(sql`SELECT action, count(*)::int AS n FROM audit_logs
      WHERE ip = '127.0.0.1' AND admin_id = (SELECT id FROM users WHERE email = 'boss@example.com')
      GROUP BY action ORDER BY action`);
    const actions = Object.fromEntries(audit.map((a) => [a.action, a.n]));
    // Dual control: the super admin's first approval of a deposit at or above the threshold is
    // completed by a demo admin, so each approved deposit has one approval that moved the money.
    const [completedBySecond] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_logs
      WHERE action = 'deposit.approve' AND admin_id <> (SELECT id FROM users WHERE email = 'boss@example.com')`);
    expect(actions['deposit.first_approve'] ?? 0).toBe(completedBySecond?.n);
    expect((actions['deposit.approve'] ?? 0) + (completedBySecond?.n ?? 0)).toBe(
      first.counts.deposits.approved,
    );
    expect(actions['deposit.reject']).toBe(first.counts.deposits.rejected);
    expect(actions['withdrawal.status']).toBeGreaterThanOrEqual(40);
    // Channels are proposals (docs/pending-changes.md): the super admin proposes each (5 deposit and
    // the withdrawal channels, and switching the bank channel off); a demo admin's approval creates it.
    expect(actions['change.propose']).toBeGreaterThanOrEqual(7);
    const [created] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_logs
      WHERE action = 'channel.create' AND admin_id <> (SELECT id FROM users WHERE email = 'boss@example.com')`);
    expect(created?.n).toBe(5);
    expect(actions['team_reward.calculate']).toBe(1);
    expect(actions['team_reward.distribute']).toBe(1);
    expect(actions['team_salary.batch_pay']).toBe(2);
  });

  it('builds a referral tree whose counters are exact', async () => {
    expect(await counterMismatches(database.db)).toEqual([]);
    expect(await teamTreeProblems(database.db)).toEqual([]);
    // joined_at is the registration time (to the millisecond: it comes from JavaScript's Date), and
    // charged_at the time of the first approved deposit.
    const [times] = await rows<Record<string, number>>(sql`SELECT
      (SELECT count(*) FROM team_nodes n JOIN users u ON u.id = n.user_id
        WHERE date_trunc('milliseconds', n.joined_at) <> date_trunc('milliseconds', u.created_at))::int AS bad_joined_at,
      (SELECT count(*) FROM team_nodes n
         LEFT JOIN (SELECT user_id, min(reviewed_at) AS first FROM deposits WHERE status = 'approved' GROUP BY user_id) d
           ON d.user_id = n.user_id
        WHERE n.charged_at IS DISTINCT FROM d.first)::int AS bad_charged_at`);
    expect(times).toEqual({ bad_joined_at: 0, bad_charged_at: 0 });

    const { team } = first.counts;
    // Planned users under each other, and 150-250 extra members 5-7 levels below their leaders.
    expect(team.invited).toBeGreaterThanOrEqual(plan.team.members.length + 15);
    expect(team.maxLevel).toBeGreaterThanOrEqual(7);
    expect(team.charged).toBeGreaterThan(60);
    const [kyc] = await rows<{ approved: number }>(sql`SELECT count(*)::int AS approved FROM users u
      JOIN team_nodes n ON n.user_id = u.id WHERE n.parent_id IS NOT NULL AND u.kyc_status = 'approved'`);
    expect(kyc?.approved).toBeGreaterThan(30);

    // The marker user leads the biggest team: at least tier L2 and a salary level, on charged counts.
    const [leader] = await rows<Record<string, number>>(sql`SELECT n.charged_direct, n.charged_team,
        n.team_size, (n.parent_id IS NOT NULL) AS invited
      FROM team_nodes n JOIN users u ON u.id = n.user_id WHERE u.email = ${DEMO_MARKER_EMAIL}`);
    const counts = {
      chargedDirect: Number(leader?.charged_direct),
      chargedTeam: Number(leader?.charged_team),
    };
    expect(highestTier(counts)).toBeGreaterThanOrEqual(2);
    expect(salaryLevelFor(counts, DEFAULT_SALARY_LEVELS)).not.toBeNull();
    expect(leader?.invited).toBe(true);
    expect(Number(leader?.team_size)).toBeGreaterThan(100);
  });

  it('has invites on each of the last 8 Beijing days and none older than 60 days among the extra members', async () => {
    const days = await rows<{
      day: string;
    }>(sql`SELECT DISTINCT to_char(joined_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD') AS day
      FROM team_nodes WHERE parent_id IS NOT NULL`);
    const seen = new Set(days.map((d) => d.day));
    for (let k = 0; k < 8; k++) expect(seen).toContain(formatDate(now.getTime() - k * DAY));
    const oldest = Math.min(...plan.team.members.map((m) => m.createdAt));
    expect(oldest).toBeGreaterThanOrEqual(now.getTime() - 60 * DAY);
  });

  it('leaves rewards pending and distributed, salaries paid and unpaid', async () => {
    const { rewards, salaryPayouts } = first.counts.team;
    expect(rewards.pending).toBeGreaterThan(0);
    expect(rewards.distributed).toBeGreaterThan(0);
    expect(salaryPayouts).toBeGreaterThan(0);
    expect(first.team?.salary.dates).toHaveLength(2);
    expect(first.team?.salary.unpaid).toBeGreaterThan(0);
    const dates = await rows<{
      payout_date: string;
      n: number;
    }>(sql`SELECT payout_date::text, count(*)::int AS n
      FROM team_salary_payouts GROUP BY payout_date ORDER BY payout_date`);
    expect(dates.map((d) => d.payout_date)).toEqual(first.team?.salary.dates);
  });

  it('adds nothing on a second run', async () => {
    const before = await tableCounts();
    const files = kycFiles();
    const again = await seedDemoData(database.db, { qrCodeDir, kycDocumentDir, carouselDir, now });
    expect(again.alreadyPresent).toBe(true);
    expect(again.superAdmin.created).toBe(false);
    expect(again.counts).toEqual(first.counts);
    expect(again.ledger.ok).toBe(true);
    expect(await tableCounts()).toEqual(before);
    expect(kycFiles()).toEqual(files);
    const [marker] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE email = ${DEMO_MARKER_EMAIL}`,
    );
    expect(marker?.n).toBe(1);
  });

  /** The simulator's index at an instant, as the seed (without a secret: 'demo-market') traded on it. */
  let clock = 0;
  const simIndex = simulatedIndexAt('demo-market', DEFAULT_DEMO_MARKET, () => clock);
  const indexAt = async (symbol: string, at: number) => {
    clock = at;
    // A round of its own: a snapshot kept from a later instant must not stand for an earlier one.
    const [snapshot] = await simIndex.refresh([symbol]);
    if (!snapshot?.price) throw new Error(`no index of ${symbol} at ${new Date(at).toISOString()}`);
    return snapshot;
  };
  const ms = (column: string) => sql.raw(`round(extract(epoch FROM ${column}) * 1000)::float8`);
  type Component = { source: string; price: string | null };
  const componentPrices = (components: readonly Component[] | null) =>
    Object.fromEntries(
      (components ?? []).map((c) => [c.source, c.price === null ? null : new Decimal(c.price).toFixed()]),
    );

  it('records every flash and option contract at its own instants, at the simulated index of each', async () => {
    const contracts = await rows<{
      order_id: string;
      symbol: string;
      direction: ContractDirection;
      outcome: string;
      entry_price: string;
      settle_price: string;
      entry_source: string;
      settle_source: string;
      opened: number;
      entry: number;
      expires: number;
      settle: number;
      entry_components: Component[] | null;
      settle_components: Component[] | null;
      entry_tick: string | null;
      settle_tick: string | null;
    }>(sql`SELECT c.order_id::text, c.symbol, c.direction, c.outcome, c.entry_price::text, c.settle_price::text,
        c.entry_source, c.settle_source, ${ms('c.opened_at')} AS opened, ${ms('c.entry_at')} AS entry,
        ${ms('c.expires_at')} AS expires, ${ms('c.settle_price_at')} AS settle,
        c.entry_components, c.settle_components,
        (SELECT t.price::text FROM price_ticks t WHERE t.symbol = c.symbol AND t.at = c.entry_at) AS entry_tick,
        (SELECT t.price::text FROM price_ticks t WHERE t.symbol = c.symbol AND t.at = c.settle_price_at) AS settle_tick
      FROM timed_contracts c ORDER BY c.order_id`);
    expect(contracts.length).toBeGreaterThan(20);
    for (const c of contracts) {
      const where = `contract ${c.order_id}`;
      // Opened at the demo clock, days ago: the entry is the index of that moment (at most 1 s
      // before the order, TIMED_ENTRY_MAX_AGE_MS), the settlement the tick of the expiry itself.
      expect(Number(c.opened), where).toBeLessThan(now.getTime() - 2 * 60 * 60 * 1000);
      expect(Number(c.opened) - Number(c.entry), where).toBeGreaterThanOrEqual(0);
      expect(Number(c.opened) - Number(c.entry), where).toBeLessThanOrEqual(1000);
      expect(Number(c.expires) - Number(c.settle), where).toBeGreaterThanOrEqual(0);
      expect(Number(c.expires) - Number(c.settle), where).toBeLessThanOrEqual(1000);
      expect([c.entry_source, c.settle_source], where).toEqual(['index', 'index']);
      const entry = await indexAt(c.symbol, Number(c.entry));
      const settle = await indexAt(c.symbol, Number(c.settle));
      expect(new Decimal(c.entry_price).toFixed(), where).toBe(new Decimal(entry.price ?? '').toFixed());
      expect(new Decimal(c.settle_price).toFixed(), where).toBe(new Decimal(settle.price ?? '').toFixed());
      expect(componentPrices(c.entry_components), where).toEqual(componentPrices(entry.components));
      expect(componentPrices(c.settle_components), where).toEqual(componentPrices(settle.components));
      // The ticks the decisions copied are stored at those instants.
      expect(c.entry_tick && new Decimal(c.entry_tick).eq(c.entry_price), where).toBe(true);
      expect(c.settle_tick && new Decimal(c.settle_tick).eq(c.settle_price), where).toBe(true);
      expect(c.outcome, where).toBe(
        contractOutcome(c.direction, new Decimal(c.entry_price), new Decimal(c.settle_price)),
      );
    }
  });

  it('closes perpetual positions later than they opened, with the P&L of the index at each end', async () => {
    const positions = await rows<{
      order_id: string;
      symbol: string;
      side: PositionSide;
      status: string;
      margin: string;
      quantity: string;
      entry_price: string;
      close_price: string;
      liquidation_price: string;
      realised_pnl: string;
      opened: number;
      entry: number;
      closed: number;
      close_at: number;
    }>(sql`SELECT order_id::text, symbol, side, status, margin::text, quantity::text, entry_price::text,
        close_price::text, liquidation_price::text, realised_pnl::text, ${ms('opened_at')} AS opened,
        ${ms('entry_at')} AS entry, ${ms('closed_at')} AS closed, ${ms('close_price_at')} AS close_at
      FROM perpetual_positions WHERE status <> 'open' ORDER BY order_id`);
    expect(positions.length).toBeGreaterThan(10);
    for (const p of positions) {
      const where = `position ${p.order_id}`;
      expect(Number(p.opened) - Number(p.entry), where).toBeLessThanOrEqual(3000);
      expect(Number(p.closed), where).toBeGreaterThan(Number(p.opened));
      expect(Number(p.closed) - Number(p.close_at), where).toBeLessThanOrEqual(3000);
      const entry = await indexAt(p.symbol, Number(p.entry));
      const close = await indexAt(p.symbol, Number(p.close_at));
      expect(new Decimal(p.entry_price).toFixed(), where).toBe(new Decimal(entry.price ?? '').toFixed());
      expect(new Decimal(p.close_price).toFixed(), where).toBe(new Decimal(close.price ?? '').toFixed());
      const pnl = new Decimal(p.realised_pnl);
      expect(pnl.isZero(), where).toBe(false);
      if (p.status === 'closed') {
        const terms = {
          margin: new Decimal(p.margin),
          quantity: new Decimal(p.quantity),
          entry: new Decimal(p.entry_price),
        };
        expect(pnl.toFixed(), where).toBe(pnlAt(p.side, terms, new Decimal(p.close_price)).toFixed());
      } else {
        // Liquidated: the mark reached the liquidation price, and the margin is lost.
        const beyond = new Decimal(p.close_price).comparedTo(p.liquidation_price);
        expect(p.side === 'long' ? beyond <= 0 : beyond >= 0, where).toBe(true);
        expect(pnl.isNegative(), where).toBe(true);
      }
    }
  });

  it('places no back-dated trades when a real venue is among the price sources', async () => {
    const market = { ...DEFAULT_DEMO_MARKET, sources: ['sim-a', 'htx'] };
    expect(backDatingRefusal(market)).toMatch(/htx/);
    expect(backDatingRefusal(DEFAULT_DEMO_MARKET)).toBeNull();
    const [before] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM trade_orders`);
    const counts = await seedDemoTrading(database.db, {
      traders: [1],
      now: now.getTime(),
      days: 3,
      random: { int: (min) => min, pick: (items) => items[0] as never, chance: () => true },
      marketSecret: 'demo-market',
      market,
    });
    expect(counts).toEqual({ placed: { spot: 0, flash: 0, perpetual: 0, option: 0 }, refused: 0 });
    const [after] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM trade_orders`);
    expect(after?.n).toBe(before?.n);
  });

  it('publishes a home page: carousel banners with their images, and announcements', async () => {
    expect(first.counts.home).toEqual({
      carousel: DEMO_CAROUSEL.length,
      announcements: DEMO_ANNOUNCEMENTS.length,
    });
    const home = createHomeService({
      db: database.db,
      images: createImageStore(carouselDir),
      signer: createUrlSigner(Buffer.alloc(32, 1)),
    });
    const slides = await home.listPublishedCarousel();
    expect(slides.map((s) => s.title)).toEqual(DEMO_CAROUSEL.map((s) => s.title));
    for (const row of await home.listCarousel()) {
      const stored = row.image_file ? await home.readImage(row.image_file) : null;
      expect(stored && detectImageType(stored.bytes)?.ext).toBe('png');
    }
    const announcements = await home.listPublishedAnnouncements();
    expect(announcements.map((a) => a.title)).toEqual(DEMO_ANNOUNCEMENTS.map((a) => a.title));
    const audit = await rows<{
      action: string;
      n: number;
    }>(sql`SELECT action, count(*)::int AS n FROM audit_logs
      WHERE action IN ('carousel.image_upload', 'carousel.create', 'announcement.create') GROUP BY action ORDER BY action`);
    expect(Object.fromEntries(audit.map((a) => [a.action, a.n]))).toEqual({
      'announcement.create': DEMO_ANNOUNCEMENTS.length,
      'carousel.create': DEMO_CAROUSEL.length,
      'carousel.image_upload': DEMO_CAROUSEL.length,
    });
  });

  it('ends by saying where to go, on the configured port', () => {
    expect(readyLine(3000)).toBe(
      'demo data ready; start with npm start and open http://localhost:3000/ (admin: /admin)',
    );
    expect(readyLine(8080)).toContain('http://localhost:8080/');
  });

  it('creates what the README says it creates', async () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Demo data'), readme.indexOf('## Test it'));
    const table = [...section.matchAll(/^\| ([^|]+?) \| (about )?(\d+) \| ([^|]+) \|$/gm)].map((m) => ({
      what: m[1] as string,
      about: Boolean(m[2]),
      count: Number(m[3]),
      note: m[4] as string,
    }));
    const demoEmails = plan.people.map((p) => p.email);
    const byStatus = async (query: ReturnType<typeof sql>) =>
      Object.fromEntries((await rows<{ k: string; n: number }>(query)).map((r) => [r.k, r.n]));
    const demoDeposits = await byStatus(sql`SELECT d.status AS k, count(*)::int AS n FROM deposits d
      JOIN users u ON u.id = d.user_id WHERE u.email IN (${sql.join(
        demoEmails.map((e) => sql`${e}`),
        sql`, `,
      )}) GROUP BY d.status`);
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    const { counts } = first;
    const actual: Record<string, { n: number; statuses?: Record<string, number> }> = {
      users: { n: counts.users },
      admins: { n: counts.admins },
      'deposit channels': { n: counts.depositChannels.active + counts.depositChannels.inactive },
      'withdrawal channels': { n: counts.withdrawChannels },
      'deposits of the demo users': { n: sum(demoDeposits), statuses: demoDeposits },
      withdrawals: { n: sum(counts.withdrawals), statuses: counts.withdrawals },
      'deposits of the team members': { n: sum(counts.deposits) - sum(demoDeposits) },
      'KYC applications': { n: sum(counts.kycApplications) },
      orders: { n: sum(counts.trades) },
      'carousel banners': { n: counts.home.carousel },
      announcements: { n: counts.home.announcements },
    };
    expect(table.map((r) => r.what).sort()).toEqual(Object.keys(actual).sort());
    for (const row of table) {
      const { n, statuses } = actual[row.what] ?? { n: Number.NaN };
      if (row.about) {
        // A count that moves with the moment of the run: the README's figure within a fifth.
        expect(Math.abs(n - row.count), row.what).toBeLessThanOrEqual(row.count * 0.2);
        expect(row.note, row.what).toMatch(/^no:/);
      } else {
        expect(n, row.what).toBe(row.count);
        expect(row.note, row.what).toMatch(/^yes/);
      }
      const stated = [
        ...row.note.matchAll(/(\d+) (pending|reviewing|approved|processing|completed|rejected)/g),
      ];
      if (statuses)
        expect(Object.fromEntries(stated.map((m) => [m[2], Number(m[1])])), row.what).toEqual(statuses);
    }
  });

  it('plans the same data every time', () => {
    expect(planDemo(now.getTime())).toEqual(planDemo(now.getTime()));
    const other = planDemo(now.getTime() - DAY);
    expect(other.deposits.map((d) => d.amount)).toEqual(
      planDemo(now.getTime()).deposits.map((d) => d.amount),
    );
  });
});
