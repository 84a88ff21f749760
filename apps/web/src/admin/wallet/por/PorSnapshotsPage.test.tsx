import type { PorAdminSnapshot } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { queryClient } from '../../../lib/queryClient.ts';
import { type Call, mockApi, ok, pagination } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { makeAdmin } from '../../../test/fixtures.ts';
import { renderWithAntAt, signIn } from '../../../test/render.tsx';
import PorSnapshotsPage from './PorSnapshotsPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

const published: PorAdminSnapshot = {
  id: 1,
  taken_at: '2026-12-07T00:00:00.000Z',
  status: 'published',
  failure_reason: null,
  root: 'a'.repeat(64),
  totals: { USDT: '6.000000000000000000' },
  leaf_count: 3,
  triggered_by: null,
  duration_ms: 42,
};
const refused: PorAdminSnapshot = {
  ...published,
  id: 2,
  status: 'refused',
  failure_reason: '根节点合计与账本用户负债不符：USDT 树 5.000000000000000000 / 账本 6.000000000000000000',
  root: null,
  totals: {},
  leaf_count: 0,
  triggered_by: 9,
};

let snapshots: PorAdminSnapshot[];
let calls: Call[];

beforeEach(() => {
  queryClient.clear();
  snapshots = [refused, published];
  ({ calls } = mockApi({
    'GET /api/admin/por/snapshots': () =>
      ok({
        snapshots,
        pagination: pagination(snapshots.length),
        liabilities: { USDT: '6.000000000000000000' },
      }),
    'POST /api/admin/por/snapshots': () => {
      const snapshot = { ...published, id: 3, triggered_by: 9 };
      snapshots = [snapshot, ...snapshots];
      return ok({ snapshot }, '快照已生成并发布');
    },
  }));
});

describe('PorSnapshotsPage (负债证明)', () => {
  it('lists the snapshots with their totals or the reason they were refused, next to the ledger', async () => {
    signIn(makeAdmin({ admin_level: 'admin' }));
    renderWithAntAt(<PorSnapshotsPage />, '/admin/wallet/por');
    await screen.findByTestId('por-snapshots-page');
    expect(screen.getByTestId('por-liabilities').textContent).toBe('USDT 6.000000000000000000');
    expect(screen.getByText(refused.failure_reason as string)).toBeTruthy();
    expect(screen.getByText('定时任务')).toBeTruthy();
    // A plain admin sees no 生成快照.
    expect(screen.queryByTestId('por-build')).toBeNull();
  });

  it('lets a super admin take a snapshot at once', async () => {
    signIn(makeAdmin({ admin_level: 'super_admin' }));
    renderWithAntAt(<PorSnapshotsPage />, '/admin/wallet/por');
    fireEvent.click(await screen.findByTestId('por-build'));
    expect(await screen.findByText('快照已生成并发布')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('已发布')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('PorSnapshotsPage in English', () => {
  it('shows the page, the ledger card and the snapshots in English (the refusal reason is the server’s)', async () => {
    applyLanguage('en');
    snapshots = [{ ...refused, failure_reason: 'Root total does not match the ledger' }, published];
    signIn(makeAdmin({ admin_level: 'super_admin' }));
    renderWithAntAt(<PorSnapshotsPage />, '/admin/wallet/por');
    const page = await screen.findByTestId('por-snapshots-page');
    expect(screen.getByText('Proof of liabilities')).toBeTruthy();
    // One name for it, as the user app's Me → Proof of liabilities.
    expect(page.textContent).toContain('Me → Proof of liabilities');
    expect(page.textContent).not.toContain('Proof of reserves');
    expect(screen.getByText('Scheduled job')).toBeTruthy();
    expect(screen.getByTestId('por-build').textContent).toBe('Take snapshot');
    expect(chineseIn(page)).toEqual([]);
  });
});
