import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  type NotificationType,
  type UserNotification,
} from '@platform/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { arrayLiteral, parseCount, parseId, queryRows, rowText, rowTextOrNull } from '../../db/rows.ts';
import { isNoticeKind, type NoticeKind, type NoticeParams, renderNotice } from '../../i18n/i18n.ts';
import { userDirectory } from '../users/users.reads.ts';

/**
 * SQL of the notification centre (migration 0032). Raw statements: every read is one user's rows
 * of two tables merged by id, and every write is one statement however many rows it writes.
 */

/**
 * What a writer asks for: the owner and what the notification says, as its kind and parameters
 * (notices.ts; migration 0057): each reader sees it rendered in their own language.
 */
export interface NotificationInput {
  userId: number;
  type: NotificationType;
  notice: { kind: NoticeKind; params: NoticeParams };
  link: string | null;
}

/** A notification as written, with its owner: what is pushed after the commit. */
export interface WrittenNotification {
  userId: number;
  /** In the owner's chosen language, else zh-CN (the mail's). */
  notification: UserNotification;
  /** The same in `language`: a socket of an owner who chose none hears its device's. */
  in(language: Language): UserNotification;
}

/** A timestamp as `Date.prototype.toISOString` writes it, in SQL. */
const isoOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Row = Record<string, unknown>;

/**
 * A row's title and body in `language`: a kind with its parameters rendered from the catalogues; a
 * row written before 0057 (or a broadcast: an admin's own text) as stored.
 */
function textOf(r: Row, language: Language): { title: string; body: string } {
  const kind = rowTextOrNull(r.kind);
  if (kind && isNoticeKind(kind)) {
    const params = (typeof r.params === 'string' ? JSON.parse(r.params) : (r.params ?? {})) as NoticeParams;
    return renderNotice(language, kind, params);
  }
  return { title: rowTextOrNull(r.title) ?? kind ?? '', body: rowTextOrNull(r.body) ?? '' };
}

/** A notification row as the API shows it (`created_at` given when the statement set it). */
const toNotification = (r: Row, read: boolean, language: Language, createdAt?: string): UserNotification => ({
  id: parseId(r.id),
  type: rowText(r.type) as NotificationType,
  ...textOf(r, language),
  link: rowTextOrNull(r.link),
  created_at: createdAt ?? rowText(r.created_at),
  read,
});

/** The owner's chosen language, joined by the writing statements (their socket push and mail). */
const ownerLanguage = (r: Row): Language => (isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE);

const isTrue = (value: unknown) => value === true || value === 't';

const written = (r: Row, createdAt?: string): WrittenNotification => ({
  userId: parseId(r.user_id),
  notification: toNotification(r, false, ownerLanguage(r), createdAt),
  in: (language) => toNotification(r, false, language, createdAt),
});

/** A writing statement's rows with each owner's language, in the order of their ids. */
const withOwnerLanguage = (insert: SQL) =>
  sql`WITH written AS (${insert})
      SELECT written.*, u.language FROM written JOIN ${userDirectory} u ON u.id = written.user_id::bigint
      ORDER BY written.id::bigint`;

/** Writes `rows` in one statement; returns them as written (unread). */
export async function insertNotifications(
  exec: Executor,
  rows: readonly NotificationInput[],
): Promise<WrittenNotification[]> {
  if (rows.length === 0) return [];
  const inserted = await queryRows<Row>(
    exec,
    withOwnerLanguage(sql`INSERT INTO notifications (user_id, type, kind, params, link)
        SELECT user_id, type, kind, params::jsonb, link FROM unnest(
          ${arrayLiteral(rows.map((r) => r.userId))}::bigint[],
          ${arrayLiteral(rows.map((r) => r.type))}::text[],
          ${arrayLiteral(rows.map((r) => r.notice.kind))}::text[],
          ${arrayLiteral(rows.map((r) => JSON.stringify(r.notice.params)))}::text[],
          ${arrayLiteral(rows.map((r) => r.link))}::text[]) AS i(user_id, type, kind, params, link)
        RETURNING user_id::text AS user_id, id::text AS id, type, kind, params, title, body, link,
          ${isoOf(sql`created_at`)} AS created_at`),
  );
  return inserted.map((r) => written(r));
}

/** A label of the catalogues (`labels.side.up`) as a nested message parameter, in SQL. */
const labelOf = (section: string, column: SQL) =>
  sql`jsonb_build_object('key', ${`labels.${section}.`}::text || ${column})`;

/** A reference price as the timed screens write it (formatPrice: grouped, 2 to 8 decimals). */
const priceText = (column: SQL) => sql`to_char(${column}, 'FM999,999,999,999,990.00999999')`;

/**
 * to_char's picture of an amount at `places` decimals, grouped, as `noticeAmount` writes it (the
 * amount is truncated to the places first, never rounded up).
 */
export const amountPicture = (places: number) =>
  `FM999,999,999,999,990${places > 0 ? `.${'0'.repeat(places)}` : ''}`;

/**
 * The settlement notifications of a batch of timed contracts (settled in this transaction), in one
 * INSERT ... SELECT from `contracts`, trading's relation of them (settledContracts, handed in by the
 * caller): outcome, stake, entry and settlement price, payout, and a link to the contract.
 * `currencies` gives each currency of the batch its decimals.
 */
export async function insertTimedSettlementNotifications(
  exec: Executor,
  opts: {
    contracts: SQL;
    currencies: ReadonlyArray<{ currency: string; places: number }>;
    at: Date;
  },
): Promise<WrittenNotification[]> {
  if (opts.currencies.length === 0) return [];
  const at = opts.at.toISOString();
  const amount = (column: SQL) => sql`(to_char(trunc(${column}, m.places), m.picture) || ' ' || c.currency)`;
  const rows = await queryRows<Row>(
    exec,
    withOwnerLanguage(sql`INSERT INTO notifications (user_id, type, kind, params, link, created_at)
        SELECT c.user_id, c.product || '_settlement',
          CASE WHEN c.outcome = 'void' THEN 'timedVoid' ELSE 'timedSettled' END,
          jsonb_build_object(
            'product', ${labelOf('product', sql`c.product`)},
            'outcome', ${labelOf('outcome', sql`c.outcome`)},
            'symbol', c.symbol,
            'direction', ${labelOf('side', sql`c.direction`)},
            'stake', ${amount(sql`c.stake`)},
            'payout', ${amount(sql`c.payout`)},
            'entry', ${priceText(sql`c.entry_price`)},
            'settle', ${priceText(sql`c.settle_price`)}),
          '/trade/' || c.product || '/' || c.symbol || '?contract=' || c.order_id,
          ${at}::timestamptz
        FROM ${opts.contracts} c
        JOIN unnest(
          ${arrayLiteral(opts.currencies.map((m) => m.currency))}::text[],
          ${arrayLiteral(opts.currencies.map((m) => amountPicture(m.places)))}::text[],
          ${arrayLiteral(opts.currencies.map((m) => m.places))}::int[]
        ) AS m(currency, picture, places) ON m.currency = c.currency
        RETURNING user_id::text AS user_id, id::text AS id, type, kind, params, title, body, link`),
  );
  return rows.map((r) => written(r, at));
}

// --- reading ------------------------------------------------------------------------------------

/**
 * The user's notifications: their own and the broadcasts made since they registered, each with
 * `read` (up to their mark, or read one by one). One id sequence numbers both, so `id` orders them.
 */
function visibleTo(userId: number): SQL {
  return sql`(
    SELECT n.id, n.type, n.kind, n.params, n.title, n.body, n.link, n.created_at
    FROM notifications n WHERE n.user_id = ${userId}::bigint
    UNION ALL
    SELECT b.id, b.type, NULL::text, NULL::jsonb, b.title, b.body, b.link, b.created_at FROM notification_broadcasts b
    WHERE b.created_at >= (SELECT u.created_at FROM ${userDirectory} u WHERE u.id = ${userId}::bigint)
  )`;
}

const markOf = (userId: number) =>
  sql`coalesce((SELECT m.read_through FROM notification_read_marks m WHERE m.user_id = ${userId}::bigint), 0)`;

const readExpr = (userId: number) => sql`(i.id <= ${markOf(userId)} OR EXISTS (
  SELECT 1 FROM notification_reads r WHERE r.user_id = ${userId}::bigint AND r.notification_id = i.id))`;

export interface NotificationFilter {
  type?: NotificationType | undefined;
  unread?: boolean | undefined;
}

function filterOf(userId: number, filter: NotificationFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.type) parts.push(sql`i.type = ${filter.type}::text`);
  if (filter.unread === true) parts.push(sql`NOT ${readExpr(userId)}`);
  if (filter.unread === false) parts.push(readExpr(userId));
  return sql.join(parts, sql` AND `);
}

export async function listForUser(
  exec: Executor,
  userId: number,
  filter: NotificationFilter,
  page: { limit: number; offset: number },
  language: Language,
): Promise<UserNotification[]> {
  const rows = await queryRows<Row>(
    exec,
    sql`SELECT i.id::text AS id, i.type, i.kind, i.params, i.title, i.body, i.link,
          ${isoOf(sql`i.created_at`)} AS created_at,
          ${readExpr(userId)} AS read
        FROM ${visibleTo(userId)} i
        WHERE ${filterOf(userId, filter)}
        ORDER BY i.id DESC
        LIMIT ${page.limit}::int OFFSET ${page.offset}::int`,
  );
  return rows.map((r) => toNotification(r, isTrue(r.read), language));
}

export async function countForUser(
  exec: Executor,
  userId: number,
  filter: NotificationFilter,
): Promise<number> {
  const [row] = await queryRows<Row>(
    exec,
    sql`SELECT count(*)::int AS n FROM ${visibleTo(userId)} i WHERE ${filterOf(userId, filter)}`,
  );
  return parseCount(row?.n ?? 0);
}

/** Unread of every type: only ids above the mark can be, which the key's range reaches directly. */
export async function countUnread(exec: Executor, userId: number): Promise<number> {
  const [row] = await queryRows<Row>(
    exec,
    sql`SELECT count(*)::int AS n FROM ${visibleTo(userId)} i
        WHERE i.id > ${markOf(userId)} AND NOT EXISTS (
          SELECT 1 FROM notification_reads r WHERE r.user_id = ${userId}::bigint AND r.notification_id = i.id)`,
  );
  return parseCount(row?.n ?? 0);
}

// --- marking read -------------------------------------------------------------------------------

/** Of `ids`, those that are the user's to read (their own, or a broadcast they see). */
export async function visibleIds(
  exec: Executor,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await queryRows<Row>(
    exec,
    sql`SELECT i.id::text AS id FROM ${visibleTo(userId)} i WHERE i.id = ANY(${arrayLiteral(ids)}::bigint[])`,
  );
  return new Set(rows.map((r) => parseId(r.id)));
}

/** Marks `ids` (all visible to the user) read; returns how many were unread. */
export async function insertReads(exec: Executor, userId: number, ids: readonly number[]): Promise<number> {
  const rows = await queryRows<Row>(
    exec,
    sql`INSERT INTO notification_reads (user_id, notification_id)
        SELECT ${userId}::bigint, id FROM unnest(${arrayLiteral(ids)}::bigint[]) AS id
        WHERE id > ${markOf(userId)}
        ON CONFLICT DO NOTHING
        RETURNING notification_id`,
  );
  return rows.length;
}

/**
 * Moves the user's mark to the newest notification they can see now; the reads it covers go. A
 * notification committed later with a lower id than one already seen (two writers of the same
 * user's rows in flight at the very moment of the click) would count as read: the ids are drawn
 * at insert, not at commit.
 */
export async function markAllRead(exec: Executor, userId: number): Promise<void> {
  const [row] = await queryRows<Row>(
    exec,
    sql`INSERT INTO notification_read_marks AS m (user_id, read_through)
        SELECT ${userId}::bigint, coalesce(max(i.id), 0) FROM ${visibleTo(userId)} i
        ON CONFLICT (user_id) DO UPDATE SET read_through = greatest(m.read_through, excluded.read_through)
        RETURNING read_through::text AS read_through`,
  );
  await exec.execute(
    sql`DELETE FROM notification_reads WHERE user_id = ${userId}::bigint
        AND notification_id <= ${String(row?.read_through ?? '0')}::bigint`,
  );
}

// --- broadcasts ---------------------------------------------------------------------------------

export interface BroadcastInput {
  source: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
}

/**
 * The broadcast of `source`: written once (created: true, to be pushed), or its text brought up to
 * date when it exists (an announcement edited while published: same id, same read state).
 */
export async function upsertBroadcast(
  exec: Executor,
  input: BroadcastInput,
): Promise<{ notification: UserNotification; created: boolean }> {
  const [row] = await queryRows<Row>(
    exec,
    sql`INSERT INTO notification_broadcasts AS b (id, type, title, body, link, source)
        VALUES (nextval('notification_ids'), ${input.type}, ${input.title}, ${input.body}, ${input.link}, ${input.source})
        ON CONFLICT (source) DO UPDATE SET title = excluded.title, body = excluded.body, link = excluded.link
        RETURNING b.id::text AS id, b.type, b.title, b.body, b.link, ${isoOf(sql`b.created_at`)} AS created_at,
          (xmax = 0) AS created`,
  );
  if (!row) throw new Error(`broadcast ${input.source} not written`);
  // An admin's own text, the same in every language.
  return { notification: toNotification(row, false, DEFAULT_LANGUAGE), created: isTrue(row.created) };
}

/** Takes the broadcast of `source` back (unpublished or deleted), with its read marks. */
export async function deleteBroadcast(exec: Executor, source: string): Promise<void> {
  await exec.execute(
    sql`WITH gone AS (DELETE FROM notification_broadcasts WHERE source = ${source} RETURNING id)
        DELETE FROM notification_reads r USING gone WHERE r.notification_id = gone.id`,
  );
}
