import type { AdminKycRequest } from '@platform/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { type Call, type Handler, keyOf, mockApi, ok, pagination, UUID } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeAdmin, storeSession } from '../../test/fixtures.ts';
import { clickPage, expectNoPager, pagerText } from '../../test/pager.ts';
import { renderWithAntAt } from '../../test/render.tsx';
import KycPage from './KycPage.tsx';

let calls: Call[];
let handlers: Record<string, Handler>;

function application(overrides: Partial<AdminKycRequest> = {}): AdminKycRequest {
  return {
    id: 5,
    user: { id: 7, email: 'alice@example.com', phone: '13800000000' },
    real_name: '张三',
    id_number: '11010519491231002X',
    document_type: 'id_card',
    id_front_url: '/api/kyc/documents/front.png?expires=1&signature=abc',
    id_back_url: '/api/kyc/documents/back.png?expires=1&signature=def',
    status: 'pending',
    admin_note: null,
    created_at: '2024-05-01T02:00:00.000Z',
    reviewed_at: null,
    duplicate_id_count: 0,
    duplicate_id_applications: [],
    ...overrides,
  };
}

/** Application 5 whose number two other accounts used: one holds it (approved), one was rejected. */
const duplicated = () =>
  application({
    duplicate_id_count: 2,
    duplicate_id_applications: [
      {
        id: 3,
        user_id: 8,
        user_email: 'bob@example.com',
        status: 'approved',
        created_at: '2024-04-01T02:00:00.000Z',
      },
      {
        id: 2,
        user_id: 9,
        user_email: 'carol@example.com',
        status: 'rejected',
        created_at: '2024-03-01T02:00:00.000Z',
      },
    ],
  });

const listCalls = () =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/admin/kyc');
const patchCalls = () => calls.filter((call) => call.method === 'PATCH');

beforeEach(() => {
  storeSession(makeAdmin(), 'admin-token');
  ({ calls, handlers } = mockApi({
    'GET /api/admin/kyc': () => ok({ requests: [application()], pagination: pagination(1), counts: COUNTS }),
    'PATCH /api/admin/kyc/5': () => ok({ request: application({ status: 'approved' }) }, '审核成功'),
  }));
});

async function renderPage() {
  renderWithAntAt(<KycPage />, '/admin/kyc');
  return screen.findByTestId('kyc-row-5');
}

/** The tabs' counts as the server sends them (every status of what the search matches). */
const COUNTS = { pending: 1, reviewing: 0, approved: 7, rejected: 2 };

describe('KycPage', () => {
  it("shows each tab's count and searches on the server, back to page 1, counts following the search", async () => {
    await renderPage();
    expect(screen.getByTestId('kyc-tab-pending').textContent).toBe('待审核（1）');
    expect(screen.getByTestId('kyc-tab-approved').textContent).toBe('已通过（7）');
    expect(screen.getByTestId('kyc-tab-rejected').textContent).toBe('已拒绝（2）');
    handlers['GET /api/admin/kyc'] = () =>
      ok({
        requests: [application()],
        pagination: pagination(1),
        counts: { pending: 1, reviewing: 0, approved: 0, rejected: 0 },
      });
    fireEvent.change(screen.getByTestId('kyc-search'), { target: { value: ' alice ' } });
    fireEvent.click(screen.getByTestId('kyc-search-submit'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('search')).toBe('alice'));
    expect(listCalls().at(-1)?.url.searchParams.get('status')).toBe('pending');
    expect(listCalls().at(-1)?.url.searchParams.get('page')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('kyc-tab-approved').textContent).toBe('已通过（0）'));
    fireEvent.click(screen.getByTestId('kyc-tab-approved'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('status')).toBe('approved'));
    expect(listCalls().at(-1)?.url.searchParams.get('search')).toBe('alice');
  });

  it('opens on 待审核 and asks for status=pending, page 1, limit 20; a tab switch asks for its status', async () => {
    const row = await renderPage();
    const first = listCalls()[0];
    expect(first?.url.searchParams.get('status')).toBe('pending');
    expect(first?.url.searchParams.get('page')).toBe('1');
    expect(first?.url.searchParams.get('limit')).toBe('20');
    expect(first?.headers.get('Authorization')).toBe('Bearer admin-token');

    expect(within(row).getByText('alice@example.com')).toBeTruthy();
    expect(within(row).getByText('13800000000')).toBeTruthy();
    expect(within(row).getByText('张三')).toBeTruthy();
    expect(within(row).getByText('110105********002X')).toBeTruthy();
    expect(within(row).queryByText('11010519491231002X')).toBeNull();
    expect(within(row).getByText('待审核')).toBeTruthy();
    expect(within(row).getByText(/2024-05-01\s*10:00:00/)).toBeTruthy();
    expect(pagerText('kyc')).toBe('显示第 1 到 1 条，共 1 条记录');

    fireEvent.click(screen.getByTestId('kyc-tab-rejected'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('status')).toBe('rejected'));
  });

  it('shows all fields with the full ID number in the detail modal', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('kyc-detail-5'));
    const detail = await screen.findByTestId('kyc-detail');
    expect(within(detail).getByTestId('kyc-detail-idnumber').textContent).toContain('11010519491231002X');
    expect(within(detail).getByAltText('身份证正面')).toBeTruthy();
    expect(within(detail).getByAltText('身份证反面')).toBeTruthy();
  });

  it('refuses a rejection without a reason (alert, no call) and sends one with the trimmed reason', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('kyc-reject-5'));
    const note = await screen.findByTestId('kyc-review-note');
    fireEvent.change(note, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('kyc-review-submit'));
    expect(await screen.findByText('拒绝时必须填写原因')).toBeTruthy();
    expect(patchCalls()).toHaveLength(0);

    fireEvent.change(note, { target: { value: '  照片模糊 ' } });
    fireEvent.click(screen.getByTestId('kyc-review-submit'));
    await waitFor(() => expect(patchCalls()).toHaveLength(1));
    expect(patchCalls()[0]?.body).toEqual({ status: 'rejected', adminNote: '照片模糊' });
    expect(await screen.findByText('申请已拒绝')).toBeTruthy();
  });

  it('approves with the optional note and reloads the list', async () => {
    await renderPage();
    const before = listCalls().length;
    fireEvent.click(screen.getByTestId('kyc-approve-5'));
    const note = await screen.findByTestId('kyc-review-note');
    fireEvent.change(note, { target: { value: '资料齐全' } });
    fireEvent.click(screen.getByTestId('kyc-review-submit'));
    await waitFor(() => expect(patchCalls()).toHaveLength(1));
    expect(patchCalls()[0]?.url.pathname).toBe('/api/admin/kyc/5');
    expect(patchCalls()[0]?.body).toEqual({ status: 'approved', adminNote: '资料齐全' });
    expect(keyOf(patchCalls()[0])).toMatch(UUID);
    expect(await screen.findByText('申请已通过')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('approves without a note', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('kyc-approve-5'));
    await screen.findByTestId('kyc-review-note');
    fireEvent.click(screen.getByTestId('kyc-review-submit'));
    await waitFor(() => expect(patchCalls()).toHaveLength(1));
    expect(patchCalls()[0]?.body).toEqual({ status: 'approved' });
  });

  it('shows the server message when a review fails and keeps the page', async () => {
    handlers['PATCH /api/admin/kyc/5'] = () => jsonResponse({ success: false, message: '该申请已审核' }, 409);
    await renderPage();
    fireEvent.click(screen.getByTestId('kyc-approve-5'));
    await screen.findByTestId('kyc-review-note');
    fireEvent.click(screen.getByTestId('kyc-review-submit'));
    expect(await screen.findByText('审核失败: 该申请已审核')).toBeTruthy();
    expect(screen.getByTestId('kyc-row-5')).toBeTruthy();
  });

  it('warns in the row, the detail and the review modal about other accounts using the same ID number', async () => {
    handlers['GET /api/admin/kyc'] = () =>
      ok({ requests: [duplicated()], pagination: pagination(1), counts: COUNTS });
    const row = await renderPage();
    const warning = within(row).getByTestId('kyc-duplicate-5');
    expect(warning.textContent).toContain('另有 2 个申请使用相同证件号码');

    fireEvent.click(screen.getByTestId('kyc-detail-5'));
    const detail = await screen.findByTestId('kyc-detail');
    const list = within(detail).getByTestId('kyc-duplicate-list');
    expect(list.textContent).toContain('另有 2 个申请使用相同证件号码');
    expect(within(list).getByText('bob@example.com')).toBeTruthy();
    expect(within(list).getByText('已通过')).toBeTruthy();
    expect(within(list).getByText('carol@example.com')).toBeTruthy();
    expect(within(list).getByText('已拒绝')).toBeTruthy();
  });

  it('repeats the warning in the review modal', async () => {
    handlers['GET /api/admin/kyc'] = () =>
      ok({ requests: [duplicated()], pagination: pagination(1), counts: COUNTS });
    await renderPage();
    fireEvent.click(screen.getByTestId('kyc-approve-5'));
    await screen.findByTestId('kyc-review-note');
    const reviewList = screen.getByTestId('kyc-duplicate-list');
    expect(reviewList.textContent).toContain('另有 2 个申请使用相同证件号码');
    expect(within(reviewList).getByText('bob@example.com')).toBeTruthy();
  });

  it('says how many more there are when the list is cut', async () => {
    handlers['GET /api/admin/kyc'] = () =>
      ok({
        requests: [{ ...duplicated(), duplicate_id_count: 12 }],
        pagination: pagination(1),
        counts: COUNTS,
      });
    await renderPage();
    fireEvent.click(screen.getByTestId('kyc-detail-5'));
    const list = await screen.findByTestId('kyc-duplicate-list');
    expect(list.textContent).toContain('另有 12 个申请使用相同证件号码');
    expect(list.textContent).toContain('仅列出其中 2 个');
  });

  it('shows no warning for a number nobody else used', async () => {
    const row = await renderPage();
    expect(within(row).queryByTestId('kyc-duplicate-5')).toBeNull();
    fireEvent.click(screen.getByTestId('kyc-detail-5'));
    await screen.findByTestId('kyc-detail');
    expect(screen.queryByTestId('kyc-duplicate-list')).toBeNull();
  });

  it('shows approve and reject only for pending applications', async () => {
    handlers['GET /api/admin/kyc'] = () =>
      ok({
        requests: [application({ status: 'approved', admin_note: 'ok' })],
        pagination: pagination(1),
        counts: COUNTS,
      });
    await renderPage();
    expect(screen.getByTestId('kyc-detail-5')).toBeTruthy();
    expect(screen.queryByTestId('kyc-approve-5')).toBeNull();
    expect(screen.queryByTestId('kyc-reject-5')).toBeNull();
  });

  it('shows a failed thumbnail with 重新加载, which reloads it with a cache-busting parameter and refetches', async () => {
    await renderPage();
    const thumb = screen.getByTestId('kyc-thumb-front-5') as HTMLImageElement;
    expect(thumb.getAttribute('src')).toBe('/api/kyc/documents/front.png?expires=1&signature=abc');
    const before = listCalls().length;
    fireEvent.error(thumb);
    const retry = await screen.findByTestId('image-retry');
    expect(screen.getByText('图片加载失败')).toBeTruthy();
    fireEvent.click(retry);
    const reloaded = (await screen.findByTestId('kyc-thumb-front-5')) as HTMLImageElement;
    const src = new URL(reloaded.getAttribute('src') ?? '', 'http://localhost');
    expect(src.searchParams.get('signature')).toBe('abc');
    expect(src.searchParams.get('_t')).toMatch(/^\d+$/);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(screen.queryByTestId('image-retry')).toBeNull();
  });

  it('opens the viewer from a thumbnail and closes it with Esc', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('kyc-thumb-back-5'));
    const viewer = await screen.findByTestId('image-viewer');
    expect(within(viewer).getByTestId('image-viewer-image').getAttribute('src')).toContain('back.png');
    fireEvent.keyDown(window, { key: '+' });
    expect(screen.getByTestId('image-viewer-zoom').textContent).toBe('120%');
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('image-viewer')).toBeNull());
  });

  it('shows 暂无KYC申请 for an empty list', async () => {
    handlers['GET /api/admin/kyc'] = () => ok({ requests: [], pagination: pagination(0), counts: COUNTS });
    renderWithAntAt(<KycPage />, '/admin/kyc');
    expect(await screen.findByText('暂无KYC申请')).toBeTruthy();
    expectNoPager('kyc');
    expect(listCalls()).toHaveLength(1);
  });

  it('pages with 下一页 and 上一页', async () => {
    handlers['GET /api/admin/kyc'] = (call) =>
      ok({
        requests: [application()],
        pagination: pagination(45, Number(call.url.searchParams.get('page') ?? '1')),
        counts: COUNTS,
      });
    await renderPage();
    expect(pagerText('kyc')).toBe('显示第 1 到 20 条，共 45 条记录');
    clickPage('kyc', '下一页');
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('page')).toBe('2'));
    await waitFor(() => expect(pagerText('kyc')).toBe('显示第 21 到 40 条，共 45 条记录'));
    clickPage('kyc', '上一页');
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('page')).toBe('1'));
  });

  it('replaces the page with 获取KYC申请列表失败 and a retry that loads again', async () => {
    handlers['GET /api/admin/kyc'] = () => jsonResponse({ success: false, message: '服务器错误' }, 500);
    renderWithAntAt(<KycPage />, '/admin/kyc');
    expect(await screen.findByText('获取KYC申请列表失败')).toBeTruthy();
    handlers['GET /api/admin/kyc'] = () =>
      ok({ requests: [application()], pagination: pagination(1), counts: COUNTS });
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('kyc-row-5')).toBeTruthy();
  });
});

describe('KycPage address', () => {
  it('opens the tab and page of the address and keeps a tab switch there; a bad value is 待审核', async () => {
    const router = renderWithAntAt(<KycPage />, '/admin/kyc?status=approved&page=2');
    await screen.findByTestId('kyc-row-5');
    expect(Object.fromEntries(listCalls()[0]!.url.searchParams)).toMatchObject({
      status: 'approved',
      page: '2',
    });
    fireEvent.click(screen.getByTestId('kyc-tab-rejected'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=rejected'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('page')).toBe('1'));

    await act(() => router.navigate('/admin/kyc?status=unknown&page=0'));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('status')).toBe('pending'));
    expect(listCalls().at(-1)?.url.searchParams.get('page')).toBe('1');
  });
});

describe('KycPage in English', () => {
  it('shows the tabs, table, detail, duplicate warning and review dialog in English', async () => {
    applyLanguage('en');
    handlers['GET /api/admin/kyc'] = () =>
      ok({ requests: [duplicated()], pagination: pagination(1), counts: COUNTS });
    await renderPage();
    expect(screen.getByTestId('kyc-tab-approved').textContent).toBe('Approved (7)');
    const row = screen.getByTestId('kyc-row-5');
    expect(row.textContent).toContain('Pending review');
    expect(screen.getByTestId('kyc-duplicate-5').textContent).toContain(
      '2 other applications use the same ID number',
    );
    expect(screen.getByRole('columnheader', { name: 'Real name' })).toBeTruthy();
    expect(chineseIn(screen.getByTestId('kyc-row-5'), { except: ['张三'] })).toEqual([]);

    fireEvent.click(screen.getByTestId('kyc-detail-5'));
    const detail = await screen.findByTestId('kyc-detail');
    expect(detail.textContent).toContain('Application ID');
    expect(detail.textContent).toContain('Please check whether the same person registered twice');
    expect(chineseIn(detail, { except: ['张三'] })).toEqual([]);
    // antd's own × is named Close in English too; the footer's button is the last.
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);

    fireEvent.click(screen.getByTestId('kyc-reject-5'));
    const note = await screen.findByTestId('kyc-review-note');
    expect(note.getAttribute('placeholder')).toBe('Enter the reason for rejection');
    const dialog = note.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('Reject KYC application')).toBeTruthy();
    expect(chineseIn(dialog, { except: ['张三'] })).toEqual([]);
  });
});
