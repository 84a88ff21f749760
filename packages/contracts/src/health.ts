import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope } from './envelope.ts';

export const healthReply = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /**
   * Redis is a helper (ARCHITECTURE.md, "Redis outages"): `down` is reported, not a failed health
   * check, since every instance serves without it. `off` without REDIS_URL. Optional for older
   * servers.
   */
  redis: z.enum(['up', 'down', 'off']).optional(),
});
export type HealthReply = z.infer<typeof healthReply>;

/**
 * 503: the instance cannot serve (ARCHITECTURE.md, "Database"): the database unreachable, silent
 * past the check's second, or short of a resource (disk full, out of memory, too many
 * connections), `reason` saying which as the message does after 数据库不可用：; or the instance's
 * clock off the database's by more than MAX_CLOCK_SKEW_MS (it records and settles nothing), the
 * message and `reason` then 本实例时钟与数据库相差 … ms.
 */
export const healthDown = z.object({
  status: z.literal('down'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  redis: z.enum(['up', 'down', 'off']).optional(),
  reason: z.string(),
});
export const healthDownReply = z.object({ success: z.literal(false), message: z.string(), data: healthDown });

export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  operationId: 'getHealth',
  summary: '健康检查',
  description: 'Health check.',
  reply: envelope(healthReply),
});
