import { WHITELIST_MESSAGES } from '@platform/contracts';
import { formatDateTimeShort } from '@platform/domain';
import type { Executor } from '../../db/client.ts';
import { savedAddressForWithdrawal, whitelistSince } from './address-book.repository.ts';

/**
 * Whitelist mode's rule for a withdrawal being created (issue 33), run in the transaction that
 * creates it: with the mode on, a USDT withdrawal goes only to a saved address 24 h after it was
 * saved (database clock), and a 微信 / 支付宝 payee, which the book cannot hold, is refused. The mode
 * row and the address are read FOR SHARE, so turning the mode off or deleting the address waits
 * for this withdrawal to commit. Returns the refusal, or null.
 */
export async function whitelistRefusal(
  tx: Executor,
  userId: number,
  withdrawal: { address: string | null },
): Promise<string | null> {
  if (!(await whitelistSince(tx, userId, true))) return null;
  if (withdrawal.address === null) return WHITELIST_MESSAGES.payeeNotAllowed;
  const saved = await savedAddressForWithdrawal(tx, userId, withdrawal.address);
  if (!saved) return WHITELIST_MESSAGES.notListed;
  return saved.usable ? null : WHITELIST_MESSAGES.notYetUsable(formatDateTimeShort(saved.usableAt));
}
