import {
  type AddAddressBody,
  addAddress as addAddressEndpoint,
  deleteAddress as deleteAddressEndpoint,
  disableWithdrawalWhitelist as disableWhitelistEndpoint,
  enableWithdrawalWhitelist as enableWhitelistEndpoint,
  getWithdrawalWhitelist,
  listAddressBook,
  type SavedAddress,
  type WhitelistState,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';

/** 地址簿 and 提现白名单 (GET/POST/DELETE /api/user/addresses, /api/user/withdrawal-whitelist). */
export const addressBookKeys = {
  addresses: ['address-book', 'addresses'] as const,
  whitelist: ['address-book', 'whitelist'] as const,
};

export async function fetchAddresses(): Promise<SavedAddress[]> {
  return (await call(listAddressBook)).data.addresses;
}

export async function fetchWhitelist(): Promise<WhitelistState> {
  return (await call(getWithdrawalWhitelist)).data;
}

export async function addAddress(body: AddAddressBody): Promise<string> {
  return (await call(addAddressEndpoint, { body })).message;
}

export async function deleteAddress(id: number): Promise<string> {
  return (await call(deleteAddressEndpoint, { params: { id } })).message;
}

export async function enableWithdrawalWhitelist(): Promise<string> {
  return (await call(enableWhitelistEndpoint)).message;
}

export async function disableWithdrawalWhitelist(body: { password: string; totp?: string }): Promise<string> {
  return (await call(disableWhitelistEndpoint, { body })).message;
}
