import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WHITELIST_MESSAGES } from './address-book.ts';
import { ADMIN_ACTIVATION_TEXTS } from './admin-activation.ts';
import { ADMIN_CHANGE_TEXTS } from './admin-users.ts';
import { passwordBody } from './auth.ts';
import { CHANGE_TEXTS, changeKindLabel } from './changes.ts';
import { ADMIN_LEVEL_LABELS } from './enums.ts';
import { KYC_REAL_NAME_MESSAGE, kycSubmitFields } from './kyc.ts';
import {
  CONTRACT_MESSAGES,
  catalogueEntries,
  contractMessageIn,
  issueMessage,
  validationMessageIn,
} from './messages.ts';
import { PASSWORD_MESSAGES } from './password-policy.ts';
import { PERPETUAL_RISK_TEXTS } from './perpetual-risk.ts';
import { TIMED_TEXTS } from './trading-flash.ts';
import { PERPETUAL_TEXTS } from './trading-perpetual.ts';
import { positiveAmount } from './wallet.ts';

const flat = catalogueEntries;

describe('the contracts’ message catalogue (issue 38)', () => {
  it('has every key in both languages, no empty text, no Chinese in English', () => {
    const zh = flat(CONTRACT_MESSAGES['zh-CN']);
    const en = new Map(flat(CONTRACT_MESSAGES.en));
    expect([...en.keys()].sort()).toEqual(zh.map(([k]) => k).sort());
    for (const [key, text] of en) {
      expect(text, key).not.toBe('');
      expect(text, key).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('one Chinese text has one English text wherever it appears', () => {
    const en = new Map(flat(CONTRACT_MESSAGES.en));
    const byText = new Map<string, string>();
    for (const [key, text] of flat(CONTRACT_MESSAGES['zh-CN'])) {
      const english = en.get(key) as string;
      expect(byText.get(text) ?? english, `${key}: ${text}`).toBe(english);
      byText.set(text, english);
    }
  });

  it('holds the pending changes’ texts, their kinds and the back office’s labels in English', () => {
    expect(contractMessageIn('en', CHANGE_TEXTS.ownProposal)).toBe(
      'You cannot approve a change you submitted',
    );
    expect(contractMessageIn('en', CHANGE_TEXTS.delayedNotice)).toBe('A change takes effect in 24 hours');
    expect(contractMessageIn('en', ADMIN_CHANGE_TEXTS.enableByProposal)).toMatch(/^Enabling an admin/);
    expect(contractMessageIn('en', changeKindLabel('option_config'))).toBe('Option settings');
    expect(contractMessageIn('en', ADMIN_LEVEL_LABELS.super_admin)).toBe('Super admin');
    expect(contractMessageIn('en', '冻结余额与未完成业务不符')).toBe(
      'Frozen balance does not match open business',
    );
    expect(contractMessageIn('en', '永续净敞口')).toBe('Perpetual net exposure');
    expect(contractMessageIn('zh-CN', CHANGE_TEXTS.ownProposal)).toBe('不能批准自己提交的变更');
  });

  it('renders the schemas’ own texts, amount patterns and zod’s issues in English; zh-CN unchanged', () => {
    expect(contractMessageIn('en', PASSWORD_MESSAGES.required)).toBe('Enter a password');
    expect(contractMessageIn('zh-CN', PASSWORD_MESSAGES.required)).toBe('请输入密码');
    expect(contractMessageIn('en', '请输入金额')).toBe('Enter the amount');
    expect(contractMessageIn('en', '保证金格式不正确')).toBe('Invalid margin');
    expect(contractMessageIn('en', '一个没有的文本')).toBeUndefined();

    const issues = passwordBody.safeParse({ oldPassword: '', newPassword: 'short' }).error?.issues ?? [];
    const english = issues.map((issue) => validationMessageIn('en', issue as never));
    expect(english).toContain('Enter your current password');
    expect(english).toContain('The password needs at least 8 characters');

    const missing = positiveAmount.safeParse(undefined).error?.issues[0];
    expect(missing && validationMessageIn('en', missing as never)).toBe('Enter the amount');

    const tooBig = z.number().max(100).safeParse(1000).error?.issues[0];
    expect(tooBig && validationMessageIn('en', tooBig as never)).toMatch(
      /^Too big: expected number to be <=100/,
    );
    expect(issueMessage({ code: 'invalid_type', expected: 'string', input: undefined } as never, 'en')).toBe(
      'Required',
    );
    expect(
      issueMessage({ code: 'invalid_type', expected: 'string', input: undefined } as never, 'zh-CN'),
    ).toBe('必填');
  });

  it('renders the withdrawal whitelist’s refusals in English', () => {
    expect(contractMessageIn('en', WHITELIST_MESSAGES.notListed)).toBe(
      'The withdrawal whitelist is on: you can withdraw only to addresses in your address book; add this address first',
    );
    expect(contractMessageIn('en', WHITELIST_MESSAGES.notYetUsable('2026-01-02 08:00'))).toBe(
      'The withdrawal whitelist is on: this address was added less than 24 hours ago; it can be used from 2026-01-02 08:00',
    );
  });

  it('renders the KYC name rule and the admin activation link’s refusals in English', () => {
    expect(contractMessageIn('en', KYC_REAL_NAME_MESSAGE)).toBe(
      'The name may contain only letters, the middle dot (·) and spaces',
    );
    expect(contractMessageIn('en', ADMIN_ACTIVATION_TEXTS.invalid)).toBe(
      'The activation link is invalid; ask a super admin to send a new one',
    );
    expect(contractMessageIn('zh-CN', ADMIN_ACTIVATION_TEXTS.invalid)).toBe(ADMIN_ACTIVATION_TEXTS.invalid);
  });

  it('renders the contracts’ parameterised texts by their shape, their values kept', () => {
    expect(contractMessageIn('en', TIMED_TEXTS.stakeTooSmall('10.5', 'USDT'))).toBe(
      'The stake cannot be below 10.5 USDT',
    );
    expect(contractMessageIn('en', PERPETUAL_TEXTS.leverageNotOffered([5, 10, 20]))).toBe(
      'This leverage is not offered; choose one of: 5, 10, 20x',
    );
    expect(contractMessageIn('en', PERPETUAL_TEXTS.limitAlreadyCrossed('short', '65,000.00'))).toBe(
      'The index price 65,000.00 is no longer below the order price; open at market or raise the order price',
    );
    expect(contractMessageIn('en', PERPETUAL_TEXTS.tpslSet)).toBe('Take profit / Stop loss set');
  });

  it('renders the perpetual tiers’ refusals and the risk parameters’ failure in English', () => {
    expect(contractMessageIn('en', PERPETUAL_RISK_TEXTS.beyondTier('60000', 50))).toBe(
      'The position’s notional value of 60000 USDT exceeds what this leverage allows; this tier allows at most 50x',
    );
    expect(contractMessageIn('en', PERPETUAL_RISK_TEXTS.beyondTiers('9000000', '5000000'))).toBe(
      'The position’s notional value of 9000000 USDT exceeds the highest tier’s limit of 5000000 USDT',
    );
    expect(contractMessageIn('en', PERPETUAL_RISK_TEXTS.configInvalid)).toBe(
      'The Perpetual risk parameters are invalid; contact an admin',
    );
    expect(contractMessageIn('zh-CN', PERPETUAL_RISK_TEXTS.beyondTier('60000', 50))).toBe(
      '仓位名义价值 60000 USDT 超过当前杠杆允许的上限，该档位最大杠杆为 50 倍',
    );
  });
});

describe('the KYC form’s name', () => {
  it('asks for the name when it is empty or blank, and names the length rule otherwise', () => {
    const nameIssue = (real_name: string) =>
      kycSubmitFields.safeParse({ real_name, id_number: '110101199003071234' }).error?.issues[0]?.message;
    expect(nameIssue('')).toBe('请输入真实姓名');
    expect(nameIssue('   ')).toBe('请输入真实姓名');
    expect(nameIssue('张')).toBe('真实姓名长度应为2-50个字符');
    expect(nameIssue('张三')).toBeUndefined();
  });
});
