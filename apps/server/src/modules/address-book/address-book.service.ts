import {
  ADDRESS_BOOK_DELAY_HOURS,
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  type AddAddressBody,
  type SavedAddress,
  WHITELIST_MESSAGES,
  type WhitelistState,
} from '@platform/contracts';
import { ADDRESS_FORMAT_ERROR, formatDateTime, usdtAddressNetwork } from '@platform/domain';
import { badRequest, businessRule, conflict, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { lockUserScope } from '../../db/user-locks.ts';
import { msg } from '../../i18n/i18n.ts';
import { type AttemptGuard, countAhead } from '../auth/attempt-limiter.ts';
import { recordSecurityChange } from '../auth/security-changes.ts';
import type { TwoFactorService } from '../auth/two-factor/two-factor.service.ts';
import { notify, type WrittenNotification } from '../notifications/notifications.service.ts';
import { findUserById } from '../users/users.ts';
import * as repo from './address-book.repository.ts';

/**
 * 地址簿 (issue 33, docs/security-centre.md). Adding an address is a security change in the sense
 * that whitelist mode trusts it: the route has checked the login password, and with 2FA on the code
 * is spent here, in the adding transaction, after every other check (a refused add spends nothing).
 * The count limit holds under parallel adds: one user's adds run one after another (user lock).
 */
export function createAddressBookService(deps: {
  db: Db;
  twoFactor: TwoFactorService;
  /** After the commit: pushes the notice to the user's socket. */
  onNotified?: (written: WrittenNotification[]) => void;
}) {
  const { db } = deps;
  const stateOf = (since: Date | null): WhitelistState => ({
    enabled: since !== null,
    enabled_at: since?.toISOString() ?? null,
  });
  return {
    list: (userId: number) => repo.listOwnAddresses(db, userId),

    async add(
      userId: number,
      body: AddAddressBody,
      ip: string | null,
      twofaAttempts?: AttemptGuard,
    ): Promise<SavedAddress> {
      const network = usdtAddressNetwork(body.address);
      if (!network) throw badRequest(ADDRESS_FORMAT_ERROR);
      const address = body.address.trim();
      const attempt = body.totp && twofaAttempts ? await countAhead(twofaAttempts) : undefined;
      const adding = db.transaction(async (tx) => {
        await lockUserScope(tx, 'addressBook', userId);
        const user = await findUserById(tx, userId);
        if (!user) throw notFound(msg('auth.userNotFound'));
        if ((await repo.countOwnAddresses(tx, userId)) >= ADDRESS_BOOK_MAX)
          throw businessRule(ADDRESS_BOOK_MESSAGES.full);
        await deps.twoFactor.requireForAction(tx, user, body.totp, attempt?.inner);
        const saved = await repo.insertAddress(tx, { userId, network, address, label: body.label });
        if (!saved) throw conflict(ADDRESS_BOOK_MESSAGES.duplicate);
        // Told at once: an address added by someone else is usable only after the owner heard of it.
        const written = await notify(tx, [
          {
            userId,
            type: 'security',
            notice: {
              kind: 'addressAdded',
              params: {
                at: formatDateTime(saved.created_at),
                ip: ip ?? msg('notices.unknown'),
                network: saved.network,
                address: saved.address,
                label: saved.label,
                hours: ADDRESS_BOOK_DELAY_HOURS,
              },
            },
            link: '/me/addresses',
          },
        ]);
        return { saved, written };
      });
      const { saved, written } = await adding.finally(() => attempt?.settle());
      deps.onNotified?.(written);
      return saved;
    },

    async rename(userId: number, id: number, label: string): Promise<SavedAddress> {
      const saved = await repo.renameOwnAddress(db, userId, id, label);
      if (!saved) throw notFound(ADDRESS_BOOK_MESSAGES.notFound);
      return saved;
    },

    whitelist: async (userId: number) => stateOf(await repo.whitelistSince(db, userId)),

    async enableWithdrawalWhitelist(userId: number): Promise<WhitelistState> {
      const since = await repo.insertWhitelist(db, userId);
      if (!since) throw conflict(WHITELIST_MESSAGES.alreadyEnabled);
      return stateOf(since);
    },

    /**
     * A security change like turning 2FA off (the route has checked the password): with 2FA on the
     * code is spent here; withdrawals are held 24 h and the user is told, in the same transaction.
     */
    async disableWithdrawalWhitelist(
      userId: number,
      body: { totp?: string },
      ip: string | null,
      twofaAttempts?: AttemptGuard,
    ): Promise<WhitelistState> {
      const attempt = body.totp && twofaAttempts ? await countAhead(twofaAttempts) : undefined;
      const disabling = db.transaction(async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw notFound(msg('auth.userNotFound'));
        if (!(await repo.whitelistSince(tx, userId))) throw conflict(WHITELIST_MESSAGES.alreadyDisabled);
        await deps.twoFactor.requireForAction(tx, user, body.totp, attempt?.inner);
        if (!(await repo.deleteWhitelist(tx, userId))) throw conflict(WHITELIST_MESSAGES.alreadyDisabled);
        return recordSecurityChange(tx, { userId, change: 'whitelist_disabled', ip });
      });
      deps.onNotified?.(await disabling.finally(() => attempt?.settle()));
      return stateOf(null);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteOwnAddress(db, userId, id))) throw notFound(ADDRESS_BOOK_MESSAGES.notFound);
    },
  };
}
export type AddressBookService = ReturnType<typeof createAddressBookService>;
