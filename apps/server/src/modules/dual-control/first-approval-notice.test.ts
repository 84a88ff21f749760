import { describe, expect, it, vi } from 'vitest';
import { msg } from '../../i18n/i18n.ts';
import type { PerLanguage } from '../realtime/realtime.ts';
import { firstApprovalReason } from './approval-window.ts';
import { announceFirstApproval } from './payout-approvals.ts';

/**
 * The other admins' notice of a first approval (dual control) in each admin's language (issue 38):
 * the Chinese as the spec words it, the English with the same figures.
 */
function heard(message: Parameters<typeof announceFirstApproval>[1]['message']) {
  const toAdmins = vi.fn();
  announceFirstApproval({ toAdmins }, { type: 'deposit', id: 7, message, firstApproverId: 1, ownerIds: [2] });
  expect(toAdmins).toHaveBeenCalledWith('admin_notification', expect.anything(), { exceptUsers: [1, 2] });
  const notice = toAdmins.mock.calls[0]?.[1] as PerLanguage;
  return (language: 'zh-CN' | 'en') => notice.perLanguage(language) as { title: string; message: string };
}

describe('a first approval’s notice', () => {
  it('in Chinese as before and in English: a deposit over the 24-hour window', () => {
    const notice = heard(
      msg('backOffice.firstApproval.deposit', {
        id: 7,
        amount: '9999.99',
        currency: 'USDT',
        reason: firstApprovalReason('19999.98'),
      }),
    );
    expect(notice('zh-CN')).toMatchObject({
      type: 'deposit',
      sound: true,
      id: 7,
      second_approval: true,
      title: '待复核：需要另一位管理员复核',
      message:
        '充值 #7（9999.99 USDT）已由一位管理员审核通过，需要另一位管理员复核（该用户 24 小时内累计 19999.98 USDT，达到双人复核阈值）',
    });
    expect(notice('en')).toMatchObject({
      title: 'Awaiting second review: Needs a second admin to review',
      message:
        'Deposit #7 (9999.99 USDT) was approved by one admin and needs another admin to review (The user’s 24-hour total of 19999.98 USDT reached the dual-control threshold)',
    });
  });

  it('in English: a withdrawal without a window reason, team rewards and salaries', () => {
    const withdrawal = heard(
      msg('backOffice.firstApproval.withdrawal', {
        id: 8,
        amount: '50',
        currency: 'BTC',
        reason: firstApprovalReason(null),
      }),
    );
    expect(withdrawal('zh-CN').message).toBe('提现 #8（50 BTC）已由一位管理员审核通过，需要另一位管理员复核');
    expect(withdrawal('en').message).toBe(
      'Withdrawal #8 (50 BTC) was approved by one admin and needs another admin to review',
    );
    const rewards = heard(
      msg('backOffice.firstApproval.rewards', { count: 3, total: '30', currency: 'USDT' }),
    );
    expect(rewards('zh-CN').message).toBe('团队奖励：3 笔共 30 USDT，需要另一位管理员复核');
    expect(rewards('en').message).toBe(
      'Team rewards: 3 payments totalling 30 USDT need another admin to review',
    );
    const salary = heard(
      msg('backOffice.firstApproval.salary', { date: '2025-01-01', count: 2, total: '60', currency: 'USDT' }),
    );
    expect(salary('zh-CN').message).toBe('团队工资 2025-01-01：2 人共 60 USDT，需要另一位管理员复核');
    expect(salary('en').message).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
