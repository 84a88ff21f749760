import { buildApp } from './app.ts';
import { assertWritableDataDir, loadConfig } from './core/config.ts';
import { installProcessGuard } from './core/process-guard.ts';
import { shutDown } from './core/shutdown.ts';
import { openDatabase } from './db/client.ts';
import { installAuditChainKey, loadAuditChainKey } from './modules/audit/audit.key.ts';
import { ensureSuperAdmin } from './modules/bootstrap/super-admin.ts';

async function main() {
  installProcessGuard(); // A Redis error never stops the process (core/process-guard.ts).
  const config = loadConfig();
  assertWritableDataDir(config);
  // Before anything could write an audit row (the first start's admins): rows are sealed with it.
  installAuditChainKey(loadAuditChainKey(config));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    limits: {
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: config.DATABASE_LOCK_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    },
  });
  const bootstrap = await ensureSuperAdmin(database.db, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    second: { email: config.ADMIN2_EMAIL, password: config.ADMIN2_PASSWORD },
  });
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void shutDown({ app, database, signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, exit: process.exit });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `  Trading platform is running at ${url}`,
    `  Back office: ${url}/admin${config.API_DOCS ? `    API docs: ${url}/api/docs` : ''}`,
    `  Database: ${database.engine === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
  ];
  if (bootstrap.created) {
    lines.push(`  Super admin created: ${bootstrap.email}`);
    if (bootstrap.secondEmail) lines.push(`  Second super admin created: ${bootstrap.secondEmail}`);
    if (bootstrap.generatedPassword) {
      lines.push(
        `  Generated password (shown once, change it after logging in): ${bootstrap.generatedPassword}`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
