/**
 * The texts users meet from the remaining server modules (issue 38, docs/i18n.md): a withdrawal's
 * standing conditions, 安全中心's device names, uploads, the money and null-byte refusals, and
 * the few routes' answers that were still literal. Wired in as `userFacing` (zh-CN.ts); the Chinese
 * is the spec's wording, unchanged; en.ts's twin is sections/user-facing.en.ts.
 */
export const userFacingZh = {
  users: {
    accountDisabled: '账户已被禁用',
    kycRequired: '请先完成实名认证（KYC）',
  },
  /** Browsers and in-app browsers named in the reader's language (account-security/device.ts). */
  devices: {
    unknown: '未知设备',
    wechat: '微信',
    dingtalk: '钉钉',
    alipay: '支付宝',
    qqBrowser: 'QQ浏览器',
    ucBrowser: 'UC浏览器',
    quark: '夸克',
    baidu: '百度',
    huaweiBrowser: '华为浏览器',
    xiaomiBrowser: '小米浏览器',
    /** A browser on a system: "微信 · iOS". */
    on: '{{browser}} · {{system}}',
  },
  uploads: {
    // Not an image, and too large: the contracts' NOT_AN_IMAGE_MESSAGE and imageTooLargeMessage().
    malformed: '上传内容不完整或格式不正确',
    missing: '请上传{{label}}',
    unreadable: '图片已损坏或无法读取，请重新选择图片',
    /** MAX_IMAGE_PIXELS (image-pipeline.ts) in 万; its test keeps the two in step. */
    tooManyPixels: '图片尺寸过大，像素总数不能超过5000万',
    idFront: '身份证正面照片',
    idBack: '身份证背面照片',
    image: '图片',
  },
  /** core/request-hygiene.ts: a null byte anywhere in a request. */
  hygiene: {
    nullByte: '不能包含空字符（\\u0000）',
    nullByteAt: '{{field}}: 不能包含空字符（\\u0000）',
  },
  /** Amounts refused at the boundary (core/money.ts). */
  amounts: {
    notDecimal: '{{field}} 必须是十进制数字字符串，最多 {{places}} 位小数',
    precision: '{{purpose}}金额最多保留 {{places}} 位小数',
    belowMin: '{{purpose}}金额不能低于 {{limit}} {{currency}}',
    aboveMax: '{{purpose}}金额不能高于 {{limit}} {{currency}}',
    purposes: {
      deposit: '充值',
      withdrawal: '提现',
      stake: '投注',
      addMargin: '追加保证金',
      adjustment: '调整',
    },
  },
  ownRequest: '不能审核自己的申请',
  unknownInviteCode: '邀请码不存在',
  channels: {
    depositNotFound: '充值渠道不存在',
    withdrawNotFound: '提现渠道不存在',
  },
  ledger: {
    idempotencyKeyReused: '幂等键已用于另一笔交易',
  },
  addressBook: {
    loaded: '获取地址簿成功',
    whitelistLoaded: '获取提现白名单成功',
  },
  home: {
    linkInvalid: '链接无效或已过期',
  },
  health: {
    databaseDown: '数据库不可用：{{reason}}',
  },
  perpetual: {
    pricePlaces: '委托价格最多 {{places}} 位小数',
    userCap: '超过单用户该交易对持仓上限 {{cap}} USDT，剩余可开 {{room}} USDT',
    sideCap: '超过该交易对{{side}}方向持仓上限 {{cap}} USDT，剩余可开 {{room}} USDT',
    long: '多头',
    short: '空头',
    riskFormat: '风控参数格式不正确',
    /** A limit order cancelled at its trigger: its stored reason (zh-CN), read in the reader's language. */
    cannotOpen: '触发时无法开仓：{{reason}}',
  },
} as const;
