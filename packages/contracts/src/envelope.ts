import { z } from 'zod';

/** Every reply, errors included, is `{ success, message, data? }` (ARCHITECTURE.md, "API conventions"). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data });

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.unknown().optional(),
});

/** A reply that carries no data. */
export const emptyReply = envelope(z.null().optional());

export type Envelope<T> = { success: boolean; message: string; data?: T };

/** Amounts and prices cross the wire as decimal strings, never floats. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal string such as "12.50"');

export const isoDateTime = z.string();
