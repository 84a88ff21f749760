import { z } from 'zod';

export const healthReply = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type HealthReply = z.infer<typeof healthReply>;
