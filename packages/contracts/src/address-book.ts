import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { emptyReply, envelope, isoDateTime } from './envelope.ts';
import { currentPassword, totpCode } from './two-factor.ts';
import { usdtNetwork } from './wallet.ts';

/**
 * 地址簿 (issue 33, docs/security-centre.md): the caller's saved USDT withdrawal addresses with a
 * label each, the network read from the address (TRC20 / ERC20, checked as a withdrawal's address).
 * Adding one needs the login password (and the 2FA code with 2FA on); with whitelist mode on, a
 * withdrawal goes only to a saved address once its usable_at (added + 24 h, database time) has passed.
 * Another user's id is the same 404 as an unknown one.
 */

/** At most this many saved addresses per user. */
export const ADDRESS_BOOK_MAX = 20;
export const ADDRESS_LABEL_MAX = 30;
/** A saved address becomes usable under whitelist mode this long after it was added. */
export const ADDRESS_BOOK_DELAY_HOURS = 24;

export const ADDRESS_BOOK_MESSAGES = {
  badId: '地址ID不正确',
  notFound: '该地址不存在',
  labelRequired: '请输入地址备注',
  labelTooLong: `地址备注不能超过${ADDRESS_LABEL_MAX}个字符`,
  addressRequired: '请输入提现地址',
  full: `地址簿最多保存 ${ADDRESS_BOOK_MAX} 个地址，请先删除不用的地址`,
  duplicate: '该地址已在地址簿中',
  added: '地址已添加',
  updated: '地址备注已修改',
  deleted: '地址已删除',
} as const;

/** Whitelist mode: turning it on is free; turning it off is a security change (password, 2FA, 24 h hold). */
export const WHITELIST_MESSAGES = {
  enabled: '提现白名单已开启',
  disabled: '提现白名单已关闭',
  alreadyEnabled: '提现白名单已是开启状态',
  alreadyDisabled: '提现白名单未开启',
  notListed: '已开启提现白名单：只能提现到地址簿中的地址，请先将该地址加入地址簿',
  notYetUsable: (at: string) =>
    `已开启提现白名单：该地址添加未满 ${ADDRESS_BOOK_DELAY_HOURS} 小时，${at} 后可用`,
  payeeNotAllowed: '已开启提现白名单：仅能提现 USDT 到地址簿中的地址，请先关闭白名单',
} as const;

export const savedAddress = z.object({
  id: z.number().int(),
  network: usdtNetwork,
  address: z.string(),
  label: z.string(),
  created_at: isoDateTime,
  /** From when whitelist mode lets a withdrawal go to it (created_at + 24 h). */
  usable_at: isoDateTime,
});
export type SavedAddress = z.infer<typeof savedAddress>;

const label = z
  .string({ error: ADDRESS_BOOK_MESSAGES.labelRequired })
  .trim()
  .min(1, ADDRESS_BOOK_MESSAGES.labelRequired)
  .max(ADDRESS_LABEL_MAX, ADDRESS_BOOK_MESSAGES.labelTooLong);

export const addressBookParams = z.object({
  id: z.coerce
    .number({ error: ADDRESS_BOOK_MESSAGES.badId })
    .int(ADDRESS_BOOK_MESSAGES.badId)
    .positive(ADDRESS_BOOK_MESSAGES.badId)
    .max(2_147_483_647, ADDRESS_BOOK_MESSAGES.badId),
});

/** POST /api/user/addresses: the address as typed (trimmed; its format is the service's check). */
export const addAddressBody = z.object({
  address: z
    .string({ error: ADDRESS_BOOK_MESSAGES.addressRequired })
    .trim()
    .min(1, ADDRESS_BOOK_MESSAGES.addressRequired)
    .max(200, '不能超过200个字符'),
  label,
  password: currentPassword,
  totp: totpCode.optional(),
});
export type AddAddressBody = z.infer<typeof addAddressBody>;

export const renameAddressBody = z.object({ label });

export const addressBookReply = envelope(z.object({ addresses: z.array(savedAddress) }));
export const savedAddressReply = envelope(z.object({ address: savedAddress }));

export const listAddressBook = endpoint({
  method: 'GET',
  path: '/api/user/addresses',
  operationId: 'listAddressBook',
  summary: '地址簿',
  description: "The caller's saved withdrawal addresses.",
  reply: addressBookReply,
});
export const addAddress = endpoint({
  method: 'POST',
  path: '/api/user/addresses',
  operationId: 'addAddress',
  summary: '添加地址',
  description: 'Saves a withdrawal address to the address book.',
  body: addAddressBody,
  reply: savedAddressReply,
});
export const renameAddress = endpoint({
  method: 'PATCH',
  path: '/api/user/addresses/:id',
  operationId: 'renameAddress',
  summary: '修改地址备注',
  description: "Changes a saved address's label.",
  params: addressBookParams,
  body: renameAddressBody,
  reply: savedAddressReply,
});
export const deleteAddress = endpoint({
  method: 'DELETE',
  path: '/api/user/addresses/:id',
  operationId: 'deleteAddress',
  summary: '删除地址',
  description: 'Deletes a saved address.',
  params: addressBookParams,
  reply: emptyReply,
});

export const whitelistState = z.object({ enabled: z.boolean(), enabled_at: isoDateTime.nullable() });
export type WhitelistState = z.infer<typeof whitelistState>;
export const whitelistReply = envelope(whitelistState);
export const disableWhitelistBody = z.object({ password: currentPassword, totp: totpCode.optional() });

export const getWithdrawalWhitelist = endpoint({
  method: 'GET',
  path: '/api/user/withdrawal-whitelist',
  operationId: 'getWithdrawalWhitelist',
  summary: '提现白名单状态',
  description: 'Whether the withdrawal whitelist is on (withdrawals only to saved addresses).',
  reply: whitelistReply,
});
export const enableWithdrawalWhitelist = endpoint({
  method: 'POST',
  path: '/api/user/withdrawal-whitelist/enable',
  operationId: 'enableWithdrawalWhitelist',
  summary: '开启提现白名单',
  description: 'Turns the withdrawal whitelist on.',
  reply: whitelistReply,
});
export const disableWithdrawalWhitelist = endpoint({
  method: 'POST',
  path: '/api/user/withdrawal-whitelist/disable',
  operationId: 'disableWithdrawalWhitelist',
  summary: '关闭提现白名单',
  description: 'Turns the withdrawal whitelist off.',
  body: disableWhitelistBody,
  reply: whitelistReply,
});
