import type { AdminAnnouncement, AdminCarouselItem } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { imageUploadProblem } from '../../lib/imageUpload.ts';
import { type Call, type Handler, mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { confirmDialog, renderWithAnt } from '../../test/render.tsx';
import { CAROUSEL_UPLOAD_RULE } from './CarouselModal.tsx';
import HomeContentPage from './HomeContentPage.tsx';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

let calls: Call[];
let handlers: Record<string, Handler>;

function slide(overrides: Partial<AdminCarouselItem> = {}): AdminCarouselItem {
  return {
    id: 1,
    title: '新春活动',
    image_file: null,
    image_url: 'https://cdn.example.com/a.png',
    image_src: 'https://cdn.example.com/a.png',
    link_url: '/activity',
    sort_order: 0,
    is_published: true,
    created_at: '2024-05-01T02:00:00.000Z',
    updated_at: '2024-05-01T02:00:00.000Z',
    ...overrides,
  };
}

function notice(overrides: Partial<AdminAnnouncement> = {}): AdminAnnouncement {
  return {
    id: 7,
    title: '维护通知',
    content: '今晚维护',
    published_at: null,
    sort_order: 0,
    is_published: false,
    created_at: '2024-05-01T02:00:00.000Z',
    updated_at: '2024-05-01T02:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  ({ calls, handlers } = mockApi({
    'GET /api/admin/home/carousel': () =>
      ok({ items: [slide(), slide({ id: 2, title: '邀请好友', is_published: false, sort_order: 1 })] }),
    'GET /api/admin/home/announcements': () => ok({ announcements: [notice()] }),
  }));
});

const writes = () => calls.filter((c) => c.method !== 'GET');
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('HomeContentPage', () => {
  it('lists carousel items with thumbnail and publish switches', async () => {
    renderWithAnt(<HomeContentPage />);
    const row = await screen.findByTestId('carousel-row-1');
    expect(within(row).getByText('新春活动')).toBeTruthy();
    expect(screen.getByTestId('carousel-thumb-1').getAttribute('src')).toBe('https://cdn.example.com/a.png');
    expect(screen.getByTestId('carousel-toggle-1').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('carousel-toggle-2').getAttribute('aria-checked')).toBe('false');
    expect((screen.getByTestId('carousel-up-1') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('carousel-down-2') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends {is_published} at once when the switch is flipped, then reloads', async () => {
    handlers['PATCH /api/admin/home/carousel/2'] = () => ok({ item: slide({ id: 2, is_published: true }) });
    renderWithAnt(<HomeContentPage />);
    fireEvent.click(await screen.findByTestId('carousel-toggle-2'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PATCH', body: { is_published: true } });
    expect(writes()[0]!.url.pathname).toBe('/api/admin/home/carousel/2');
    expect(await screen.findByText('发布成功')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/carousel'))).toHaveLength(2),
    );
  });

  it('shows the reason when the switch fails', async () => {
    handlers['PATCH /api/admin/home/carousel/1'] = () =>
      jsonResponse({ success: false, message: '轮播图不存在' }, 404);
    renderWithAnt(<HomeContentPage />);
    fireEvent.click(await screen.findByTestId('carousel-toggle-1'));
    expect(await screen.findByText('更新状态失败: 轮播图不存在')).toBeTruthy();
  });

  it('moves an item down with the full new order', async () => {
    handlers['POST /api/admin/home/carousel/reorder'] = () => ok({ items: [] });
    renderWithAnt(<HomeContentPage />);
    fireEvent.click(await screen.findByTestId('carousel-down-1'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({ ids: [2, 1] });
  });

  it('validates the carousel form: title, image, link', async () => {
    handlers['POST /api/admin/home/carousel'] = () => ok({ item: slide({ id: 3 }) });
    renderWithAnt(<HomeContentPage />);
    fireEvent.click(await screen.findByTestId('carousel-add'));
    fireEvent.click(await screen.findByTestId('carousel-save'));
    expect(await screen.findByText('标题不能为空')).toBeTruthy();
    expect(await screen.findByText('请上传图片或填写图片地址')).toBeTruthy();
    type('carousel-form-title', '活动');
    type('carousel-form-image-url', 'https://cdn.example.com/b.png');
    type('carousel-form-link', 'javascript:alert(1)');
    fireEvent.click(screen.getByTestId('carousel-save'));
    expect(await screen.findByText('链接格式不正确')).toBeTruthy();
    expect(writes()).toHaveLength(0);
    type('carousel-form-link', '/trade');
    fireEvent.click(screen.getByTestId('carousel-save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      title: '活动',
      image_file: '',
      image_url: 'https://cdn.example.com/b.png',
      link_url: '/trade',
    });
  });

  it('refuses a non-image file before uploading', () => {
    expect(imageUploadProblem({ type: 'text/html', size: 10 }, CAROUSEL_UPLOAD_RULE)).toBe('请选择图片文件');
    expect(imageUploadProblem({ type: 'image/png', size: 6 * 1024 * 1024 }, CAROUSEL_UPLOAD_RULE)).toBe(
      '图片大小不能超过5MB',
    );
    expect(imageUploadProblem({ type: 'image/png', size: 10 }, CAROUSEL_UPLOAD_RULE)).toBeNull();
  });

  it('announcements: validates the form, toggles and deletes after confirmation', async () => {
    handlers['POST /api/admin/home/announcements'] = () => ok({ announcement: notice({ id: 8 }) });
    handlers['PATCH /api/admin/home/announcements/7'] = () =>
      ok({ announcement: notice({ is_published: true }) });
    handlers['DELETE /api/admin/home/announcements/7'] = () => ok(null, '删除成功');
    renderWithAnt(<HomeContentPage />);
    fireEvent.click(await screen.findByRole('tab', { name: '公告' }));
    expect(await screen.findByTestId('announcement-row-7')).toBeTruthy();

    fireEvent.click(screen.getByTestId('announcement-toggle-7'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PATCH', body: { is_published: true } });

    fireEvent.click(screen.getByTestId('announcement-add'));
    fireEvent.click(await screen.findByTestId('announcement-save'));
    expect(await screen.findByText('标题不能为空')).toBeTruthy();
    expect(await screen.findByText('内容不能为空')).toBeTruthy();
    type('announcement-form-title', '新功能上线');
    type('announcement-form-content', '  期权交易已开放  ');
    fireEvent.click(screen.getByTestId('announcement-save'));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]!.body).toEqual({ title: '新功能上线', content: '期权交易已开放' });

    fireEvent.click(screen.getByTestId('announcement-delete-7'));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('确定要删除公告「维护通知」吗？此操作不可恢复。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(writes()[2]).toMatchObject({ method: 'DELETE' });
  });

  it('shows the empty states and the error view with retry', async () => {
    let fail = true;
    handlers['GET /api/admin/home/carousel'] = () =>
      fail ? jsonResponse({ success: false, message: '数据库繁忙' }, 500) : ok({ items: [] });
    handlers['GET /api/admin/home/announcements'] = () => ok({ announcements: [] });
    renderWithAnt(<HomeContentPage />);
    expect(await screen.findByText('获取轮播图失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByText('暂无轮播图')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '公告' }));
    expect(await screen.findByText('暂无公告')).toBeTruthy();
  });

  it('in English: tabs, columns, switches, the forms and the delete dialog, with no Chinese', async () => {
    applyLanguage('en');
    handlers['GET /api/admin/home/carousel'] = () =>
      ok({ items: [slide({ title: 'Spring sale' }), slide({ id: 2, title: 'Invite', image_src: null })] });
    handlers['GET /api/admin/home/announcements'] = () =>
      ok({ announcements: [notice({ title: 'Maintenance', content: 'Tonight' })] });
    const { container } = renderWithAnt(<HomeContentPage />);
    await screen.findByTestId('carousel-row-1');
    expect(screen.getByRole('tab', { name: 'Banners' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Support contact' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Image' })).toBeTruthy();
    expect(screen.getByTestId('carousel-add').textContent).toBe('Add banner');
    expect(within(screen.getByTestId('carousel-row-2')).getByText('No image')).toBeTruthy();
    expect(chineseIn(container)).toEqual([]);

    fireEvent.click(screen.getByTestId('carousel-add'));
    fireEvent.click(await screen.findByTestId('carousel-save'));
    expect(await screen.findByText('Please enter a title')).toBeTruthy();
    expect(await screen.findByText('Upload an image or enter an image URL')).toBeTruthy();
    const modal = screen.getByTestId('carousel-save').closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText('Add banner')).toBeTruthy();
    // The footer's 取消/添加 are the shared FormModal's (components/), not this screen's.
    const body = modal.querySelector('.ant-modal-body') as HTMLElement;
    expect(chineseIn(body)).toEqual([]);
    expect(screen.getByTestId('carousel-form-link').getAttribute('placeholder')).toBe(
      'https://… or /activity',
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Announcements' }));
    await screen.findByTestId('announcement-row-7');
    expect(screen.getByRole('columnheader', { name: 'Published at' })).toBeTruthy();
    expect(within(screen.getByTestId('announcement-row-7')).getByText('Unpublished')).toBeTruthy();
    fireEvent.click(screen.getByTestId('announcement-delete-7'));
    const dialog = await confirmDialog();
    expect(
      within(dialog).getByText('Delete the announcement "Maintenance"? This cannot be undone.'),
    ).toBeTruthy();
    expect(chineseIn(dialog)).toEqual([]);
  });
});
