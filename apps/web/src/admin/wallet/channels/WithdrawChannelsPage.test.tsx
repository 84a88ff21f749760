import type { AdminWithdrawChannel } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, type Handler, mockApi, ok } from '../../../test/api.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import WithdrawChannelsPage from '../WithdrawChannelsPage.tsx';
import { describeChannelsPageInEnglish } from './channelsInEnglish.test-helpers.ts';
import { proposedChange } from './proposedChange.test-helper.ts';
import { feeFraction, feePercent } from './WithdrawChannelModal.tsx';

vi.setConfig({ testTimeout: 30_000 });
// antd's form validation and toasts are slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

let calls: Call[];
let handlers: Record<string, Handler>;

function channel(overrides: Partial<AdminWithdrawChannel> = {}): AdminWithdrawChannel {
  return {
    id: 1,
    name: 'USDT提现',
    type: 'usdt',
    currency: 'USDT',
    min_amount: '10',
    max_amount: '999999999',
    fee_rate: '0.015',
    status: 'active',
    description: 'TRC20 出款',
    created_at: '2024-05-01T02:00:00.000Z',
    updated_at: '2024-05-01T02:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'GET /api/admin/withdraw-channels': () =>
      ok({
        channels: [
          channel(),
          channel({ id: 2, name: '支付宝', type: 'alipay', fee_rate: '0', status: 'inactive' }),
        ],
      }),
  }));
});

function renderPage() {
  return renderWithAnt(<WithdrawChannelsPage />);
}

const writes = () => calls.filter((c) => c.method !== 'GET');
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('WithdrawChannelsPage', () => {
  it('lists channels with type label, limits, fee rate in percent and status', async () => {
    renderPage();
    const row = await screen.findByTestId('withdraw-channel-row-1');
    // The card is titled as the menu entry.
    expect(document.querySelector('.ant-card-head-title')?.textContent).toBe('提现通道');
    expect(within(row).getByText('USDT提现')).toBeTruthy();
    expect(within(row).getByText('TRC20 出款')).toBeTruthy();
    expect(within(row).getByText('999,999,999')).toBeTruthy();
    expect(screen.getByTestId('withdraw-channel-fee-1').textContent).toBe('1.5%');
    expect(within(row).getByText('启用')).toBeTruthy();
    const other = screen.getByTestId('withdraw-channel-row-2');
    expect(within(other).getByText('支付宝', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(other).getByText('禁用')).toBeTruthy();
    expect(screen.getByTestId('withdraw-channel-fee-2').textContent).toBe('0%');
  });

  it('requires name and type, then sends blank limits and fee for the server defaults', async () => {
    handlers['POST /api/admin/withdraw-channels'] = () => proposedChange('withdraw_channel.create');
    renderPage();
    fireEvent.click(await screen.findByTestId('withdraw-channel-add'));
    expect(await screen.findByText('添加提现渠道')).toBeTruthy();
    fireEvent.click(screen.getByTestId('withdraw-channel-save'));
    expect(await screen.findByText('请填写所有必填字段')).toBeTruthy();
    expect(
      await screen.findByText('请选择提现类型', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();

    type('withdraw-channel-form-name', '微信提现');
    const typeItem = screen.getByText('提现类型').closest('.ant-form-item') as HTMLElement;
    fireEvent.mouseDown(within(typeItem).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('微信'));
    fireEvent.click(screen.getByTestId('withdraw-channel-save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      name: '微信提现',
      type: 'wechat',
      currency: 'USDT',
      min_amount: '',
      max_amount: '',
      fee_rate: '',
      description: '',
      status: 'active',
    });
    expect(await screen.findByText('已提交，待另一位管理员批准后生效')).toBeTruthy();
  });

  it('edits with the fee rate in percent and sends it as a fraction', async () => {
    handlers['PATCH /api/admin/withdraw-channels/1'] = () => proposedChange('withdraw_channel.update');
    renderPage();
    fireEvent.click(await screen.findByTestId('withdraw-channel-edit-1'));
    const fee = (await screen.findByTestId('withdraw-channel-form-fee')) as HTMLInputElement;
    expect(fee.value).toBe('1.50');

    type('withdraw-channel-form-fee', '150');
    fireEvent.click(screen.getByTestId('withdraw-channel-save'));
    expect(await screen.findByText('手续费率必须在0到100之间')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    type('withdraw-channel-form-fee', '2.25');
    type('withdraw-channel-form-min', '100');
    type('withdraw-channel-form-max', '50');
    fireEvent.click(screen.getByTestId('withdraw-channel-save'));
    expect(await screen.findByText('最大金额不能小于最小金额')).toBeTruthy();
    type('withdraw-channel-form-max', '5000');
    fireEvent.click(screen.getByTestId('withdraw-channel-save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PATCH',
      body: { name: 'USDT提现', type: 'usdt', fee_rate: '0.0225', min_amount: '100', max_amount: '5000' },
    });
    expect(await screen.findByText('已提交，待另一位管理员批准后生效')).toBeTruthy();
  });

  it('shows the server message when saving fails', async () => {
    handlers['PATCH /api/admin/withdraw-channels/2'] = () =>
      jsonResponse({ success: false, message: '提现渠道不存在' }, 404);
    renderPage();
    fireEvent.click(await screen.findByTestId('withdraw-channel-edit-2'));
    fireEvent.click(await screen.findByTestId('withdraw-channel-save'));
    expect(await screen.findByText('提现渠道不存在')).toBeTruthy();
  });

  it('asks before deleting, then deletes', async () => {
    handlers['DELETE /api/admin/withdraw-channels/2'] = () => proposedChange('withdraw_channel.delete');
    renderPage();
    fireEvent.click(await screen.findByTestId('withdraw-channel-delete-2'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要删除提现渠道「支付宝」吗？此操作不可恢复。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(writes()).toMatchObject([{ method: 'DELETE' }]));
    expect(writes()[0]!.url.pathname).toBe('/api/admin/withdraw-channels/2');
    expect(await screen.findByText('已提交，待另一位管理员批准后生效')).toBeTruthy();
  });

  it('replaces the page with an error view and retries', async () => {
    handlers['GET /api/admin/withdraw-channels'] = () =>
      jsonResponse({ success: false, message: '服务不可用' }, 400);
    renderPage();
    expect(await screen.findByText('获取提现渠道失败')).toBeTruthy();
    handlers['GET /api/admin/withdraw-channels'] = () => ok({ channels: [] });
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByText('暂无提现渠道')).toBeTruthy();
  });
});

describe('fee rate conversion', () => {
  it('shows the stored fraction × 100 and sends percent ÷ 100, exactly', () => {
    expect(feePercent('0.015')).toBe('1.5');
    expect(feePercent('0.0001')).toBe('0.01');
    expect(feePercent('1')).toBe('100');
    expect(feeFraction('1.5')).toBe('0.015');
    expect(feeFraction('0.07')).toBe('0.0007');
    expect(feeFraction('')).toBe('');
    expect(feeFraction(null)).toBe('');
  });
});

describeChannelsPageInEnglish({
  page: 'WithdrawChannelsPage',
  testId: 'withdraw-channel',
  column: 'Fee rate',
  addTitle: 'Add withdrawal channel',
  serveOneChannel: () => {
    handlers['GET /api/admin/withdraw-channels'] = () =>
      ok({ channels: [channel({ name: 'USDT-TRC20', description: 'TRC20 payout' })] });
  },
  renderPage,
});
