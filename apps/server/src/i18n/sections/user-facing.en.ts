import type { CatalogueOf } from '../i18n.ts';
import type { userFacingZh } from './user-facing.zh-CN.ts';

/** sections/user-facing.zh-CN.ts in English: the same keys (its type says so). */
export const userFacingEn: CatalogueOf<typeof userFacingZh> = {
  users: {
    accountDisabled: 'Your account has been disabled',
    kycRequired: 'Complete identity verification (KYC) first',
  },
  devices: {
    unknown: 'Unknown device',
    wechat: 'WeChat',
    dingtalk: 'DingTalk',
    alipay: 'Alipay',
    qqBrowser: 'QQ Browser',
    ucBrowser: 'UC Browser',
    quark: 'Quark',
    baidu: 'Baidu',
    huaweiBrowser: 'Huawei Browser',
    xiaomiBrowser: 'Xiaomi Browser',
    on: '{{browser}} · {{system}}',
  },
  uploads: {
    malformed: 'The upload is incomplete or malformed',
    missing: 'Upload the {{label}}',
    unreadable: 'The image is damaged or cannot be read; choose another image',
    tooManyPixels: 'The image is too large: at most 50 million pixels',
    idFront: 'photo of the front of your ID card',
    idBack: 'photo of the back of your ID card',
    image: 'image',
  },
  hygiene: {
    nullByte: 'Must not contain a null character (\\u0000)',
    nullByteAt: '{{field}}: must not contain a null character (\\u0000)',
  },
  amounts: {
    notDecimal: '{{field}} must be a decimal number string with at most {{places}} decimal places',
    precision: '{{purpose}} amount can have at most {{places}} decimal places',
    belowMin: '{{purpose}} amount must be at least {{limit}} {{currency}}',
    aboveMax: '{{purpose}} amount must not exceed {{limit}} {{currency}}',
    purposes: {
      deposit: 'Deposit',
      withdrawal: 'Withdrawal',
      stake: 'Stake',
      addMargin: 'Added margin',
      adjustment: 'Adjustment',
    },
  },
  ownRequest: 'You cannot review your own request',
  unknownInviteCode: 'This invitation code does not exist',
  channels: {
    depositNotFound: 'Deposit channel not found',
    withdrawNotFound: 'Withdrawal channel not found',
  },
  ledger: {
    idempotencyKeyReused: 'This idempotency key was already used for another transaction',
  },
  addressBook: {
    loaded: 'Address book loaded',
    whitelistLoaded: 'Withdrawal whitelist loaded',
  },
  home: {
    linkInvalid: 'The link is invalid or has expired',
  },
  health: {
    databaseDown: 'Database unavailable: {{reason}}',
  },
  perpetual: {
    pricePlaces: 'The order price can have at most {{places}} decimal places',
    userCap: 'Exceeds your position limit of {{cap}} USDT on this pair; {{room}} USDT left to open',
    sideCap: "Exceeds this pair's {{side}} position limit of {{cap}} USDT; {{room}} USDT left to open",
    long: 'long',
    short: 'short',
    riskFormat: 'Malformed risk parameters',
    cannotOpen: 'Could not open when triggered: {{reason}}',
  },
};
