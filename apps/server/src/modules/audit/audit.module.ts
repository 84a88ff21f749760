import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Activity } from '../../core/activity.ts';
import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Guards } from '../auth/guard.ts';
import { createJobLoop } from '../jobs/job-loop.ts';
import { CHECKPOINT_EVERY_MS, checkpointDirOf, writeCheckpoint } from './audit.checkpoints.ts';
import { type AuditChainKey, installAuditChainKey, loadAuditChainKey } from './audit.key.ts';
import { registerAuditRoutes } from './audit.routes.ts';

/**
 * The audit log's routes, its key (installed for recordAudit), the checkpoints of its head (every
 * instance: at start, every 10 minutes and at shutdown) and, on PostgreSQL, the warning about a
 * database role that could rewrite it.
 */
export function registerAudit(app: Router, ctx: AppContext, guards: Guards) {
  const key = loadAuditChainKey(ctx.config);
  installAuditChainKey(key);
  // Test servers write none unless a test names the directory (no files left in ./data).
  const checkpointDir =
    ctx.config.AUDIT_CHECKPOINT_DIR !== undefined || ctx.config.NODE_ENV !== 'test'
      ? checkpointDirOf(ctx.config)
      : undefined;
  registerAuditRoutes(app, { db: ctx.database.db, guards, checkpointDir });
  if (checkpointDir) {
    const checkpoints = createCheckpointJob({
      db: ctx.database.db,
      key,
      dir: checkpointDir,
      log: ctx.log,
      activity: ctx.activity,
    });
    app.addHook('onReady', () => checkpoints.start());
    app.addHook('onClose', () => checkpoints.stop());
  }
  if (ctx.database.engine === 'postgres') {
    app.addHook('onReady', async () => {
      await warnAboutDatabaseRole(ctx.database.db, ctx.log).catch((err) =>
        ctx.log.warn({ err }, 'database role not checked'),
      );
    });
  }
}

/**
 * Writes a checkpoint when started, every `everyMs` (10 minutes) while running, and a last one when
 * stopped (shutdown: before the database closes). A failed write is logged and tried again on the
 * next turn.
 */
export function createCheckpointJob(deps: {
  db: Db;
  key: AuditChainKey;
  dir: string;
  log: FastifyBaseLogger;
  activity?: Activity;
  everyMs?: number;
}) {
  const write = () => writeCheckpoint({ exec: deps.db, key: deps.key, dir: deps.dir, log: deps.log });
  const writeLogged = (when: string) =>
    write().catch((err) => deps.log.error({ err, when }, 'audit checkpoint not written'));
  const loop = createJobLoop({
    log: deps.log,
    activity: deps.activity,
    steps: [
      {
        name: 'audit-checkpoint',
        everyMs: deps.everyMs ?? CHECKPOINT_EVERY_MS,
        run: async () => {
          await write();
        },
      },
    ],
  });
  let started = false;
  return {
    async start() {
      if (started) return;
      started = true;
      await writeLogged('start');
      await loop.start();
    },
    async stop() {
      if (!started) return;
      started = false;
      await loop.stop();
      await writeLogged('shutdown');
    },
  };
}

/**
 * PostgreSQL: whether the server's own role could rewrite the audit log (README, production): a
 * superuser, or the owner of tables (who may ALTER TABLE … DISABLE TRIGGER). Logs a warning and
 * returns the reason, or undefined for a role that owns nothing.
 */
export async function warnAboutDatabaseRole(db: Db, log: Pick<FastifyBaseLogger, 'warn'>) {
  const [role] = await queryRows<{ role: string; superuser: boolean; owned: number }>(
    db,
    sql`SELECT current_user AS role,
          (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
          (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
               AND pg_has_role(current_user, c.relowner, 'USAGE')) AS owned`,
  );
  if (!role || (!role.superuser && role.owned === 0)) return undefined;
  const reason = role.superuser
    ? `database role ${role.role} is a superuser`
    : `database role ${role.role} owns ${role.owned} tables`;
  log.warn(
    { role: role.role, superuser: role.superuser, ownedTables: role.owned },
    `${reason}: it can disable the audit log's triggers and rewrite history. Run migrations with the owner role and the server with a role that owns nothing (README, production)`,
  );
  return reason;
}
