import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useSessionSnapshot } from '../lib/session.tsx';

/** The server's answer (403) when an admin reviews their own request (issue 17); also the tip. */
export const OWN_REQUEST_TIP = '不能审核自己的申请';

/** Whether a row's owner is the signed-in admin: their review buttons are disabled. */
export function useIsOwnRequest(): (ownerId: number) => boolean {
  const me = useSessionSnapshot().user?.id;
  return (ownerId) => me !== undefined && me === ownerId;
}

/** Wraps the disabled review buttons of an own row in the tip (a span, so a disabled button still shows it). */
export function OwnRequestTip({ own, children }: { own: boolean; children: ReactNode }) {
  if (!own) return children;
  return (
    <Tooltip title={OWN_REQUEST_TIP}>
      <span style={{ display: 'inline-flex', gap: 4, cursor: 'not-allowed' }}>{children}</span>
    </Tooltip>
  );
}
