import {
  ADMIN_LEVEL_LABELS,
  CHANGE_TEXTS,
  DUAL_CONTROL_TEXTS,
  payoutRateLimitMessage,
  RECONCILIATION_BREACH_LABELS,
  RISK_ALERT_KIND_LABELS,
  RISK_TEXTS,
  windowTotalReason,
} from '@platform/contracts';

/**
 * The back office's texts for admins (issue 38, docs/i18n.md): the pending changes' presentations,
 * the admins' socket notices of first approvals, reconciliation breaches, risk alerts and proposals,
 * the admin-facing refusals of user management, payout hashes and settings, and the salary report.
 * The spec's wording, unchanged; a contracts' text is referenced, never copied.
 */
export const backOfficeZh = {
  /** 待生效变更: what the list shows as before and after (changes' `present`), in the viewer's language. */
  changes: {
    summaryLoaded: '获取待生效变更概况成功',
    levels: ADMIN_LEVEL_LABELS,
    accountState: '{{level}}，{{status}}',
    enabledState: '已启用',
    disabledState: '已禁用',
    activationBefore: '{{state}}：现有密码、两步验证和登录会话有效',
    activationAfter: '密码、两步验证和登录会话全部失效，须用新激活链接重新设置（原因：{{reason}}）',
    deleted: '已删除（不可恢复）',
    activationLinkFormat: '激活链接格式不正确',
    resetLinkBefore: '现有登录密码有效',
    resetLinkAfter: '一次性重置密码链接生效（{{minutes}}分钟内有效，只能使用一次）',
    /** The socket notice of a proposal: its title (the kind's name is the message). */
    proposedNotice: CHANGE_TEXTS.proposed,
    delayedNotice: CHANGE_TEXTS.delayedNotice,
  },
  /** The admins' socket notices of a first approval waiting for a second admin (dual control). */
  firstApproval: {
    title: `${DUAL_CONTROL_TEXTS.awaitingTag}：${DUAL_CONTROL_TEXTS.secondAdminRequired}`,
    deposit: '充值 #{{id}}（{{amount}} {{currency}}）已由一位管理员审核通过，需要另一位管理员复核{{reason}}',
    withdrawal:
      '提现 #{{id}}（{{amount}} {{currency}}）已由一位管理员审核通过，需要另一位管理员复核{{reason}}',
    windowReason: `（${windowTotalReason('{{total}}')}）`,
    rewards: '团队奖励：{{count}} 笔共 {{total}} {{currency}}，需要另一位管理员复核',
    salary: '团队工资 {{date}}：{{count}} 人共 {{total}} {{currency}}，需要另一位管理员复核',
  },
  /** 对账: the breach notice and its summary (`冻结余额与未完成业务不符 2 项；…`). */
  reconciliation: {
    breachTitle: '对账异常',
    breachCount: '{{label}} {{count}} 项',
    separator: '；',
    breaches: RECONCILIATION_BREACH_LABELS,
  },
  /** 风险敞口: a threshold crossed. */
  risk: {
    alertTitle: RISK_TEXTS.alertTitle,
    alert: '{{symbol}} {{kind}} {{value}} USDT，超过阈值 {{threshold}} USDT',
    kinds: RISK_ALERT_KIND_LABELS,
  },
  /** 用户管理 (admin-users): replies and refusals. */
  adminUsers: {
    listLoaded: '获取用户列表成功',
    detailLoaded: '获取用户详情成功',
    updated: '用户信息更新成功',
    bulkEnabled: '已启用{{count}}个用户',
    bulkDisabled: '已禁用{{count}}个用户',
    userNotFound: '用户不存在',
    cannotDisableSelf: '不能禁用自己的账户',
    onlySuperAdminChangesAdmins: '只有超级管理员可以启用或禁用管理员账户',
    lastSuperAdmin: '至少需要保留一个启用的超级管理员',
    accountDeleted: '该账户是已删除的管理员，删除不可恢复，不能启用',
  },
  /** A withdrawal's payout hash (已出款). */
  payoutHash: {
    notUsdt: '微信、支付宝提现无需填写交易哈希',
    bulk: 'USDT 提现需逐笔出款并填写交易哈希',
    reused: '该交易哈希已用于提现 #{{id}}',
    reusedElsewhere: '该交易哈希已用于其他提现',
  },
  /** Settings saved as pending changes: a payload that does not parse, a payout rate over the cap. */
  settings: {
    optionConfigLoaded: '获取期权配置成功',
    optionConfigBroken: '期权配置已损坏，请重新保存配置',
    optionConfigFormat: '期权配置格式不正确',
    flashConfigFormat: '秒合约配置格式不正确',
    salaryLevelsFormat: '工资等级格式不正确',
    thresholdsFormat: '复核阈值格式不正确',
    /** The contracts' text (payoutRateLimitMessage) with `{{max}}` and `{{what}}`: render with `{ key, params }`. */
    payoutRateLimit: payoutRateLimitMessage('{{max}}', '{{what}}'),
    levelRate: '投资等级 {{level}} 为 {{percentage}}%',
    durationRate: '{{seconds}} 秒周期为 {{percentage}}%',
  },
  /** 资金流水 (the admin journal): a page past the window. */
  journal: {
    beyondWindow: '只能翻阅最新的{{window}}条流水，请缩小日期范围查看更早的记录',
  },
  /** The salary report (salary-csv.ts). */
  salaryCsv: {
    email: '用户邮箱',
    inviteCode: '邀请码',
    level: '工资等级',
    amount: '应发金额',
    directCount: '直推人数',
    directDepositedCount: '直推充值人数',
    teamCount: '团队人数',
    teamDepositedCount: '团队充值人数',
    conversionRate: '转化率(%)',
    status: '发放状态',
    paidAt: '发放时间',
    paid: '已发放',
    unpaid: '未发放',
  },
} as const;
