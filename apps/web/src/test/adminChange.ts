import { type AdminChange, changeProposedMessage } from '@platform/contracts';
import { jsonResponse } from './fixtures.ts';

/** A pending change (docs/pending-changes.md) as the server lists it; `overrides` set what a test needs. */
export function adminChangeFixture(overrides: Partial<AdminChange> = {}): AdminChange {
  return {
    id: 41,
    kind: 'option_config',
    target_type: 'option_config',
    target_id: null,
    before: null,
    after: {},
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
    ...overrides,
  };
}

/** The 202 of a proposing call: `data: { change }` and its message (waiting for another admin). */
export function changeReplyFixture(overrides: Partial<AdminChange> = {}): Response {
  const change = adminChangeFixture(overrides);
  const message = changeProposedMessage(change);
  return jsonResponse({ success: true, message, data: { change } }, 202);
}
