import type { WithdrawalStatus } from '@platform/contracts';

/**
 * The withdrawal status machine of spec 000 §4: the transitions an operator is offered from each
 * status. The server refuses anything else with a 409; the screen offers exactly these.
 */
export const WITHDRAWAL_TRANSITIONS: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  pending: ['reviewing', 'approved', 'rejected'],
  reviewing: ['approved', 'rejected'],
  approved: ['processing', 'rejected'],
  processing: ['completed', 'rejected'],
  rejected: [],
  completed: [],
};

export const nextWithdrawalStatuses = (from: WithdrawalStatus): readonly WithdrawalStatus[] =>
  WITHDRAWAL_TRANSITIONS[from];

export const canTransitionWithdrawal = (from: WithdrawalStatus, to: WithdrawalStatus): boolean =>
  WITHDRAWAL_TRANSITIONS[from].includes(to);

/** The statuses a withdrawal can be moved to `to` from (the WHERE of the conditional update). */
export const withdrawalSourcesOf = (to: WithdrawalStatus): WithdrawalStatus[] =>
  (Object.keys(WITHDRAWAL_TRANSITIONS) as WithdrawalStatus[]).filter((from) =>
    WITHDRAWAL_TRANSITIONS[from].includes(to),
  );

/** Final statuses: nothing more happens and the row shows 已处理. */
export const isWithdrawalFinal = (status: WithdrawalStatus): boolean =>
  WITHDRAWAL_TRANSITIONS[status].length === 0;
