import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { depositChannels, withdrawChannels } from '../modules/channels/channels.schema.ts';
import { postTransaction } from '../modules/ledger/ledger.service.ts';
import { users } from '../modules/users/users.schema.ts';

/** Money fixtures for tests: channels, a KYC-approved user, funds posted through the ledger. */

export async function insertDepositChannel(
  db: Db,
  values: Partial<typeof depositChannels.$inferInsert> = {},
) {
  const [row] = await db
    .insert(depositChannels)
    .values({
      name: 'USDT-TRC20',
      type: 'crypto',
      currency: 'USDT',
      address: 'TXYZexampleAddress000000000000000',
      minAmount: '10',
      maxAmount: '100000',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no deposit channel');
  return row;
}

export async function insertWithdrawChannel(
  db: Db,
  values: Partial<typeof withdrawChannels.$inferInsert> = {},
) {
  const [row] = await db
    .insert(withdrawChannels)
    .values({
      name: 'USDT 提现',
      type: 'usdt',
      currency: 'USDT',
      minAmount: '10',
      maxAmount: '50000',
      feeRate: '0.01',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no withdraw channel');
  return row;
}

export async function approveKyc(db: Db, userId: number) {
  await db.update(users).set({ kycStatus: 'approved' }).where(eq(users.id, userId));
}

let fundingCounter = 0;
/** Credits `amount` to the user's available balance from the adjustments account. */
export async function fundUser(db: Db, userId: number, amount: string, currency = 'USDT') {
  await db.transaction((tx) =>
    postTransaction(tx, {
      idempotencyKey: `test-funding:${userId}:${Date.now()}:${++fundingCounter}`,
      kind: 'adjustment',
      postings: [
        { account: { system: 'adjustments' }, currency, amount: `-${amount}` },
        { account: { userId, bucket: 'available' }, currency, amount },
      ],
    }),
  );
}

/** Valid USDT withdrawal addresses (issue 17 checks them): USDT's own TRC20 and ERC20 contracts. */
export const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const ERC20_ADDRESS = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/**
 * A new TRC20 transaction hash: a USDT withdrawal's 已出款 names its payout (issue 20), and one hash
 * pays one withdrawal.
 */
export const payoutTxHash = () => randomBytes(32).toString('hex');

/** The body of a withdrawal's status change, with a payout hash when it is 已出款 (USDT). */
export const withdrawalStatusChange = (status: string) =>
  status === 'completed' ? { status, tx_hash: payoutTxHash() } : { status };

/** A USDT transaction hash (64 hex) derived from a label: the same label, the same hash. */
export const txHashOf = (label: string) => createHash('sha256').update(label).digest('hex');
