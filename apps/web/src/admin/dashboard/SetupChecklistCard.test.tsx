import type { SetupChecklist } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/api.ts';
import { sleep } from '../../test/fixtures.ts';
import { renderAtRoute } from '../../test/render.tsx';
import { SetupChecklistCard } from './SetupChecklistCard.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const LIST: SetupChecklist = {
  complete: false,
  items: [
    { key: 'price_sources', done: false, detail: '当前使用模拟行情（sim），请在服务器配置 PRICE_SOURCES' },
    { key: 'deposit_channels', done: true, detail: '已启用 2 个充值通道' },
    { key: 'withdraw_channels', done: true, detail: '已启用 1 个提现通道' },
    { key: 'approval_thresholds', done: false, detail: '仍为默认值' },
    { key: 'second_super_admin', done: true, detail: '2 位超级管理员' },
    { key: 'admin_two_factor', done: false, detail: '1 位管理员尚未开启两步验证' },
  ],
};

describe('SetupChecklistCard (上线准备清单)', () => {
  it('lists each item with what stands now, counts the done ones, and 去处理 opens where it is done', async () => {
    mockApi({ 'GET /api/admin/setup-checklist': () => ok(LIST) });
    const router = renderAtRoute('/admin', <SetupChecklistCard />);
    const card = await screen.findByTestId('setup-checklist');
    expect(card.textContent).toContain('已完成 3 / 6');
    const thresholds = screen.getByTestId('setup-item-approval_thresholds');
    expect(thresholds.textContent).toContain('确认复核阈值');
    expect(thresholds.textContent).toContain('仍为默认值');
    expect(within(screen.getByTestId('setup-item-deposit_channels')).queryByText('去处理')).toBeNull();
    fireEvent.click(within(thresholds).getByText('去处理'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/wallet/approval-thresholds'));
  });

  it('is not shown once every item is done', async () => {
    const { calls } = mockApi({
      'GET /api/admin/setup-checklist': () =>
        ok({ complete: true, items: LIST.items.map((item) => ({ ...item, done: true })) }),
    });
    renderAtRoute('/admin', <SetupChecklistCard />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await sleep(50);
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });
});
