import { z } from 'zod';
import { PASSWORD_RESET_TTL_MINUTES, RECOVERY_MESSAGES } from './account-recovery.ts';
import { ACCOUNT_SECURITY_MESSAGES } from './account-security.ts';
import {
  ADDRESS_BOOK_DELAY_HOURS,
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  ADDRESS_LABEL_MAX,
  WHITELIST_MESSAGES,
} from './address-book.ts';
import { ADJUSTMENT_FORM_TEXTS, MAX_ADJUSTMENT_REASON } from './adjustments.ts';
import { ADMIN_ACTIVATION_TEXTS } from './admin-activation.ts';
import { ADMIN_CHANGE_TEXTS, ADMIN_USER_FORM_TEXTS, MAX_BULK_USERS } from './admin-users.ts';
import {
  DUAL_CONTROL_TEXTS,
  THRESHOLD_DECIMALS,
  THRESHOLD_TEXTS,
  windowTotalReason,
} from './approval-thresholds.ts';
import { CHANGE_KIND_LABELS, CHANGE_TEXTS } from './changes.ts';
import { CHANNEL_TEXTS, FEE_RATE_LABEL } from './channels.ts';
import { imageTooLargeText, NOT_AN_IMAGE_MESSAGE } from './constants.ts';
import {
  ADMIN_LEVEL_LABELS,
  DEPOSIT_CHANNEL_TYPE_LABELS,
  DEPOSIT_STATUS_LABELS,
  KYC_STATUS_LABELS,
  WITHDRAW_METHOD_LABELS,
  WITHDRAWAL_STATUS_LABELS,
} from './enums.ts';
import { FAVORITES_MAX, FAVORITES_MESSAGES } from './favorites.ts';
import { HOME_TEXTS } from './home.ts';
import { KYC_APPLICATION_STATUS_LABELS, KYC_ID_NUMBER_MESSAGES, KYC_REAL_NAME_MESSAGE } from './kyc.ts';
import type { Language } from './language.ts';
import { incompleteConfigMessage, OPTION_CONFIG_TEXTS } from './option-config.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from './password-policy.ts';
import { PERPETUAL_RISK_FORM_TEXTS, PERPETUAL_RISK_TEXTS } from './perpetual-risk.ts';
import { POR_MESSAGES } from './por.ts';
import { PRICE_SOURCE_LABELS } from './price-index.ts';
import { RECONCILIATION_BREACH_LABELS } from './reconciliation.ts';
import { RISK_ALERT_KIND_LABELS, RISK_TEXTS } from './risk-exposure.ts';
import { TEAM_TEXTS } from './team.ts';
import { ADMIN_ORDER_CANCEL_TEXTS, TRADING_TEXTS } from './trading.ts';
import { FLASH_CONFIG_TEXTS, FLASH_TEXTS, TIMED_TEXTS } from './trading-flash.ts';
import { OPTION_TRADING_TEXTS } from './trading-option.ts';
import { PERPETUAL_MAX_LEVERAGE, PERPETUAL_TEXTS } from './trading-perpetual.ts';
import { SPOT_TEXTS } from './trading-spot.ts';
import { TWOFA_MESSAGES, TWOFA_PASSWORD_MESSAGES } from './two-factor.ts';
import { chineseIssueMessage } from './zod-messages.ts';

/**
 * The contracts' own messages in both languages (issue 38, docs/i18n.md), for the server's error
 * replies and the web's forms alike. The schemas keep producing their Chinese texts (zh-CN is the
 * default and the spec's wording); a text of this catalogue is rendered in English by its key
 * (`contractMessageIn`). Its Chinese side is the contracts' own constants, so that it cannot drift
 * from what the schemas say; its English side must have every key (a type error otherwise).
 */

/** Only the texts of a messages object (its functions are parameterised: `patterns` below). */
type Texts<T> = { [K in keyof T as T[K] extends string ? K : never]: T[K] };
const texts = <T extends Record<string, unknown>>(messages: T): Texts<T> =>
  Object.fromEntries(Object.entries(messages).filter(([, v]) => typeof v === 'string')) as Texts<T>;

/** The venues PRICE_SOURCE_LABELS names (price-index.ts): each needs its English below. */
type PriceSourceWithLabel = 'sim-a' | 'sim-b' | 'sim-c' | 'htx' | 'okx' | 'binance';

/** The change kinds CHANGE_KIND_LABELS names (changes.ts): each needs its English below. */
type ChangeKindWithLabel =
  | 'option_config'
  | 'flash_config'
  | 'approval_thresholds'
  | 'team_salary_levels'
  | `${'channel' | 'withdraw_channel'}.${'create' | 'update' | 'delete'}`
  | `admin.${'create' | 'level' | 'activation' | 'delete' | 'enable'}`
  | 'user.password_reset_link'
  | 'support.contact'
  | 'perpetual.risk';

const zhCN = {
  password: PASSWORD_MESSAGES,
  twofa: TWOFA_MESSAGES,
  twofaPassword: TWOFA_PASSWORD_MESSAGES,
  recovery: RECOVERY_MESSAGES,
  accountSecurity: ACCOUNT_SECURITY_MESSAGES,
  addressBook: texts(ADDRESS_BOOK_MESSAGES),
  favorites: texts(FAVORITES_MESSAGES),
  whitelist: texts(WHITELIST_MESSAGES),
  kycIdNumber: KYC_ID_NUMBER_MESSAGES,
  kycRealName: { rule: KYC_REAL_NAME_MESSAGE },
  /** An upload field's refusal of a file that is no image (its size: `shapes.imageTooLarge`). */
  images: { notAnImage: NOT_AN_IMAGE_MESSAGE },
  adminActivation: ADMIN_ACTIVATION_TEXTS,
  por: POR_MESSAGES,
  trading: TRADING_TEXTS,
  adminOrderCancel: ADMIN_ORDER_CANCEL_TEXTS,
  spot: texts(SPOT_TEXTS),
  flash: texts(FLASH_TEXTS),
  timed: texts(TIMED_TEXTS),
  option: texts(OPTION_TRADING_TEXTS),
  perpetual: texts(PERPETUAL_TEXTS),
  perpetualRisk: texts(PERPETUAL_RISK_TEXTS),
  team: TEAM_TEXTS,
  dualControl: DUAL_CONTROL_TEXTS,
  /** Pending changes (待生效变更): the replies, refusals and notices, and each kind's name. */
  changes: CHANGE_TEXTS,
  adminChanges: ADMIN_CHANGE_TEXTS,
  changeKinds: CHANGE_KIND_LABELS as Readonly<Record<ChangeKindWithLabel, string>>,
  adminLevels: ADMIN_LEVEL_LABELS,
  /** 对账's breach kinds and 风险敞口's texts (the admins' notices name them). */
  reconciliationBreaches: RECONCILIATION_BREACH_LABELS,
  risk: RISK_TEXTS,
  riskAlertKinds: RISK_ALERT_KIND_LABELS,
  /** The venues' display names (the server's texts and the web's screens say them alike). */
  priceSources: PRICE_SOURCE_LABELS as Readonly<Record<PriceSourceWithLabel, string>>,
  /** The back office's settings payloads: 期权控制, 秒合约配置 and the channel forms. */
  optionConfig: texts(OPTION_CONFIG_TEXTS),
  flashConfig: texts(FLASH_CONFIG_TEXTS),
  channels: texts(CHANNEL_TEXTS),
  perpetualRiskForm: texts(PERPETUAL_RISK_FORM_TEXTS),
  home: HOME_TEXTS,
  adjustmentForm: ADJUSTMENT_FORM_TEXTS,
  adminUserForm: ADMIN_USER_FORM_TEXTS,
  /**
   * The contracts' parameterised texts, each its function called with `{{name}}`s (so the same
   * function writes both): a text they made is found by its shape, its values kept as they are.
   */
  shapes: {
    windowTotalReason: windowTotalReason('{{total}}'),
    spotAmountBelowMin: SPOT_TEXTS.amountBelowMin('{{min}}', '{{currency}}'),
    spotAmountPrecision: SPOT_TEXTS.amountPrecision('{{places}}' as never),
    spotPricePrecision: SPOT_TEXTS.pricePrecision('{{places}}' as never),
    flashUnknownDuration: FLASH_TEXTS.unknownDuration(['{{allowed}}' as never]),
    stakeTooSmall: TIMED_TEXTS.stakeTooSmall('{{min}}', '{{currency}}'),
    stakeTooLarge: TIMED_TEXTS.stakeTooLarge('{{max}}', '{{currency}}'),
    pairNotOffered: TIMED_TEXTS.pairNotOffered('{{symbol}}', '{{currency}}'),
    tooManyOpen: TIMED_TEXTS.tooManyOpen('{{max}}' as never),
    optionNotOpened: OPTION_TRADING_TEXTS.notOpened('{{needed}}' as never),
    optionUnknownDuration: OPTION_TRADING_TEXTS.unknownDuration(['{{allowed}}' as never]),
    leverageNotOffered: PERPETUAL_TEXTS.leverageNotOffered(['{{choices}}' as never]),
    marginTooSmall: PERPETUAL_TEXTS.marginTooSmall('{{min}}'),
    marginTooLarge: PERPETUAL_TEXTS.marginTooLarge('{{max}}'),
    tooManyPositions: PERPETUAL_TEXTS.tooManyPositions('{{max}}' as never),
    marginAddTooLarge: PERPETUAL_TEXTS.marginAddTooLarge('{{max}}'),
    limitCrossedLong: PERPETUAL_TEXTS.limitAlreadyCrossed('long', '{{index}}'),
    limitCrossedShort: PERPETUAL_TEXTS.limitAlreadyCrossed('short', '{{index}}'),
    reduceTooLarge: PERPETUAL_TEXTS.reduceTooLarge('{{quantity}}'),
    perpetualBeyondTier: PERPETUAL_RISK_TEXTS.beyondTier('{{notional}}', '{{leverage}}' as never),
    perpetualBeyondTiers: PERPETUAL_RISK_TEXTS.beyondTiers('{{notional}}', '{{max}}'),
    optionConfigIncomplete: incompleteConfigMessage(['{{missing}}']),
    whitelistNotYetUsable: WHITELIST_MESSAGES.notYetUsable('{{at}}'),
    /**
     * packages/domain's withdrawal refusals (withdrawalHoldText, insufficientBalanceText);
     * withdrawals.language.test.ts holds them to these shapes.
     */
    withdrawalHold: '为保护资金安全，安全设置变更后 {{hours}} 小时内不能提现（至 {{until}}）',
    insufficientBalance: '可用余额不足：需要 {{total}}（含手续费 {{fee}}），可用 {{available}}',
    optionLevelRepeated: OPTION_CONFIG_TEXTS.levelRepeated('{{level}}'),
    flashDurationRepeated: FLASH_CONFIG_TEXTS.durationRepeated('{{seconds}}'),
    channelTooLong: CHANNEL_TEXTS.tooLong('{{max}}'),
    /** A review threshold's, its kind a `labels` entry. */
    tierRateTimesLeverage: PERPETUAL_RISK_FORM_TEXTS.rateTimesLeverage('{{tier}}'),
    tierNotionalNotAbove: PERPETUAL_RISK_FORM_TEXTS.notionalNotAbove('{{tier}}', '{{previous}}'),
    tierLeverageAbove: PERPETUAL_RISK_FORM_TEXTS.leverageAbove('{{tier}}', '{{previous}}'),
    tierRateBelow: PERPETUAL_RISK_FORM_TEXTS.rateBelow('{{tier}}', '{{previous}}'),
    /** A risk parameter's USDT amount, its name a `labels` entry. */
    riskAmountRequired: PERPETUAL_RISK_FORM_TEXTS.amountRequired('{{label}}'),
    riskAmountFormat: PERPETUAL_RISK_FORM_TEXTS.amountFormat('{{label}}'),
    thresholdEnter: THRESHOLD_TEXTS.enter('{{label}}'),
    thresholdFormat: THRESHOLD_TEXTS.format('{{label}}'),
    thresholdPlaces: THRESHOLD_TEXTS.places('{{label}}'),
    thresholdPositive: THRESHOLD_TEXTS.positive('{{label}}'),
    imageTooLarge: imageTooLargeText('{{size}}'),
    /** packages/domain tpslProblems' texts (the domain's test holds each to these shapes). */
    tpslTakeProfitPlaces: '止盈价最多 {{places}} 位小数',
    tpslStopLossPlaces: '止损价最多 {{places}} 位小数',
    tpslTakeProfitLong: '做多仓位的止盈价必须高于开仓价 {{entry}}',
    tpslTakeProfitShort: '做空仓位的止盈价必须低于开仓价 {{entry}}',
    tpslStopLossLong: '做多仓位的止损价必须低于开仓价 {{entry}}',
    tpslStopLossShort: '做空仓位的止损价必须高于开仓价 {{entry}}',
    tpslLiquidationLong: '做多仓位的止损价必须高于强平价，最低可设 {{limit}}',
    tpslLiquidationShort: '做空仓位的止损价必须低于强平价，最高可设 {{limit}}',
  },
  /** Texts the schemas give inline (auth.ts, wallet.ts, deposits.ts, withdrawals.ts, kyc.ts). */
  fields: {
    emailFormat: '邮箱格式不正确',
    phoneFormat: '手机号格式不正确',
    accountRequired: '请输入邮箱或手机号',
    oldPasswordRequired: '请输入原密码',
    channelRequired: '请选择充值渠道',
    payeeAccountRequired: '请输入收款账号',
    payeeNameRequired: '请输入收款人姓名',
    addressRequired: '请输入提现地址',
    accountInfoRequired: '请填写收款账户信息',
    currencyFormat: '币种格式不正确',
    rejectReasonRequired: '请输入拒绝原因',
    noteTooLong: '备注不能超过500个字符',
    realNameRequired: '请输入真实姓名',
    realNameLength: '真实姓名长度应为2-50个字符',
    idNumberRequired: '请输入身份证号码',
    searchTooLong: '搜索内容不能超过100个字符',
  },
  /** zod's own issues without a text of the schema's (zod-messages.ts renders the Chinese). */
  zod: {
    required: '必填',
    validNumber: '应为有效数字',
  },
  /** Amount fields' texts (amount.ts), their label a `labels` entry. */
  patterns: {
    enter: '请输入{{label}}',
    format: '{{label}}格式不正确',
    positive: '{{label}}必须大于0',
    nonzero: '{{label}}不能为0',
    decimalString: '{{label}}必须是字符串（如 "100.5"）',
    decimalNotNumber: '{{label}}必须是字符串（如 "100.5"），不能是数字',
  },
  labels: {
    amount: '金额',
    price: '价格',
    margin: '保证金',
    closeQuantity: '平仓数量',
    alertPrice: '提醒价格',
    adjustmentAmount: '调整金额',
    addedMargin: '追加保证金金额',
    feeRate: FEE_RATE_LABEL,
    depositKind: THRESHOLD_TEXTS.labels.deposit,
    withdrawalKind: THRESHOLD_TEXTS.labels.withdrawal,
    payoutKind: THRESHOLD_TEXTS.labels.payout,
    ...PERPETUAL_RISK_FORM_TEXTS.labels,
  },
  /**
   * The status sets' labels (a record's status tag) and the payment kinds shown beside them: one
   * English text each, which the server's and the web's English catalogues take from here.
   */
  statusLabels: {
    kyc: KYC_STATUS_LABELS,
    kycApplication: KYC_APPLICATION_STATUS_LABELS,
    deposit: DEPOSIT_STATUS_LABELS,
    withdrawal: WITHDRAWAL_STATUS_LABELS,
    withdrawMethod: WITHDRAW_METHOD_LABELS,
    depositChannelType: DEPOSIT_CHANNEL_TYPE_LABELS,
  },
} as const;

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type ContractCatalogue = Shape<typeof zhCN>;

const en: ContractCatalogue = {
  password: {
    required: 'Enter a password',
    tooShort: `The password needs at least ${MIN_PASSWORD_LENGTH} characters`,
    tooLong: `The password may have at most ${MAX_PASSWORD_LENGTH} characters`,
    allSpaces: 'The password cannot be only spaces',
    lettersAndDigits: 'The password needs both letters and digits',
    common: 'This password is too common and easy to guess; choose another',
  },
  twofa: {
    required: 'Enter the 2FA code',
    wrong: 'Wrong 2FA code',
    setupRequired: 'Set up two-factor authentication first',
    notEnabled: 'Two-factor authentication is not on',
    alreadyEnabled: 'Two-factor authentication is already on',
    noPendingSetup: 'Get a 2FA key first',
    tooManyAttempts: 'Too many wrong 2FA codes; try again later',
    ownReset: 'You cannot reset your own two-factor authentication',
  },
  twofaPassword: { required: 'Enter your login password', wrong: 'Wrong login password' },
  recovery: {
    forgotSent:
      'If this email is registered, we have sent it a link to reset the password, valid for 15 minutes',
    resetDone: 'Password reset; every device has been logged out. Log in with the new password',
    resetLinkInvalid: 'The reset link is invalid or has expired; request a new one',
    verifyDone: 'Email verified',
    verifyLinkInvalid: 'The verification link is invalid or has expired; send a new verification email',
    alreadyVerified: 'The email is already verified',
    verificationSent: 'Verification email sent; check your inbox',
    mailNotConfigured: 'Email is not set up on this platform; contact support',
    tooManyRequests: 'Too many requests; try again later',
    resetAwaitingApproval:
      'This reset link awaits another super admin’s approval and works only once approved',
    resetNotApproved:
      'This reset link was not approved (rejected, cancelled or stale); ask support for a new one',
    resetLinkOnce: `The reset link is shown only this once; once approved it is valid for ${PASSWORD_RESET_TTL_MINUTES} minutes and works once`,
  },
  accountSecurity: {
    badSessionId: 'Invalid device ID',
    sessionNotFound: 'This device does not exist or has logged out',
    revoked: 'The device has been logged out',
    revokedOthers: 'Every other device has been logged out',
    userNotFound: 'User not found',
  },
  addressBook: {
    badId: 'Invalid address ID',
    notFound: 'Address not found',
    labelRequired: 'Enter a label for the address',
    labelTooLong: `The label may have at most ${ADDRESS_LABEL_MAX} characters`,
    addressRequired: 'Enter the withdrawal address',
    full: `The address book holds at most ${ADDRESS_BOOK_MAX} addresses; delete one you no longer use`,
    duplicate: 'This address is already in the address book',
    added: 'Address added',
    updated: 'Address label changed',
    deleted: 'Address deleted',
  },
  favorites: {
    loaded: 'Favorites loaded',
    saved: 'Favorites updated',
    symbolsRequired: 'symbols must be an array of trading pairs',
    badSymbol: 'Invalid trading pair',
    tooMany: `At most ${FAVORITES_MAX} favorite trading pairs`,
  },
  whitelist: {
    enabled: 'Withdrawal whitelist turned on',
    disabled: 'Withdrawal whitelist turned off',
    alreadyEnabled: 'The withdrawal whitelist is already on',
    alreadyDisabled: 'The withdrawal whitelist is not on',
    notListed:
      'The withdrawal whitelist is on: you can withdraw only to addresses in your address book; add this address first',
    payeeNotAllowed:
      'The withdrawal whitelist is on: you can withdraw only USDT to addresses in your address book; turn the whitelist off first',
  },
  kycRealName: {
    rule: 'The name may contain only letters, the middle dot (·) and spaces',
  },
  images: { notAnImage: 'Please select an image file' },
  adminActivation: {
    invalid: 'The activation link is invalid; ask a super admin to send a new one',
    expired: 'The activation link has expired; ask a super admin to send a new one',
    used: 'The activation link has already been used; log in instead',
    revoked:
      'The activation link is no longer valid (a new link was sent or the account was deleted); contact a super admin',
    passwordNotSettable:
      "You cannot set another admin's password; send them an activation link to set it themselves",
    awaitingApproval:
      'This account change is waiting for another super admin’s approval; the link works once it takes effect',
    notApproved:
      'This account change was not approved (rejected, cancelled or stale), so the link is invalid; contact a super admin',
  },
  kycIdNumber: {
    format: 'Invalid ID number',
    birth_date: 'The date of birth in the ID number is invalid',
    check_digit: 'The ID number’s check digit is wrong',
  },
  por: {
    noSnapshot: 'No proof-of-reserves snapshot yet',
    snapshotNotFound: 'Snapshot not found',
    notInSnapshot: 'Your balance is not in this snapshot (users with a zero balance are not included)',
    inProgress: 'A proof-of-reserves snapshot is being built; try again shortly',
  },
  trading: {
    orderPlaced: 'Order placed',
    orderCancelled: 'Order cancelled',
    ordersLoaded: 'Orders loaded',
    orderNotFound: 'Order not found',
    orderNotCancellable: 'The order is filled or cancelled and cannot be cancelled',
    priceUnavailable: 'Market data is unavailable; try again later',
    priceUpdating: 'Market data is updating; try again',
    insufficientBalance: 'Insufficient balance',
    clientOrderIdReused: 'This client_order_id was used for another order; use a new client_order_id',
  },
  adminOrderCancel: { done: 'Order cancelled', notCancellable: 'This order cannot be cancelled' },
  spot: {
    depthInsufficient: 'Insufficient market depth',
    fokUnfilled: 'The FOK order cannot be filled in full at once; not placed',
    tooManyOpenOrders: 'Too many open Spot orders; cancel some or wait for them to fill',
    orderValueTooLarge: 'The order value is too large',
  },
  flash: {
    configLoaded: 'Flash contract settings loaded',
    historyLoaded: 'Flash contract history loaded',
    statsLoaded: 'Flash contract statistics loaded',
    configBroken: 'The Flash contract settings are broken; contact an admin',
  },
  timed: { clientOrderIdTaken: 'This client_order_id was used for an order of another product' },
  option: {
    configLoaded: 'Options settings loaded',
    historyLoaded: 'Options history loaded',
    statsLoaded: 'Options statistics loaded',
    activeLoaded: 'Open options loaded',
    disabled: 'Options trading is closed',
    maintenance: 'Options trading is under maintenance; try again later',
    unknownLevel: 'No such investment level',
    levelDisabled: 'This investment level is disabled',
  },
  perpetualRisk: { configInvalid: 'The Perpetual risk parameters are invalid; contact an admin' },
  perpetual: {
    configLoaded: 'Perpetual settings loaded',
    positionsLoaded: 'Positions loaded',
    opened: 'Order placed',
    closed: 'Position closed',
    liquidatedOnClose: 'The liquidation price was reached; the position has been liquidated',
    alreadyClosed: 'The position is already closed',
    positionNotFound: 'Position not found',
    insufficientBalance: 'Insufficient balance',
    pairNotSupported: 'This trading pair has no Perpetual yet',
    clientOrderIdTaken: 'This client_order_id was used for another order',
    configInvalid: 'The Perpetual settings are invalid; contact an admin',
    markLoaded: 'Mark price loaded',
    tpslSet: 'Take profit / Stop loss set',
    tpslCancelled: 'Take profit / Stop loss cancelled',
    marginAdded: 'Margin added',
    marginAddLiquidating: 'The position has reached its liquidation price; margin cannot be added',
    limitPlaced: 'Limit order placed; it waits for its price',
    limitOrdersLoaded: 'Open orders loaded',
    limitOrderNotFound: 'Order not found',
    limitCancelled: 'Order cancelled',
    limitNotPending: 'The order is filled or cancelled',
    limitCancelledByUser: 'Cancelled by the user',
    reduced: 'Position partly closed',
    reduceTooSmall: 'The quantity to close is too small',
    reduceLiquidating: 'The position has reached its liquidation price; it cannot be partly closed',
    adminPositionsLoaded: 'Position list loaded',
  },
  team: {
    configLoaded: 'Team settings loaded',
    statsLoaded: 'Team statistics loaded',
    statsUpdated: 'Team data updated',
    referralsLoaded: 'Direct referrals loaded',
    membersLoaded: 'Team members loaded',
    rankingLoaded: 'Ranking loaded',
    inviteLinkLoaded: 'Invite link loaded',
  },
  dualControl: {
    secondAdminRequired: 'Needs a second admin to review',
    awaitingTag: 'Awaiting second review',
    firstApprovalRecorded: 'First approval recorded; waiting for another admin to review',
    thresholdsLoaded: 'Review thresholds loaded',
    thresholdsSaved: 'Review thresholds saved',
    payoutApprovalsLoaded: 'Payouts awaiting review loaded',
    payoutApprovalRejected: 'The payout awaiting review was rejected',
    payoutApprovalNotPending: 'This payout has been handled; only a payout awaiting review can be rejected',
    payoutApprovalNotFound: 'No such payout awaiting review',
    approverNotCountingYet:
      'Approvals of an admin created less than 24 hours ago do not count for dual control; ask another admin',
    adjustmentProposerNotCounting:
      'The admin who submitted this adjustment no longer counts for dual control (disabled, deleted or created less than 24 hours ago); reject it and submit again',
  },
  changes: {
    proposed: 'Submitted; it takes effect once another admin approves it',
    delayed: 'Submitted; takes effect in 24 hours unless another admin cancels it',
    listed: 'Pending changes loaded',
    approved: 'Change approved and applied',
    rejected: 'Change rejected',
    cancelled: 'Change cancelled',
    notFound: 'Change not found',
    notPending: 'This change has already been handled',
    stale: 'The setting has changed since; submit the change again',
    proposerGone: 'The proposer has been disabled or deleted; this change no longer takes effect',
    ownProposal: 'You cannot approve a change you submitted',
    levelTooLow: 'This change must be approved by a super admin',
    tooNew: 'Admins created less than 24 hours ago cannot approve changes',
    cannotCancel:
      'Only the proposer can cancel this change (while it waits 24 hours to take effect, other admins can too)',
    delayedNotice: 'A change takes effect in 24 hours',
    reasonTooLong: 'The reason may have at most 500 characters',
  },
  adminChanges: {
    proposed: 'Submitted; waiting for another super admin to approve',
    linkOnce: 'The activation link is shown only this once and is valid for 24 hours after the approval',
    levelAlone:
      'A change of admin level needs another super admin’s approval and must be submitted alone: save the email and phone first, then change the level',
    enableByProposal: 'Enabling an admin account needs another super admin’s approval; propose it in Admins',
    updated: 'Admin details updated',
    enabled: 'Admin enabled',
    disabled: 'Admin disabled',
  },
  changeKinds: {
    option_config: 'Option settings',
    flash_config: 'Flash contract settings',
    approval_thresholds: 'Review thresholds',
    team_salary_levels: 'Salary levels',
    'channel.create': 'Add a deposit channel',
    'channel.update': 'Edit a deposit channel',
    'channel.delete': 'Delete a deposit channel',
    'withdraw_channel.create': 'Add a withdrawal channel',
    'withdraw_channel.update': 'Edit a withdrawal channel',
    'withdraw_channel.delete': 'Delete a withdrawal channel',
    'admin.create': 'Add an admin',
    'admin.level': "Change an admin's level",
    'admin.activation': "Reset an admin's password and 2FA (new activation link)",
    'admin.delete': 'Delete an admin',
    'admin.enable': 'Enable an admin',
    'user.password_reset_link': 'Password reset link for a user (support)',
    'support.contact': 'Support contact',
    'perpetual.risk': 'Perpetual risk parameters',
  },
  adminLevels: { admin: 'Admin', super_admin: 'Super admin' },
  reconciliationBreaches: {
    journal: 'Ledger out of balance',
    frozen: 'Frozen balance does not match open business',
    fees: 'Fee account does not match the trades',
    house_pnl: 'House PnL account does not match the trades',
    house_funding: 'Funding account does not match the funding records',
    house_insurance: 'Insurance fund account does not match the liquidations',
  },
  risk: {
    exposureLoaded: 'Risk exposure loaded',
    thresholdsLoaded: 'Alert thresholds loaded',
    thresholdSaved: 'Alert threshold saved',
    thresholdRemoved: 'Alert threshold removed',
    alertTitle: 'Risk exposure alert',
  },
  riskAlertKinds: { net_notional: 'Perpetual net exposure', worst_case_loss: 'Worst-case loss' },
  priceSources: {
    'sim-a': 'Simulated exchange A',
    'sim-b': 'Simulated exchange B',
    'sim-c': 'Simulated exchange C',
    htx: 'HTX',
    okx: 'OKX',
    binance: 'Binance',
  },
  adjustmentForm: {
    statusInvalid: 'The status must be pending, approved or rejected',
    userRequired: 'Choose a user',
    currencyRequired: 'Choose a currency',
    reasonRequired: 'Enter the reason for the adjustment',
    reasonTooLong: `The reason for the adjustment may have at most ${MAX_ADJUSTMENT_REASON} characters`,
    rejectReasonTooLong: `The reason for rejection may have at most ${MAX_ADJUSTMENT_REASON} characters`,
  },
  adminUserForm: {
    isActive: 'is_active must be true or false',
    statusFilter: 'Invalid status filter',
    kycFilter: 'Invalid KYC filter',
    usersRequired: 'Choose a user',
    bulkMax: `At most ${MAX_BULK_USERS} users at a time`,
    emailRequired: 'Enter the email address',
    emailTooLong: 'The email address may have at most 254 characters',
    levelInvalid: 'The admin level must be admin or super_admin',
  },
  home: {
    titleRequired: 'Enter a title',
    contentRequired: 'Enter the content',
    linkFormat: 'Invalid link',
    imageUrlFormat: 'Invalid image URL',
    imageRequired: 'Upload an image or enter an image URL',
    idInvalid: 'Invalid ID',
    carouselNotFound: 'Carousel item not found',
    announcementNotFound: 'Announcement not found',
    reorderIds: 'Invalid order list',
    imageFileMissing: 'The image file is missing; upload it again',
    imageFileInvalid: 'Invalid image file',
    fileNameInvalid: 'Invalid file name',
    sortInvalid: 'Invalid sort order',
    publishedInvalid: 'Invalid published state',
    nothingToUpdate: 'Nothing to update',
  },
  perpetualRiskForm: {
    tierLeverageInteger: 'The tier’s maximum leverage must be a whole number',
    tierLeverageMin: 'The tier’s maximum leverage must be at least 1',
    tierLeverageMax: `The tier’s maximum leverage cannot exceed ${PERPETUAL_MAX_LEVERAGE}`,
    rateText: 'The maintenance margin rate must be a decimal string',
    rateFormat: 'Invalid maintenance margin rate (below 1, at most 8 decimal places)',
    ratePositive: 'The maintenance margin rate must be greater than 0',
    tiersRequired: 'At least one tier is needed',
    tiersMax: 'At most 20 tiers',
    pairRequired: 'Choose a trading pair',
    pairFormat: 'Invalid trading pair',
    pairsMax: 'At most 200 trading pairs with their own parameters',
    pairRepeated: 'A trading pair can be configured only once',
  },
  optionConfig: {
    timeWindowFormat: 'Invalid time window: use HH:mm (Beijing time)',
    levelInteger: 'The level must be a whole number',
    levelMin: 'The level must be at least 1',
    levelMax: 'The level can be at most 100',
    percentageInteger: 'The payout percentage must be a whole number',
    percentageMin: 'The payout percentage must be at least 1',
    percentageMax: 'The payout percentage can be at most 1000',
    minOrdersInteger: 'The minimum valid orders must be a whole number',
    minOrdersMin: 'The minimum valid orders must be at least 1',
    timeWindowsMax: 'At most 48 time windows',
    levelsRequired: 'At least one investment level is needed',
    levelsMax: 'At most 20 investment levels',
    windowStartIsEnd: 'The start and end of a time window cannot be the same',
  },
  flashConfig: {
    payoutRateText: 'The payout rate must be a number string',
    payoutRateFormat: 'Invalid payout rate',
    payoutRatePositive: 'The payout rate must be greater than 0',
    durationInteger: 'The duration must be a whole number of seconds',
    durationMin: 'The duration must be at least 5 seconds',
    durationMax: 'The duration can be at most 86400 seconds',
    durationsRequired: 'At least one duration is needed',
    durationsMax: 'At most 20 durations',
    maxStakeBelowMin: 'The maximum stake cannot be below the minimum stake',
  },
  channels: {
    requiredFields: 'Fill in every required field',
    amountFormat: 'Invalid amount',
    amountNegative: 'The amount cannot be below 0',
    maxBelowMin: 'The maximum amount cannot be below the minimum amount',
    feeRateRange: 'The fee rate must be between 0 and 1',
    addressInvalid:
      'Invalid USDT receiving address: use a TRC20 address (34 characters starting with T) or an ERC20 address (0x and 40 hexadecimal digits)',
    qrExternalUrl: 'The payment QR code must be an uploaded image, not an external link',
    qrNotReadable: 'No QR code could be read from the image; upload a clear image of the payment QR code',
    qrAddressMismatch: 'The QR code does not match the receiving address; upload the QR code of this address',
    statusInvalid: 'Invalid channel status',
    typeInvalid: 'Invalid channel type',
    withdrawTypeInvalid: 'Invalid withdrawal method',
    idInvalid: 'Invalid channel ID',
    fileNameInvalid: 'Invalid file name',
  },
  shapes: {
    windowTotalReason: 'The user’s 24-hour total of {{total}} USDT reached the dual-control threshold',
    imageTooLarge: 'The image cannot be larger than {{size}} MB',
    spotAmountBelowMin: 'The quantity cannot be below the minimum order size {{min}} {{currency}}',
    spotAmountPrecision: 'The quantity may have at most {{places}} decimals',
    spotPricePrecision: 'The price may have at most {{places}} decimals',
    flashUnknownDuration: 'Unsupported duration; choose one of: {{allowed}} seconds',
    stakeTooSmall: 'The stake cannot be below {{min}} {{currency}}',
    stakeTooLarge: 'The stake cannot exceed {{max}} {{currency}}',
    pairNotOffered: 'The trading pair {{symbol}} is not offered (only pairs quoted in {{currency}})',
    tooManyOpen: 'Too many unsettled contracts (at most {{max}}); wait for settlement before ordering again',
    optionNotOpened: 'This level opens after {{needed}} valid orders',
    optionUnknownDuration: 'Unsupported Options duration; choose one of: {{allowed}} seconds',
    leverageNotOffered: 'This leverage is not offered; choose one of: {{choices}}x',
    marginTooSmall: 'The margin cannot be below {{min}} USDT',
    marginTooLarge: 'The margin cannot exceed {{max}} USDT',
    tooManyPositions: 'Too many open positions (at most {{max}})',
    marginAddTooLarge: 'After adding, the margin cannot exceed {{max}} USDT',
    limitCrossedLong:
      'The index price {{index}} is no longer above the order price; open at market or lower the order price',
    limitCrossedShort:
      'The index price {{index}} is no longer below the order price; open at market or raise the order price',
    reduceTooLarge: 'The quantity to close cannot exceed the position size {{quantity}}',
    perpetualBeyondTier:
      'The position’s notional value of {{notional}} USDT exceeds what this leverage allows; this tier allows at most {{leverage}}x',
    perpetualBeyondTiers:
      'The position’s notional value of {{notional}} USDT exceeds the highest tier’s limit of {{max}} USDT',
    optionConfigIncomplete:
      'The configuration is incomplete; missing: {{missing}}. Ask an admin to initialise it.',
    whitelistNotYetUsable: `The withdrawal whitelist is on: this address was added less than ${ADDRESS_BOOK_DELAY_HOURS} hours ago; it can be used from {{at}}`,
    withdrawalHold:
      'To keep your funds safe, you cannot withdraw for {{hours}} hours after a security change (until {{until}})',
    insufficientBalance:
      'Insufficient available balance: {{total}} needed (fee {{fee}} included), {{available}} available',
    optionLevelRepeated: 'Investment level {{level}} is repeated',
    flashDurationRepeated: 'The duration of {{seconds}} seconds is repeated',
    channelTooLong: 'At most {{max}} characters',
    tierRateTimesLeverage:
      'Tier {{tier}}: the maintenance margin rate times the maximum leverage must be below 1',
    tierNotionalNotAbove: 'Tier {{tier}}’s notional limit must be above tier {{previous}}’s',
    tierLeverageAbove: 'Tier {{tier}}’s maximum leverage cannot be above tier {{previous}}’s',
    tierRateBelow: 'Tier {{tier}}’s maintenance margin rate cannot be below tier {{previous}}’s',
    riskAmountRequired: 'The {{label}} must be an amount string',
    riskAmountFormat: 'Invalid {{label}} (at most 15 integer digits and 8 decimal places)',
    thresholdEnter: 'Enter the {{label}} threshold',
    thresholdFormat: 'Invalid {{label}} threshold: enter a number',
    thresholdPlaces: `The {{label}} threshold may have at most ${THRESHOLD_DECIMALS} decimal places`,
    thresholdPositive: 'The {{label}} threshold must be greater than 0',
    tpslTakeProfitPlaces: 'The take profit price may have at most {{places}} decimal places',
    tpslStopLossPlaces: 'The stop loss price may have at most {{places}} decimal places',
    tpslTakeProfitLong: 'A long’s take profit price must be above the entry price {{entry}}',
    tpslTakeProfitShort: 'A short’s take profit price must be below the entry price {{entry}}',
    tpslStopLossLong: 'A long’s stop loss price must be below the entry price {{entry}}',
    tpslStopLossShort: 'A short’s stop loss price must be above the entry price {{entry}}',
    tpslLiquidationLong:
      'A long’s stop loss price must be above the liquidation price; the lowest allowed is {{limit}}',
    tpslLiquidationShort:
      'A short’s stop loss price must be below the liquidation price; the highest allowed is {{limit}}',
  },
  fields: {
    emailFormat: 'Invalid email address',
    phoneFormat: 'Invalid phone number',
    accountRequired: 'Enter your email or phone number',
    oldPasswordRequired: 'Enter your current password',
    channelRequired: 'Choose a deposit channel',
    payeeAccountRequired: 'Enter the payee account',
    payeeNameRequired: 'Enter the payee name',
    addressRequired: 'Enter the withdrawal address',
    accountInfoRequired: 'Fill in the payee account details',
    currencyFormat: 'Invalid currency',
    rejectReasonRequired: 'Enter the reason for rejection',
    noteTooLong: 'The note may have at most 500 characters',
    realNameRequired: 'Enter your legal name',
    realNameLength: 'The legal name must have 2 to 50 characters',
    idNumberRequired: 'Enter your ID number',
    searchTooLong: 'The search may have at most 100 characters',
  },
  zod: { required: 'Required', validNumber: 'Must be a valid number' },
  patterns: {
    enter: 'Enter the {{label}}',
    format: 'Invalid {{label}}',
    positive: 'The {{label}} must be greater than 0',
    nonzero: 'The {{label}} cannot be 0',
    decimalString: 'The {{label}} must be a string (such as "100.5")',
    decimalNotNumber: 'The {{label}} must be a string (such as "100.5"), not a number',
  },
  labels: {
    amount: 'amount',
    price: 'price',
    margin: 'margin',
    closeQuantity: 'quantity to close',
    alertPrice: 'alert price',
    adjustmentAmount: 'adjustment amount',
    addedMargin: 'margin to add',
    feeRate: 'fee rate',
    depositKind: 'deposit',
    withdrawalKind: 'withdrawal',
    payoutKind: 'payout',
    tierNotional: 'tier’s notional limit',
    userCap: 'per-user position cap',
    sideCap: 'per-side position cap',
  },
  statusLabels: {
    kyc: {
      approved: 'Verified',
      pending: 'Pending review',
      reviewing: 'Under review',
      rejected: 'Rejected',
      none: 'Not verified',
    },
    kycApplication: {
      pending: 'Pending review',
      reviewing: 'Under review',
      approved: 'Approved',
      rejected: 'Rejected',
    },
    deposit: {
      pending: 'Pending review',
      processing: 'Processing',
      approved: 'Approved',
      rejected: 'Rejected',
    },
    withdrawal: {
      pending: 'Pending review',
      reviewing: 'Under review',
      approved: 'Approved',
      rejected: 'Rejected',
      processing: 'Paying out',
      completed: 'Paid out',
    },
    withdrawMethod: { wechat: 'WeChat', alipay: 'Alipay', usdt: 'USDT' },
    depositChannelType: { crypto: 'Crypto', bank: 'Bank card', alipay: 'Alipay', wechat: 'WeChat' },
  },
};

export const CONTRACT_MESSAGES: Record<Language, ContractCatalogue> = { 'zh-CN': zhCN, en };

/** A catalogue's texts by dotted key (`password.required`), for look-ups and the catalogues' tests. */
export function catalogueEntries(catalogue: object, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : catalogueEntries(value as object, `${prefix}${key}.`),
  );
}
type Flat = Map<string, string>;
const flatten = (catalogue: object): Flat => new Map(catalogueEntries(catalogue));
const flat: Record<Language, Flat> = { 'zh-CN': flatten(zhCN), en: flatten(en) };
/** Chinese text → key (a text named under two keys has the same English under both: a test). */
const keyOfChinese = new Map([...flat['zh-CN']].map(([key, text]) => [text, key]));
const labelKeyOfChinese = new Map<string, string>(
  Object.entries(zhCN.labels).map(([key, text]) => [text, key]),
);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A template's regular expression: each `{{name}}` a group of that name. */
const shapeOf = (template: string) =>
  new RegExp(`^${escapeRegExp(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.+?)')}$`);
const patterns = [
  ...Object.entries(zhCN.patterns).map(([key, template]) => ({
    key: `patterns.${key}`,
    regex: shapeOf(template),
  })),
  ...Object.entries(zhCN.shapes).map(([key, template]) => ({
    key: `shapes.${key}`,
    regex: shapeOf(template),
  })),
];

/** The text of `key` (`password.required`, `patterns.enter`) in `language`, its `{{name}}`s filled in. */
export function contractMessage(
  language: Language,
  key: string,
  params: Record<string, string> = {},
): string {
  const text = flat[language].get(key) ?? flat['zh-CN'].get(key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

/**
 * A Chinese text of the contracts in `language`: by its key, or by the shape of a parameterised
 * text (an amount's label translated, other values as they are); undefined for a text this
 * catalogue does not hold.
 */
export function contractMessageIn(language: Language, chinese: string): string | undefined {
  if (language === 'zh-CN') return chinese;
  const key = keyOfChinese.get(chinese);
  if (key) return contractMessage(language, key);
  for (const { key: shapeKey, regex } of patterns) {
    const groups = regex.exec(chinese)?.groups;
    if (!groups) continue;
    const { label, ...values } = groups;
    // A list's Chinese separator (、) reads as a comma in English.
    const shown = Object.fromEntries(
      Object.entries(values).map(([name, v]) => [name, v.replaceAll('、', ', ')]),
    );
    if (label === undefined) return contractMessage(language, shapeKey, shown);
    const labelKey = labelKeyOfChinese.get(label);
    if (labelKey)
      return contractMessage(language, shapeKey, { label: contractMessage(language, `labels.${labelKey}`) });
  }
  return undefined;
}

/** zod's English texts (its own `en` locale), for an issue without a text of the schema's. */
const zodEnglish = z.locales.en().localeError;

/** One zod issue's message in `language` (the web's forms; with the issue's input, as zod gives it). */
export function issueMessage(issue: z.core.$ZodRawIssue, language: Language): string {
  if (language === 'zh-CN') return chineseIssueMessage(issue);
  if (issue.code === 'invalid_type' && issue.input === undefined) return en.zod.required;
  const message = zodEnglish(issue);
  return typeof message === 'string' ? message : (message?.message ?? 'Invalid input');
}

/**
 * A validation error's message in `language`, from what the server's validator kept of the issue
 * (its code and details, not its input) and the Chinese text it produced: the schema's own text
 * through the catalogue, zod's own issue in zod's English; a text the catalogue lacks: zod's
 * English for the issue's kind.
 */
export function validationMessageIn(
  language: Language,
  issue: { code: string; message: string } & Record<string, unknown>,
): string {
  if (language === 'zh-CN') return issue.message;
  const known = contractMessageIn(language, issue.message);
  if (known !== undefined) return known;
  const raw = { ...issue, input: null } as unknown as z.core.$ZodRawIssue;
  if (issue.code === 'invalid_type') return `Expected ${String(issue.expected)}`;
  return issueMessage(raw, language);
}

/** Makes every zod message of this process (a browser tab) speak `language` (idempotent). */
export function installValidationMessages(language: Language): void {
  z.config({ localeError: (issue) => issueMessage(issue, language) });
}
