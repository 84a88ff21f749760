import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/index.ts';
import { useSessionSnapshot } from '../lib/session.tsx';

/** Whether a row's owner is the signed-in admin: their review buttons are disabled. */
export function useIsOwnRequest(): (ownerId: number) => boolean {
  const me = useSessionSnapshot().user?.id;
  return (ownerId) => me !== undefined && me === ownerId;
}

/** Wraps the disabled review buttons of an own row in the tip (a span, so a disabled button still shows it). */
export function OwnRequestTip({ own, children }: { own: boolean; children: ReactNode }) {
  if (!own) return children;
  return (
    <Tooltip title={i18n.t('admin:review.ownRequest')}>
      <span style={{ display: 'inline-flex', gap: 4, cursor: 'not-allowed' }}>{children}</span>
    </Tooltip>
  );
}
