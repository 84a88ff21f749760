import { type AdminChange, CHANGE_TEXTS } from '@platform/contracts';
import { jsonResponse } from '../../../test/fixtures.ts';

/** The 202 of a channel change: a proposal waiting for another admin (docs/pending-changes.md). */
export function proposedChange(kind: string, after: unknown = {}): Response {
  const change: AdminChange = {
    id: 41,
    kind,
    target_type: kind.startsWith('withdraw_') ? 'withdraw_channel' : 'deposit_channel',
    target_id: null,
    before: null,
    after,
    required_level: 'admin',
    status: 'pending',
    proposer: { id: 1, email: 'admin@example.com' },
    approver: null,
    proposed_at: '2026-01-01T00:00:00.000Z',
    effective_at: null,
    decided_at: null,
    reason: null,
    can_approve: false,
    can_reject: false,
    can_cancel: true,
  };
  return jsonResponse({ success: true, message: CHANGE_TEXTS.proposed, data: { change } }, 202);
}
