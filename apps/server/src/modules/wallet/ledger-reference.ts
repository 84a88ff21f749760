import type { LedgerReference } from '@platform/contracts';

/**
 * What a journal transaction was for, read from its idempotency key. Every key names its cause
 * (ARCHITECTURE.md, "The ledger"): `spot:<order>:fill:<n>`, `flash:<order>:open`,
 * `perpetual:<order>:close`, `deposit:<id>:approve`, `withdrawal:<id>:freeze`,
 * `adjustment:<id>:approve`, `team_reward:<id>`; keys are never rewritten, so this holds for every
 * stored row. Salary payouts (`salary:<user>:<date>`) and anything else name no record: null.
 */
const KINDS: Record<string, LedgerReference['kind']> = {
  spot: 'order',
  flash: 'order',
  option: 'order',
  perpetual: 'order',
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  adjustment: 'adjustment',
  team_reward: 'reward',
};

export function ledgerReferenceOf(idempotencyKey: string): LedgerReference | null {
  const match = /^([a-z_]+):(\d{1,15})(?::|$)/.exec(idempotencyKey);
  const kind = match ? KINDS[match[1] ?? ''] : undefined;
  if (!match || !kind) return null;
  return { kind, id: Number(match[2]) };
}
