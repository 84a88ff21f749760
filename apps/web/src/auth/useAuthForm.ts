import type { PublicUser } from '@platform/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../lib/session.tsx';
import { afterLoginPath } from './redirect.ts';

/**
 * What the login and register pages share: the ?redirect target, where a signed-in visitor is sent
 * instead (`signedInTarget`), and a submit that shows the page's error text and moves on after success.
 */
export function useAuthForm<Values>(
  start: (values: Values, session: ReturnType<typeof useSession>) => Promise<PublicUser>,
  /** The text shown for a failure; null shows none (the page handles it itself). */
  errorText: (error: unknown) => string | null,
) {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Values): Promise<void> => {
    setError(null);
    setSubmitting(true);
    try {
      const user = await start(values, session);
      navigate(afterLoginPath(redirect, user), { replace: true });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSubmitting(false);
    }
  };

  const signedInTarget = session.authenticated && !submitting ? afterLoginPath(redirect, session.user) : null;
  return { params, redirect, error, submitting, submit, signedInTarget };
}
