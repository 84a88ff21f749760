/** Set-up shared by the admin module tests: an app with a super admin and a plain admin, and the audit rows written. */
import { and, desc, eq } from 'drizzle-orm';
import { auditLogs } from '../modules/audit/audit.schema.ts';
import { createAdmin, createTestApp, type TestApp } from './app.ts';

export type TestAdmin = Awaited<ReturnType<typeof createAdmin>>;

/** A fresh test app with one super admin and one plain admin, both logged in. */
export async function createAdminTestApp(): Promise<{ t: TestApp; superAdmin: TestAdmin; admin: TestAdmin }> {
  const t = await createTestApp();
  const superAdmin = await createAdmin(t, 'super_admin');
  const admin = await createAdmin(t, 'admin');
  return { t, superAdmin, admin };
}

/** The audit rows of one action on one target, newest first. */
export function auditRows(t: TestApp, action: string, targetId: number) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, String(targetId))))
    .orderBy(desc(auditLogs.id));
}
