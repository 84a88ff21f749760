import { CONTRACT_MESSAGES } from '@platform/contracts';
import type { CatalogueOf } from '../i18n.ts';
import type { backOfficeZh } from './back-office.zh-CN.ts';

const contracts = CONTRACT_MESSAGES.en;

/** The back office's texts for admins in English (back-office.zh-CN.ts: the same keys). */
export const backOfficeEn: CatalogueOf<typeof backOfficeZh> = {
  changes: {
    summaryLoaded: 'Pending changes overview loaded',
    levels: contracts.adminLevels,
    accountState: '{{level}}, {{status}}',
    enabledState: 'enabled',
    disabledState: 'disabled',
    activationBefore: '{{state}}: current password, 2FA and login sessions valid',
    activationAfter:
      'Password, 2FA and every login session revoked; must be set up again with the new activation link (reason: {{reason}})',
    deleted: 'Deleted (cannot be undone)',
    activationLinkFormat: 'Malformed activation link',
    resetLinkBefore: 'Current login password valid',
    resetLinkAfter: 'One-time password reset link in force (valid for {{minutes}} minutes, works once)',
    proposedNotice: contracts.changes.proposed,
    delayedNotice: contracts.changes.delayedNotice,
  },
  firstApproval: {
    title: `${contracts.dualControl.awaitingTag}: ${contracts.dualControl.secondAdminRequired}`,
    deposit:
      'Deposit #{{id}} ({{amount}} {{currency}}) was approved by one admin and needs another admin to review{{reason}}',
    withdrawal:
      'Withdrawal #{{id}} ({{amount}} {{currency}}) was approved by one admin and needs another admin to review{{reason}}',
    windowReason: ` (${contracts.shapes.windowTotalReason})`,
    rewards: 'Team rewards: {{count}} payments totalling {{total}} {{currency}} need another admin to review',
    salary:
      'Team salaries of {{date}}: {{count}} users totalling {{total}} {{currency}} need another admin to review',
  },
  reconciliation: {
    breachTitle: 'Reconciliation breach',
    breachCount: '{{label}}: {{count}}',
    separator: '; ',
    breaches: contracts.reconciliationBreaches,
  },
  risk: {
    alertTitle: contracts.risk.alertTitle,
    alert: '{{symbol}} {{kind}} {{value}} USDT is over the threshold of {{threshold}} USDT',
    kinds: contracts.riskAlertKinds,
  },
  adminUsers: {
    listLoaded: 'Users loaded',
    detailLoaded: 'User details loaded',
    updated: 'User updated',
    bulkEnabled: 'Users enabled: {{count}}',
    bulkDisabled: 'Users disabled: {{count}}',
    userNotFound: 'User not found',
    cannotDisableSelf: 'You cannot disable your own account',
    onlySuperAdminChangesAdmins: 'Only super admins may enable or disable admin accounts',
    lastSuperAdmin: 'At least one enabled super admin must remain',
    accountDeleted: 'This account is a deleted admin; a deletion cannot be undone, so it cannot be enabled',
  },
  payoutHash: {
    notUsdt: 'WeChat and Alipay withdrawals take no transaction hash',
    bulk: 'USDT withdrawals are paid out one at a time, each with its transaction hash',
    reused: 'This transaction hash is already used by withdrawal #{{id}}',
    reusedElsewhere: 'This transaction hash is already used by another withdrawal',
  },
  settings: {
    optionConfigLoaded: 'Options settings loaded',
    optionConfigBroken: 'The Options settings are broken; save them again',
    optionConfigFormat: 'Invalid Options settings',
    flashConfigFormat: 'Invalid Flash contract settings',
    salaryLevelsFormat: 'Invalid salary levels',
    thresholdsFormat: 'Invalid review thresholds',
    payoutRateLimit: 'The payout rate cannot exceed {{max}}% ({{what}})',
    levelRate: 'investment level {{level}} is {{percentage}}%',
    durationRate: 'the {{seconds}}-second duration is {{percentage}}%',
  },
  journal: {
    beyondWindow:
      'Only the newest {{window}} transactions can be paged through; narrow the date range to see older ones',
  },
  salaryCsv: {
    email: 'User email',
    inviteCode: 'Invite code',
    level: 'Salary level',
    amount: 'Amount due',
    directCount: 'Direct referrals',
    directDepositedCount: 'Direct referrals who deposited',
    teamCount: 'Team members',
    teamDepositedCount: 'Team members who deposited',
    conversionRate: 'Conversion rate (%)',
    status: 'Payout status',
    paidAt: 'Paid at',
    paid: 'Paid',
    unpaid: 'Not paid',
  },
};
