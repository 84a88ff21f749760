import { CONTRACT_MESSAGES } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { adminEn } from './admin/en.ts';
import { adminTradingEn } from './admin/trading/en.ts';
import { commonEn } from './common/en.ts';

describe('the status sets in English', () => {
  it("take their texts from the contracts' shared catalogue, written once (not copied per catalogue)", () => {
    const shared = CONTRACT_MESSAGES.en.statusLabels;
    expect(commonEn.kycStatus).toBe(shared.kyc);
    expect(commonEn.depositStatus).toBe(shared.deposit);
    expect(commonEn.withdrawalStatus).toBe(shared.withdrawal);
    expect(commonEn.withdrawMethod).toBe(shared.withdrawMethod);
    expect(commonEn.depositChannelType).toBe(shared.depositChannelType);
    expect(adminEn.kyc.status).toBe(shared.kycApplication);
    expect(adminEn.deposits.status).toBe(shared.deposit);
    expect(adminEn.withdrawals.status).toBe(shared.withdrawal);
    expect(adminEn.withdrawals.method).toBe(shared.withdrawMethod);
    expect(adminEn.channels.depositType).toBe(shared.depositChannelType);
    expect(adminEn.channels.withdrawType).toBe(shared.withdrawMethod);
  });

  it('keep the words the screens show', () => {
    expect(commonEn.withdrawalStatus.pending).toBe('Pending review');
    expect(commonEn.withdrawalStatus.completed).toBe('Paid out');
    expect(commonEn.kycStatus.approved).toBe('Verified');
    expect(commonEn.kycStatus.none).toBe('Not verified');
    expect(commonEn.depositStatus.processing).toBe('Processing');
    expect(adminEn.kyc.status.approved).toBe('Approved');
    expect(commonEn.depositChannelType.bank).toBe('Bank card');
  });
});

describe('the back office’s labels the server names too (issue 38)', () => {
  it('the change kinds, admin levels, breach kinds and risk alert kinds: the contracts’ English, once', () => {
    const shared = CONTRACT_MESSAGES.en;
    expect(adminEn.changes.kinds).toBe(shared.changeKinds);
    expect(adminEn.level).toBe(shared.adminLevels);
    expect(adminEn.reconciliationRuns.breach).toBe(shared.reconciliationBreaches);
    expect(adminTradingEn.risk.alertKind).toBe(shared.riskAlertKinds);
    expect(adminEn.changes.kinds['admin.create']).toBe('Add an admin');
  });
});

describe('one English word for one thing in both apps (issue 38: the screens looked at)', () => {
  it('names sides, order statuses and profit and loss in the back office as the user app does', async () => {
    const { userTradeEn } = await import('./user/trade/en.ts');
    const { userEn } = await import('./user/en.ts');
    // An option's direction is Up / Down on the trade screen, so in the back office's orders too.
    expect(adminTradingEn.side).toEqual(userTradeEn.side);
    // A resting order is Open (the user's Open orders tab, the overview's Open orders card).
    expect(adminTradingEn.orderStatus).toEqual(userTradeEn.orderStatus);
    // PnL, as the perpetual screens write it, never P&L or P/L beside it.
    for (const text of [
      userEn.wallet.pnl,
      userTradeEn.timed.stats.net,
      adminEn.journal.systemAccounts.house_pnl,
    ]) {
      expect(text).toContain('PnL');
    }
    // Proof of liabilities, never proof of reserves (the menu's and the user's Me name).
    expect(JSON.stringify([adminEn, userEn])).not.toMatch(/[Pp]roof of reserves/);
  });
});
