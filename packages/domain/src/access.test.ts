import { describe, expect, it } from 'vitest';
import { adminGateOutcome, canWithdraw, hasPermission, isAdmin, isSuperAdmin, userLevel } from './access.ts';

const basic = { role: 'user', admin_level: null, kyc_status: 'none', permissions: [] } as const;

describe('userLevel', () => {
  it('is guest without a user', () => {
    expect(userLevel(null)).toBe('guest');
    expect(userLevel(undefined)).toBe('guest');
  });
  it('is basic for a user whose KYC is not approved', () => {
    for (const kyc_status of ['none', 'pending', 'reviewing', 'rejected'] as const) {
      expect(userLevel({ ...basic, kyc_status })).toBe('basic');
    }
  });
  it('is verified once KYC is approved', () => {
    expect(userLevel({ ...basic, kyc_status: 'approved' })).toBe('verified');
  });
  it('is admin for role admin, whatever the KYC status', () => {
    expect(userLevel({ role: 'admin', kyc_status: 'none' })).toBe('admin');
    expect(userLevel({ role: 'admin', kyc_status: 'approved' })).toBe('admin');
  });
});

describe('hasPermission', () => {
  it('is granted by the permissions list', () => {
    expect(hasPermission({ role: 'user', permissions: ['trade', 'withdraw'] }, 'withdraw')).toBe(true);
  });
  it('is refused when the permission is not listed', () => {
    expect(hasPermission({ role: 'user', permissions: ['trade'] }, 'withdraw')).toBe(false);
    expect(hasPermission({ role: 'user', permissions: [] }, 'trade')).toBe(false);
  });
  it('is always granted to admins', () => {
    expect(hasPermission({ role: 'admin', permissions: [] }, 'anything')).toBe(true);
  });
  it('is refused without a user', () => {
    expect(hasPermission(null, 'trade')).toBe(false);
  });
});

describe('canWithdraw', () => {
  it('follows withdrawRequirement.canWithdraw', () => {
    expect(canWithdraw({ withdrawRequirement: { canWithdraw: true, reasons: [] } })).toBe(true);
    expect(canWithdraw({ withdrawRequirement: { canWithdraw: false, reasons: ['KYC'] } })).toBe(false);
    expect(canWithdraw(null)).toBe(false);
  });
});

describe('admin roles', () => {
  it('tells admins and super admins apart', () => {
    expect(isAdmin({ role: 'admin' })).toBe(true);
    expect(isAdmin({ role: 'user' })).toBe(false);
    expect(isSuperAdmin({ role: 'admin', admin_level: 'super_admin' })).toBe(true);
    expect(isSuperAdmin({ role: 'admin', admin_level: 'admin' })).toBe(false);
    expect(isSuperAdmin({ role: 'user', admin_level: 'super_admin' })).toBe(false);
    expect(isSuperAdmin(null)).toBe(false);
  });
});

describe('adminGateOutcome', () => {
  it('asks for a login unless both token and user exist', () => {
    expect(adminGateOutcome(null, null)).toBe('login');
    expect(adminGateOutcome('t', null)).toBe('login');
    expect(adminGateOutcome(null, { role: 'admin' })).toBe('login');
    expect(adminGateOutcome('', { role: 'admin' })).toBe('login');
  });
  it('forbids signed-in non-admins', () => {
    expect(adminGateOutcome('t', { role: 'user' })).toBe('forbidden');
  });
  it('allows admins', () => {
    expect(adminGateOutcome('t', { role: 'admin' })).toBe('allowed');
  });
});
