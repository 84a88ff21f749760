import type { ApprovalThresholds } from '@platform/contracts';
import { configure, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { queryClient } from '../../../lib/queryClient.ts';
import { mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { makeAdmin } from '../../../test/fixtures.ts';
import { renderWithAntAt, signIn } from '../../../test/render.tsx';
import ApprovalThresholdsPage from './ApprovalThresholdsPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const thresholds: ApprovalThresholds = {
  deposit: '10000',
  withdrawal: '5000',
  payout: '20000',
  currency: 'USDT',
  updated_at: null,
  updated_by: null,
};

beforeEach(() => {
  queryClient.clear();
  mockApi({ 'GET /api/admin/settings/approval-thresholds': () => ok(thresholds) });
});

describe('ApprovalThresholdsPage', () => {
  it('shows the three thresholds, read-only for a plain admin, with the defaults line', async () => {
    signIn(makeAdmin({ admin_level: 'admin' }));
    renderWithAntAt(<ApprovalThresholdsPage />, '/admin/wallet/thresholds');
    const page = await screen.findByTestId('approval-thresholds-page');
    expect(screen.getByText('复核阈值')).toBeTruthy();
    expect(screen.getByTestId('approval-thresholds-readonly').textContent).toContain('只有超级管理员');
    expect(page.textContent).toContain('当前为系统默认值');
  });
});

describe('ApprovalThresholdsPage in English', () => {
  it('shows the page, its fields and the read-only note in English', async () => {
    applyLanguage('en');
    signIn(makeAdmin({ admin_level: 'admin' }));
    renderWithAntAt(<ApprovalThresholdsPage />, '/admin/wallet/thresholds');
    const page = await screen.findByTestId('approval-thresholds-page');
    expect(screen.getByText('Review thresholds')).toBeTruthy();
    expect(screen.getByText('Deposit review threshold')).toBeTruthy();
    expect(chineseIn(page)).toEqual([]);
  });
});
