import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { caller } from '../auth/guard.ts';
import { auditLogs } from './audit.schema.ts';

/** The admin behind a change and where the request came from. */
export interface AuditActor {
  adminId: number;
  ip: string | null;
  userAgent: string | null;
}

/** The actor of an admin route; only valid behind requireAdmin. */
export function auditActor(request: FastifyRequest): AuditActor {
  return {
    adminId: caller(request).user.id,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

export interface AuditEntry {
  /** `<target>.<verb>`, e.g. `deposit.approve`. */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit row in the caller's transaction, so the record of a change commits or rolls
 * back with the change itself. Every admin write calls this.
 */
export async function recordAudit(exec: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await exec.insert(auditLogs).values({
    adminId: actor.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}
