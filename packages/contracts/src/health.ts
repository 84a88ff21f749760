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

export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  operationId: 'getHealth',
  summary: '健康检查',
  reply: envelope(healthReply),
});
