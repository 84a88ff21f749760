import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount } from '../../db/rows.ts';
import { kycApplications } from './kyc.schema.ts';

/**
 * The KYC module's public read: how many applications wait for review (KYC待审核 on the dashboard
 * and the users' stat cards). Other modules' repositories call this, never kyc.repository.ts.
 */
export async function countPendingApplications(exec: Executor): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(kycApplications)
    .where(eq(kycApplications.status, 'pending'));
  return parseCount(row?.n ?? 0);
}
