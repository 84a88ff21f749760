import type { PublicUser, UserLevel } from '@platform/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionError } from '../../components/SectionError.tsx';
import { i18n } from '../../i18n/index.ts';
import { refreshProfile, useSession } from '../../lib/session.tsx';

export const ME_KEY = ['auth', 'me'] as const;

/** The spec's user levels as the account screen names them (user catalogue's me.level). */
export const userLevelLabel = (level: UserLevel): string => i18n.t(`user:me.level.${level}`);

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
      if (!fresh) throw new Error(i18n.t('user:me.profileFailed'));
      return fresh;
    },
    placeholderData: user ?? undefined,
  });
  return { query, user: query.data ?? user };
}

/** A failed refresh: the cached profile stays on screen, with 获取用户信息失败 and a retry above it. */
export function RefreshError({ query }: { query: UseQueryResult<PublicUser> }) {
  const { t } = useTranslation('user');
  if (!query.isError) return null;
  return (
    <SectionError
      title={t('me.profileFailed')}
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
