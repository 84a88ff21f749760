import type { PublicUser, UserLevel } from '@platform/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SectionError } from '../../components/SectionError.tsx';
import { refreshProfile, useSession } from '../../lib/session.tsx';

export const ME_KEY = ['auth', 'me'] as const;
export const PROFILE_FAILED_MESSAGE = '获取用户信息失败';

/** The spec's user levels as the account screen names them. */
export const USER_LEVEL_LABELS: Record<UserLevel, string> = {
  guest: '游客',
  basic: '普通用户',
  verified: '认证用户',
  admin: '管理员',
};

/**
 * The signed-in user, fresh from GET /auth/me: the cached profile shows at once and is replaced when
 * the reply comes (KYC status and level change on the server). A reply that ends the session is
 * handled by refreshProfile; only a failed call remains as the query's error.
 */
export function useMe() {
  const { user } = useSession();
  const query = useQuery({
    queryKey: ME_KEY,
    queryFn: async (): Promise<PublicUser> => {
      const fresh = await refreshProfile();
      if (!fresh) throw new Error(PROFILE_FAILED_MESSAGE);
      return fresh;
    },
    placeholderData: user ?? undefined,
  });
  return { query, user: query.data ?? user };
}

/** A failed refresh: the cached profile stays on screen, with 获取用户信息失败 and a retry above it. */
export function RefreshError({ query }: { query: UseQueryResult<PublicUser> }) {
  if (!query.isError) return null;
  return (
    <SectionError
      title={PROFILE_FAILED_MESSAGE}
      reason={query.error.message}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      testId="me-error"
    />
  );
}

/** The account screens are forms and lists: a readable column on a wide window, the full width on a phone. */
export function AccountColumn({ children }: { children: ReactNode }) {
  return <div style={{ width: '100%', maxWidth: 720, margin: '0 auto' }}>{children}</div>;
}
