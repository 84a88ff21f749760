import {
  ADDRESS_BOOK_MESSAGES,
  addAddress,
  deleteAddress,
  disableWithdrawalWhitelist,
  enableWithdrawalWhitelist,
  getWithdrawalWhitelist,
  listAddressBook,
  renameAddress,
  WHITELIST_MESSAGES,
} from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { tr } from '../../i18n/i18n.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { Guards } from '../auth/guard.ts';
import { requireCurrentPassword } from '../auth/security-changes.ts';
import type { AddressBookService } from './address-book.service.ts';

/** 地址簿: the caller's own saved withdrawal addresses (requireUser). */
export function registerAddressBookRoutes(
  app: Router,
  deps: {
    addressBook: AddressBookService;
    guards: Guards;
    /** Wrong 2FA codes: the limiter shared with login and withdrawals. */
    twofaAttempts: AttemptLimiter;
    /** Wrong login passwords: the password change's limiter. */
    passwordAttempts: AttemptLimiter;
  },
) {
  const { addressBook, guards } = deps;
  const tags = ['account'];
  const preHandler = guards.requireUser;

  route(app, listAddressBook, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        { addresses: await addressBook.list(caller(request).user.id) },
        tr(request, 'userFacing.addressBook.loaded'),
      ),
  });

  route(app, addAddress, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      const { user } = caller(request);
      await requireCurrentPassword(user, request.body.password, deps.passwordAttempts(request));
      const address = await addressBook.add(user.id, request.body, request.ip, deps.twofaAttempts(request));
      return ok({ address }, ADDRESS_BOOK_MESSAGES.added);
    },
  });

  route(app, renameAddress, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        { address: await addressBook.rename(caller(request).user.id, request.params.id, request.body.label) },
        ADDRESS_BOOK_MESSAGES.updated,
      ),
  });

  route(app, deleteAddress, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      await addressBook.remove(caller(request).user.id, request.params.id);
      return ok(null, ADDRESS_BOOK_MESSAGES.deleted);
    },
  });

  route(app, getWithdrawalWhitelist, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        await addressBook.whitelist(caller(request).user.id),
        tr(request, 'userFacing.addressBook.whitelistLoaded'),
      ),
  });

  route(app, enableWithdrawalWhitelist, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(await addressBook.enableWithdrawalWhitelist(caller(request).user.id), WHITELIST_MESSAGES.enabled),
  });

  route(app, disableWithdrawalWhitelist, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      const { user } = caller(request);
      await requireCurrentPassword(user, request.body.password, deps.passwordAttempts(request));
      const state = await addressBook.disableWithdrawalWhitelist(
        user.id,
        request.body,
        request.ip,
        deps.twofaAttempts(request),
      );
      return ok(state, WHITELIST_MESSAGES.disabled);
    },
  });
}
