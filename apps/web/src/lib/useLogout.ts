import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './session.tsx';

/** POST /auth/logout, clear local storage and cached queries, then go to /login. */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout();
      queryClient.clear();
      navigate('/login', { replace: true });
    } finally {
      setPending(false);
    }
  }, [navigate, queryClient]);
  return { logout: run, pending };
}
