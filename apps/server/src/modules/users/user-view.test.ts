import { describe, expect, it } from 'vitest';
import { withdrawBlockers, withdrawRequirementOf } from './user-view.ts';

const disabledWithoutKyc = { isActive: false, kycStatus: 'pending' } as const;

describe('withdrawRequirementOf: the standing conditions of a withdrawal', () => {
  it('says them in Chinese by default (the spec’s wording)', () => {
    expect(withdrawRequirementOf(disabledWithoutKyc)).toEqual({
      canWithdraw: false,
      reasons: ['账户已被禁用', '请先完成实名认证（KYC）'],
    });
    expect(withdrawRequirementOf({ isActive: true, kycStatus: 'approved' })).toEqual({
      canWithdraw: true,
      reasons: [],
    });
  });

  it('says them in English', () => {
    expect(withdrawRequirementOf(disabledWithoutKyc, 'en')).toEqual({
      canWithdraw: false,
      reasons: ['Your account has been disabled', 'Complete identity verification (KYC) first'],
    });
    expect(withdrawRequirementOf({ isActive: true, kycStatus: 'none' }, 'en').reasons).toEqual([
      'Complete identity verification (KYC) first',
    ]);
  });

  it('gives them as messages to render later (an error in the request’s language)', () => {
    expect(withdrawBlockers(disabledWithoutKyc).map((m) => m.key)).toEqual([
      'userFacing.users.accountDisabled',
      'userFacing.users.kycRequired',
    ]);
  });
});
