import { DUAL_CONTROL_TEXTS, type FirstApproval, windowTotalReason } from '@platform/contracts';
import { formatDateTimeShort, formatNumber } from '@platform/domain';
import { Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { contractText, i18n } from '../i18n/index.ts';
import { useSessionSnapshot } from '../lib/session.tsx';

/** Who recorded the first approval, and when: `首审 a@x.com 2025-01-01 12:00`. */
export const firstApprovalText = (first: FirstApproval) =>
  i18n.t('admin:review.firstApproval', {
    admin: first.admin_email ?? `#${first.admin_id}`,
    time: formatDateTimeShort(first.at),
  });

/**
 * Why it needs a second admin (issue 32): the user's USDT total over 24 h when the first approval
 * was recorded, `该用户 24 小时内累计 19,999.98 USDT，达到双人复核阈值`; null when unknown.
 */
export const firstApprovalReason = (first: FirstApproval): string | null =>
  first.window_total ? contractText(windowTotalReason(formatNumber(first.window_total, 2))) : null;

const tipOf = (first: FirstApproval) =>
  [firstApprovalText(first), firstApprovalReason(first), contractText(DUAL_CONTROL_TEXTS.secondAdminRequired)]
    .filter(Boolean)
    .join(i18n.t('admin:review.separator'));

/**
 * 待复核 (dual control, issue 17): the request is approved by one admin and waits for another. The
 * first approver and the time show under the tag; nothing shows without a first approval.
 */
export function SecondApprovalTag({
  first,
  testId,
  compact = false,
}: {
  first: FirstApproval | null;
  testId?: string;
  /** The tag alone (who and when in its tooltip), for a narrow column. */
  compact?: boolean;
}) {
  if (!first) return null;
  if (compact)
    return (
      <Tooltip title={tipOf(first)}>
        <Tag color="orange" style={{ marginInlineEnd: 0 }} data-testid={testId}>
          {contractText(DUAL_CONTROL_TEXTS.awaitingTag)}
        </Tag>
      </Tooltip>
    );
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 2 }} data-testid={testId}>
      <Tooltip title={tipOf(first)}>
        <Tag color="orange" style={{ marginInlineEnd: 0, width: 'fit-content' }}>
          {contractText(DUAL_CONTROL_TEXTS.awaitingTag)}
        </Tag>
      </Tooltip>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {firstApprovalText(first)}
      </Typography.Text>
      {firstApprovalReason(first) && (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          {firstApprovalReason(first)}
        </Typography.Text>
      )}
    </span>
  );
}

/** Whether the signed-in admin recorded this first approval: their 通过 is disabled (the server says 409). */
export function useIsFirstApprover(): (first: FirstApproval | null) => boolean {
  const me = useSessionSnapshot().user?.id;
  return (first) => first !== null && me !== undefined && first.admin_id === me;
}

/** Wraps the approve button the first approver may not press again in the tip. */
export function SecondAdminTip({ mine, children }: { mine: boolean; children: ReactNode }) {
  if (!mine) return children;
  return (
    <Tooltip title={contractText(DUAL_CONTROL_TEXTS.secondAdminRequired)}>
      <span style={{ display: 'inline-flex', cursor: 'not-allowed' }}>{children}</span>
    </Tooltip>
  );
}
