import type { AdminDepositChannel } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { imageUploadProblem } from '../../../lib/imageUpload.ts';
import { type Call, type Handler, mockApi, ok } from '../../../test/api.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import DepositChannelsPage from '../DepositChannelsPage.tsx';
import { currencyOptions } from './channelListParts.tsx';
import { describeChannelsPageInEnglish } from './channelsInEnglish.test-helpers.ts';
import { proposedChange } from './proposedChange.test-helper.ts';
import { QR_UPLOAD_RULE } from './QrUploadField.tsx';

vi.setConfig({ testTimeout: 30_000 });
// antd's form validation and toasts are slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

let calls: Call[];
let handlers: Record<string, Handler>;

function channel(overrides: Partial<AdminDepositChannel> = {}): AdminDepositChannel {
  return {
    id: 1,
    name: 'USDT-TRC20',
    type: 'crypto',
    currency: 'USDT',
    address: 'TXyzAddress',
    qr_code_url: null,
    min_amount: '10',
    max_amount: '50000',
    status: 'active',
    description: '波场网络',
    created_at: '2024-05-01T02:00:00.000Z',
    updated_at: '2024-05-01T02:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'GET /api/admin/channels': () =>
      ok({
        channels: [
          channel(),
          channel({ id: 2, name: '微信收款', type: 'wechat', address: '张三 138', status: 'inactive' }),
        ],
      }),
  }));
});

function renderPage() {
  return renderWithAnt(<DepositChannelsPage />);
}

const writes = () => calls.filter((c) => c.method !== 'GET');

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('DepositChannelsPage', () => {
  it('lists channels with type label, currency, limits and status switches', async () => {
    renderPage();
    const row = await screen.findByTestId('channel-row-1');
    // The card is titled as the menu entry.
    expect(document.querySelector('.ant-card-head-title')?.textContent).toBe('充值通道');
    expect(within(row).getByText('USDT-TRC20')).toBeTruthy();
    expect(within(row).getByText('波场网络')).toBeTruthy();
    expect(within(row).getByText('加密货币')).toBeTruthy();
    expect(within(row).getByText('10 - 50,000 USDT')).toBeTruthy();
    expect(screen.getByTestId('channel-toggle-1').getAttribute('aria-checked')).toBe('true');
    expect(within(screen.getByTestId('channel-row-2')).getByText('微信')).toBeTruthy();
    expect(screen.getByTestId('channel-toggle-2').getAttribute('aria-checked')).toBe('false');
  });

  it('sends {status} at once when the switch is flipped, then reloads', async () => {
    handlers['PATCH /api/admin/channels/1'] = () => proposedChange('channel.update');
    renderPage();
    fireEvent.click(await screen.findByTestId('channel-toggle-1'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PATCH', body: { status: 'inactive' } });
    expect(writes()[0]!.url.pathname).toBe('/api/admin/channels/1');
    expect(await screen.findByText('已提交，待另一位管理员批准后生效')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('shows the reason when the switch fails', async () => {
    handlers['PATCH /api/admin/channels/2'] = () =>
      jsonResponse({ success: false, message: '数据库繁忙' }, 409);
    renderPage();
    fireEvent.click(await screen.findByTestId('channel-toggle-2'));
    expect(await screen.findByText('更新状态失败: 数据库繁忙')).toBeTruthy();
  });

  it('validates the add form: required fields, integers and max >= min', async () => {
    handlers['POST /api/admin/channels'] = () => proposedChange('channel.create');
    renderPage();
    fireEvent.click(await screen.findByTestId('channel-add'));
    expect(await screen.findByText('添加充值渠道')).toBeTruthy();
    expect(screen.getByText('钱包地址')).toBeTruthy();
    expect(screen.getByTestId('channel-form-currency')).toBeTruthy();

    fireEvent.click(screen.getByTestId('channel-save'));
    expect(await screen.findByText('请填写所有必填字段')).toBeTruthy();
    // The toast and the field's own error render apart: wait for the field's too.
    expect(await screen.findByText('请输入渠道名称')).toBeTruthy();

    type('channel-form-name', 'ERC20');
    type('channel-form-address', '0xabc');
    type('channel-form-min', '100');
    type('channel-form-max', '10');
    fireEvent.click(screen.getByTestId('channel-save'));
    expect(await screen.findByText('最大金额不能小于最小金额')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    type('channel-form-max', '20000');
    fireEvent.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      name: 'ERC20',
      type: 'crypto',
      currency: 'USDT',
      address: '0xabc',
      qr_code_url: '',
      min_amount: '100',
      max_amount: '20000',
      description: '',
      status: 'active',
    });
    expect(await screen.findByText('已提交，待另一位管理员批准后生效')).toBeTruthy();
  });

  it('edits a non-crypto channel: payee label, no currency selector, PATCH with the whole form', async () => {
    handlers['PATCH /api/admin/channels/2'] = () => proposedChange('channel.update');
    renderPage();
    fireEvent.click(await screen.findByTestId('channel-edit-2'));
    expect(await screen.findByText('编辑充值渠道')).toBeTruthy();
    expect(screen.getByText('收款信息')).toBeTruthy();
    expect(screen.queryByTestId('channel-form-currency')).toBeNull();
    type('channel-form-name', '微信收款2');
    fireEvent.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PATCH',
      body: { name: '微信收款2', type: 'wechat', address: '张三 138', status: 'inactive', min_amount: '10' },
    });
  });

  it('shows the save failure with its reason and keeps the form', async () => {
    handlers['POST /api/admin/channels'] = () =>
      jsonResponse({ success: false, message: '参数错误：currency: 币种格式不正确' }, 400);
    renderPage();
    fireEvent.click(await screen.findByTestId('channel-add'));
    type('channel-form-name', 'x');
    type('channel-form-address', 'y');
    type('channel-form-min', '0');
    type('channel-form-max', '1');
    fireEvent.click(screen.getByTestId('channel-save'));
    expect(await screen.findByText('保存失败: 参数错误：currency: 币种格式不正确')).toBeTruthy();
    expect(screen.getByText('添加充值渠道')).toBeTruthy();
  });

  it('checks the QR file before uploading, uploads an image and previews it with the token', async () => {
    const url = `/api/files/qrcodes/${'a'.repeat(32)}.png`;
    handlers['POST /api/admin/channels/upload-qrcode'] = () => ok({ url });
    handlers[`GET ${url}`] = () =>
      new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        status: 200,
        headers: { 'Content-Type': 'image/png' },
      });
    window.localStorage.setItem('token', 'admin-token');
    const created = vi.fn(() => 'blob:qr');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    renderPage();
    fireEvent.click(await screen.findByTestId('channel-add'));
    const input = screen.getByTestId('channel-qr-input');

    fireEvent.change(input, { target: { files: [new File(['hello'], 'qr.png', { type: 'text/plain' })] } });
    expect(await screen.findByText('请选择图片文件')).toBeTruthy();

    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('图片大小不能超过5MB')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['png'], 'qr.png', { type: 'image/png' })] } });
    await waitFor(() => expect(writes()).toHaveLength(1));
    const upload = writes()[0]!;
    expect(upload.url.pathname).toBe('/api/admin/channels/upload-qrcode');
    expect((upload.body as FormData).get('qrcode')).toBeInstanceOf(File);
    const preview = await screen.findByTestId('channel-qr-preview');
    await waitFor(() => expect(preview.innerHTML).toContain('blob:qr'));

    const imageCall = calls.find((c) => c.url.pathname === url);
    expect(imageCall?.headers.get('authorization')).toBe('Bearer admin-token');
  });

  it('reports a failed upload with its reason', async () => {
    handlers['POST /api/admin/channels/upload-qrcode'] = () =>
      jsonResponse({ success: false, message: '请选择图片文件' }, 400);
    renderPage();
    fireEvent.click(await screen.findByTestId('channel-add'));
    fireEvent.change(screen.getByTestId('channel-qr-input'), {
      target: { files: [new File(['x'], 'qr.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('上传二维码失败: 请选择图片文件')).toBeTruthy();
  });

  it('asks before deleting, then deletes', async () => {
    handlers['DELETE /api/admin/channels/1'] = () => proposedChange('channel.delete');
    renderPage();
    fireEvent.click(await screen.findByTestId('channel-delete-1'));
    expect(await screen.findByText('确定要删除充值渠道「USDT-TRC20」吗？此操作不可恢复。')).toBeTruthy();
    expect(writes()).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(writes()).toMatchObject([{ method: 'DELETE' }]));
    expect(await screen.findByText('已提交，待另一位管理员批准后生效')).toBeTruthy();
  });

  it('replaces the page with an error view and retries', async () => {
    handlers['GET /api/admin/channels'] = () => jsonResponse({ success: false, message: '服务不可用' }, 400);
    renderPage();
    expect(await screen.findByText('获取充值渠道失败')).toBeTruthy();
    handlers['GET /api/admin/channels'] = () => ok({ channels: [] });
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByText('暂无充值渠道')).toBeTruthy();
  });
});

describe('channel form helpers', () => {
  it('offers the loaded currencies first, then the spec list', () => {
    expect(
      currencyOptions([channel({ currency: 'DOGE' }), channel({ currency: 'USDT' })]).slice(0, 3),
    ).toEqual(['DOGE', 'USDT', 'BTC']);
    expect(currencyOptions([])).toHaveLength(10);
  });

  it('refuses non-images and files over 5MB', () => {
    expect(imageUploadProblem({ type: 'application/pdf', size: 10 }, QR_UPLOAD_RULE)).toBe('请选择图片文件');
    expect(imageUploadProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 }, QR_UPLOAD_RULE)).toBe(
      '图片大小不能超过5MB',
    );
    expect(imageUploadProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 }, QR_UPLOAD_RULE)).toBeNull();
  });
});

describeChannelsPageInEnglish({
  page: 'DepositChannelsPage',
  testId: 'channel',
  column: 'Address / payee',
  addTitle: 'Add deposit channel',
  serveOneChannel: () => {
    handlers['GET /api/admin/channels'] = () => ok({ channels: [channel({ description: 'TRON network' })] });
  },
  renderPage,
});
