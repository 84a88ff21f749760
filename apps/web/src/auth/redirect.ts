import type { PublicUser } from '@platform/contracts';
import { isAdmin } from '@platform/domain';
import { safeRedirect } from '../lib/navigation.ts';

/** After login or register: the ?redirect target when safe, else /admin for admins and / for users. */
export function afterLoginPath(redirect: string | null, user: PublicUser | null): string {
  return safeRedirect(redirect) ?? (isAdmin(user) ? '/admin' : '/');
}
