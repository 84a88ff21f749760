import { changeReplyFixture } from '../../../test/adminChange.ts';

/** The 202 of a channel change: a proposal waiting for another admin (docs/pending-changes.md). */
export function proposedChange(kind: string, after: unknown = {}): Response {
  return changeReplyFixture({
    kind,
    target_type: kind.startsWith('withdraw_') ? 'withdraw_channel' : 'deposit_channel',
    after,
  });
}
