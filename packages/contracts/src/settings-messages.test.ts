import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createAdjustmentBody } from './adjustments.ts';
import { adminCreateBody, bulkUserStatusBody } from './admin-users.ts';
import { approvalThresholdsBody } from './approval-thresholds.ts';
import { channelIdParams, depositChannelBody, withdrawChannelBody } from './channels.ts';
import { announcementBody, announcementPatchBody, carouselBody } from './home.ts';
import { validationMessageIn } from './messages.ts';
import { DEFAULT_OPTION_CONFIG, optionConfig } from './option-config.ts';
import { DEFAULT_PERPETUAL_RISK, perpetualRiskConfig } from './perpetual-risk.ts';
import { DEFAULT_FLASH_CONFIG, flashConfig } from './trading-flash.ts';

/**
 * The back office's settings payloads (option and flash config, review thresholds, channels) are
 * refused in the reader's language (issue 38): each schema's own text has its English in the
 * contracts' catalogue; zh-CN is the schema's text as before.
 */

/** Every issue of `input` against `schema`, in `language`, as the server's error handler says them. */
function said(schema: z.ZodType, input: unknown, language: 'en' | 'zh-CN'): string[] {
  const issues = schema.safeParse(input).error?.issues ?? [];
  return issues.map((issue) => validationMessageIn(language, issue as never));
}

const level = DEFAULT_OPTION_CONFIG.investmentLevels[0]!;
const window = DEFAULT_OPTION_CONFIG.timeWindows[0]!;

const cases: { name: string; schema: z.ZodType; input: unknown; en: string[]; zh: string[] }[] = [
  {
    name: 'option config: a bad window, a level out of range, a fractional percentage, a bad count',
    schema: optionConfig,
    input: {
      ...DEFAULT_OPTION_CONFIG,
      timeWindows: [{ ...window, start: '9:00' }],
      investmentLevels: [{ ...level, level: 0, percentage: 1.5 }],
      minTradeRequirements: { windowTime: 0, nonWindowTime: 'x' },
    },
    en: [
      'Invalid time window: use HH:mm (Beijing time)',
      'The level must be at least 1',
      'The payout percentage must be a whole number',
      'The minimum valid orders must be at least 1',
      'The minimum valid orders must be a whole number',
    ],
    zh: [
      '时间窗口配置格式不正确，应为 HH:mm 格式（北京时间）',
      '等级至少为 1',
      '收益百分比必须是整数',
      '最少有效订单数至少为 1',
      '最少有效订单数必须是整数',
    ],
  },
  {
    name: 'option config: a repeated level, a window that starts where it ends',
    schema: optionConfig,
    input: {
      ...DEFAULT_OPTION_CONFIG,
      timeWindows: [{ ...window, end: window.start }],
      investmentLevels: [level, level],
    },
    en: ['Investment level 1 is repeated', 'The start and end of a time window cannot be the same'],
    zh: ['投资等级 1 重复', '时间窗口的开始和结束不能相同'],
  },
  {
    name: 'option config: no level',
    schema: optionConfig,
    input: { ...DEFAULT_OPTION_CONFIG, investmentLevels: [] },
    en: ['At least one investment level is needed'],
    zh: ['至少需要一个投资等级'],
  },
  {
    name: 'flash config: a duration too short, a bad rate, a zero rate',
    schema: flashConfig,
    input: {
      ...DEFAULT_FLASH_CONFIG,
      durations: [
        { seconds: 3, payout_rate: '0.1' },
        { seconds: 60, payout_rate: '1.2.3' },
        { seconds: 90, payout_rate: '0' },
      ],
    },
    en: [
      'The duration must be at least 5 seconds',
      'Invalid payout rate',
      'The payout rate must be greater than 0',
    ],
    zh: ['周期至少 5 秒', '收益率格式不正确', '收益率必须大于0'],
  },
  {
    name: 'flash config: a repeated duration, the maximum stake below the minimum',
    schema: flashConfig,
    input: {
      ...DEFAULT_FLASH_CONFIG,
      durations: [
        { seconds: 60, payout_rate: '0.1' },
        { seconds: 60, payout_rate: '0.2' },
      ],
      min_stake: '100',
      max_stake: '10',
    },
    en: ['The duration of 60 seconds is repeated', 'The maximum stake cannot be below the minimum stake'],
    zh: ['周期 60 秒重复', '最大投注金额不能小于最小投注金额'],
  },
  {
    name: 'flash config: no duration',
    schema: flashConfig,
    input: { ...DEFAULT_FLASH_CONFIG, durations: [] },
    en: ['At least one duration is needed'],
    zh: ['至少需要一个周期'],
  },
  {
    name: 'review thresholds',
    schema: approvalThresholdsBody,
    input: { deposit: '1', withdrawal: '1.5.0', payout: '0.123456789' },
    en: [
      'Invalid withdrawal threshold: enter a number',
      'The payout threshold may have at most 8 decimal places',
    ],
    zh: ['提现阈值格式不正确，请输入数字', '发放阈值最多保留 8 位小数'],
  },
  {
    name: 'review thresholds: missing, zero',
    schema: approvalThresholdsBody,
    input: { withdrawal: '0', payout: '1' },
    en: ['Enter the deposit threshold', 'The withdrawal threshold must be greater than 0'],
    zh: ['请输入充值阈值', '提现阈值必须大于0'],
  },
  {
    name: 'deposit channel',
    schema: depositChannelBody,
    input: {
      name: 'x'.repeat(101),
      type: 'cash',
      address: '',
      qr_code_url: 'https://example.com/qr.png',
      min_amount: '-1',
      max_amount: '1.123456789',
      status: 'on',
    },
    en: [
      'At most 100 characters',
      'Invalid channel type',
      'Fill in every required field',
      'The payment QR code must be an uploaded image, not an external link',
      'The amount cannot be below 0',
      'Invalid amount',
      'Invalid channel status',
    ],
    zh: [
      '不能超过100个字符',
      '渠道类型不正确',
      '请填写所有必填字段',
      '收款二维码只能上传图片，不能填写外部链接',
      '金额不能小于0',
      '金额格式不正确',
      '渠道状态不正确',
    ],
  },
  {
    name: 'deposit channel: max below min',
    schema: depositChannelBody,
    input: { name: 'a', address: 'b', min_amount: '10', max_amount: '1' },
    en: ['The maximum amount cannot be below the minimum amount'],
    zh: ['最大金额不能小于最小金额'],
  },
  {
    name: 'withdrawal channel',
    schema: withdrawChannelBody,
    input: { name: 'a', type: 'cash', fee_rate: '2' },
    en: ['Invalid withdrawal method', 'The fee rate must be between 0 and 1'],
    zh: ['提现类型不正确', '手续费率必须在0到1之间'],
  },
  {
    name: 'withdrawal channel: a fee rate as a number',
    schema: withdrawChannelBody,
    input: { name: 'a', type: 'usdt', fee_rate: 0.1 },
    en: ['The fee rate must be a string (such as "100.5"), not a number'],
    zh: ['手续费率必须是字符串（如 "100.5"），不能是数字'],
  },
  {
    name: 'perpetual risk: a tier out of range, a bad rate, a bad cap, a repeated pair',
    schema: perpetualRiskConfig,
    input: {
      ...DEFAULT_PERPETUAL_RISK,
      tiers: [{ max_notional: '1000', max_leverage: 0.5, maintenance_margin_rate: '1.5' }],
      user_cap: 'abc',
      pairs: [
        { symbol: 'BTCUSDT', tiers: null, user_cap: null, side_cap: null },
        { symbol: 'BTCUSDT', tiers: null, user_cap: null, side_cap: null },
      ],
    },
    en: [
      'The tier’s maximum leverage must be a whole number',
      'Invalid maintenance margin rate (below 1, at most 8 decimal places)',
      'Invalid per-user position cap (at most 15 integer digits and 8 decimal places)',
      'The per-user position cap must be greater than 0',
      'A trading pair can be configured only once',
    ],
    zh: [
      '档位最大杠杆必须是整数',
      '维持保证金率格式不正确（小于1，最多8位小数）',
      '单用户持仓上限格式不正确（最多15位整数、8位小数）',
      '单用户持仓上限必须大于0',
      '交易对不能重复配置',
    ],
  },
  {
    name: 'perpetual risk: tiers out of order',
    schema: perpetualRiskConfig,
    input: {
      ...DEFAULT_PERPETUAL_RISK,
      tiers: [
        { max_notional: '1000', max_leverage: 10, maintenance_margin_rate: '0.2' },
        { max_notional: '500', max_leverage: 20, maintenance_margin_rate: '0.01' },
      ],
    },
    en: [
      'Tier 1: the maintenance margin rate times the maximum leverage must be below 1',
      'Tier 2’s notional limit must be above tier 1’s',
      'Tier 2’s maximum leverage cannot be above tier 1’s',
      'Tier 2’s maintenance margin rate cannot be below tier 1’s',
    ],
    zh: [
      '第 1 档：维持保证金率乘以最大杠杆必须小于 1',
      '第 2 档的名义价值上限必须大于第 1 档',
      '第 2 档的最大杠杆不能高于第 1 档',
      '第 2 档的维持保证金率不能低于第 1 档',
    ],
  },
  {
    name: 'home: a carousel item without title or image, a bad link, a bad order',
    schema: carouselBody,
    input: {
      title: '',
      image_file: 'x.png',
      link_url: 'javascript:alert(1)',
      is_published: 'yes',
      sort_order: 1.5,
    },
    en: [
      'Enter a title',
      'Invalid image file',
      'Invalid link',
      'Invalid published state',
      'Invalid sort order',
    ],
    zh: ['标题不能为空', '图片文件不正确', '链接格式不正确', '发布状态不正确', '排序不正确'],
  },
  {
    name: 'home: a carousel item without an image, an empty change',
    schema: carouselBody,
    input: { title: 'a' },
    en: ['Upload an image or enter an image URL'],
    zh: ['请上传图片或填写图片地址'],
  },
  {
    name: 'home: an empty change',
    schema: announcementPatchBody,
    input: {},
    en: ['Nothing to update'],
    zh: ['没有要更新的内容'],
  },
  {
    name: 'home: an announcement without content',
    schema: announcementBody,
    input: { title: 'x'.repeat(101), content: '' },
    en: ['At most 100 characters', 'Enter the content'],
    zh: ['不能超过100个字符', '内容不能为空'],
  },
  {
    name: 'an adjustment without user, currency or reason',
    schema: createAdjustmentBody,
    input: { user_id: 'x', currency: '', amount: '10', reason: '' },
    en: ['Choose a user', 'Invalid currency', 'Enter the reason for the adjustment'],
    zh: ['请选择用户', '币种格式不正确', '请输入调整原因'],
  },
  {
    name: 'an adjustment’s reasons too long',
    schema: createAdjustmentBody,
    input: { user_id: 1, currency: 'USDT', amount: '10', reason: 'x'.repeat(501) },
    en: ['The reason for the adjustment may have at most 500 characters'],
    zh: ['调整原因不能超过500个字符'],
  },
  {
    name: 'a bulk user status change',
    schema: bulkUserStatusBody,
    input: { ids: [], is_active: 'yes' },
    en: ['Choose a user', 'is_active must be true or false'],
    zh: ['请选择用户', 'is_active 必须是 true 或 false'],
  },
  {
    name: 'a new admin without e-mail, of an unknown level',
    schema: adminCreateBody,
    input: { email: '', admin_level: 'root' },
    en: ['Enter the email address', 'The admin level must be admin or super_admin'],
    zh: ['请输入邮箱', '管理员级别必须是 admin 或 super_admin'],
  },
  {
    name: 'a channel id',
    schema: channelIdParams,
    input: { id: 'abc' },
    en: ['Invalid channel ID'],
    zh: ['渠道ID不正确'],
  },
];

describe('the settings payloads’ validation texts in both languages (issue 38)', () => {
  for (const c of cases) {
    it(c.name, () => {
      expect(said(c.schema, c.input, 'zh-CN')).toEqual(c.zh);
      expect(said(c.schema, c.input, 'en')).toEqual(c.en);
    });
  }
});
