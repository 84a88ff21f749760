import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/**
 * A clean stop (SIGTERM from an orchestrator, Ctrl-C): stop accepting connections, let requests in
 * flight and running job steps finish (Fastify's close waits for requests, then the modules' onClose
 * hooks stop their job loops, which wait for their steps and give their leases up), close the
 * database, and exit 0. Past `timeoutMs` it logs what was still running and exits 1, so that an
 * orchestrator's kill never comes without a word about what it interrupted.
 */
export async function shutDown(opts: {
  app: FastifyInstance;
  database: Database;
  signal: string;
  timeoutMs: number;
  exit: (code: number) => void;
}): Promise<void> {
  const { app, database, signal, timeoutMs, exit } = opts;
  app.log.info({ signal, timeoutMs }, 'shutting down');
  const deadline = setTimeout(() => {
    app.log.error(
      { running: app.platform.activity.running(), timeoutMs },
      'shutdown deadline passed with work still running; exiting',
    );
    exit(1);
  }, timeoutMs);
  // A keep-alive connection whose request was in flight when the close began turns idle only after
  // its response; Node's close closes idle connections once, at its start, and would wait for it.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
    await database.close();
    clearTimeout(deadline);
    clearInterval(idleSweep);
    app.log.info('shut down cleanly');
    exit(0);
  } catch (err) {
    clearTimeout(deadline);
    clearInterval(idleSweep);
    app.log.error({ err }, 'shutdown failed');
    exit(1);
  }
}
