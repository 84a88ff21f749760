import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  AdminAnnouncement,
  AdminCarouselItem,
  AnnouncementItem,
  CarouselItem,
} from '@platform/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { multipart, PNG } from '../../test/multipart.ts';
import { auditLogs } from '../audit/audit.schema.ts';

async function upload(token: string | undefined, bytes: Buffer, filename = 'banner.png', field = 'image') {
  const { payload, headers } = multipart(field, filename, 'image/png', bytes);
  const raw = await t.app.inject({
    method: 'POST',
    url: '/api/admin/home/carousel/upload-image',
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return {
    status: raw.statusCode,
    body: raw.json() as { message: string; data?: { image_file: string; image_src: string } },
  };
}

let t: TestApp;
let dataDir: string;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'home-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  adminToken = (await createAdmin(t, 'admin')).token;
  userToken = (await registerUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function audits(targetType: string, targetId?: number) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(
      targetId === undefined
        ? eq(auditLogs.targetType, targetType)
        : and(eq(auditLogs.targetType, targetType), eq(auditLogs.targetId, String(targetId))),
    )
    .orderBy(desc(auditLogs.id));
}

const slide = { title: '新春活动', image_url: 'https://cdn.example.com/a.png', link_url: '/activity' };

async function createSlide(body: Record<string, unknown> = slide) {
  const res = await api<{ item: AdminCarouselItem }>(t.app, 'POST', '/api/admin/home/carousel', {
    token: adminToken,
    body,
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data!.item;
}

async function createNotice(body: Record<string, unknown>) {
  const res = await api<{ announcement: AdminAnnouncement }>(t.app, 'POST', '/api/admin/home/announcements', {
    token: adminToken,
    body,
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data!.announcement;
}

describe('carousel (admin)', () => {
  it('creates, updates, publishes, deletes, each with an audit row', async () => {
    const created = await createSlide();
    expect(created).toMatchObject({
      title: '新春活动',
      image_url: 'https://cdn.example.com/a.png',
      image_src: 'https://cdn.example.com/a.png',
      image_file: null,
      link_url: '/activity',
      is_published: false,
    });
    expect((await audits('carousel_item', created.id))[0]).toMatchObject({ action: 'carousel.create' });

    const edit = await api<{ item: AdminCarouselItem }>(
      t.app,
      'PATCH',
      `/api/admin/home/carousel/${created.id}`,
      {
        token: adminToken,
        body: { title: '  春节活动 ', link_url: 'https://example.com/x' },
      },
    );
    expect(edit.status).toBe(200);
    expect(edit.body.data!.item).toMatchObject({ title: '春节活动', link_url: 'https://example.com/x' });
    expect((await audits('carousel_item', created.id))[0]).toMatchObject({
      action: 'carousel.update',
      before: expect.objectContaining({ title: '新春活动' }),
      after: expect.objectContaining({ title: '春节活动' }),
    });

    const publish = await api<{ item: AdminCarouselItem }>(
      t.app,
      'PATCH',
      `/api/admin/home/carousel/${created.id}`,
      { token: adminToken, body: { is_published: true } },
    );
    expect(publish.body.data!.item.is_published).toBe(true);
    expect((await audits('carousel_item', created.id))[0]).toMatchObject({ action: 'carousel.publish' });

    const list = await api<{ items: AdminCarouselItem[] }>(t.app, 'GET', '/api/admin/home/carousel', {
      token: adminToken,
    });
    expect(list.body.data!.items.find((i) => i.id === created.id)).toMatchObject({ is_published: true });

    const del = await api(t.app, 'DELETE', `/api/admin/home/carousel/${created.id}`, { token: adminToken });
    expect(del.status).toBe(200);
    expect((await audits('carousel_item', created.id))[0]).toMatchObject({ action: 'carousel.delete' });
    const again = await api(t.app, 'DELETE', `/api/admin/home/carousel/${created.id}`, { token: adminToken });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('轮播图不存在');
  });

  it('refuses invalid forms with their texts', async () => {
    const post = (body: Record<string, unknown>) =>
      api(t.app, 'POST', '/api/admin/home/carousel', { token: adminToken, body });
    const noTitle = await post({ ...slide, title: '   ' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toContain('标题不能为空');
    for (const link of ['javascript:alert(1)', '//evil.example.com', 'ftp://x.example.com', 'no-slash']) {
      const bad = await post({ ...slide, link_url: link });
      expect(bad.status, link).toBe(400);
      expect(bad.body.message).toContain('链接格式不正确');
    }
    const noImage = await post({ title: 'x' });
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toContain('请上传图片或填写图片地址');
    const badFile = await post({ title: 'x', image_file: '../../etc/passwd' });
    expect(badFile.status).toBe(400);

    const item = await createSlide();
    const clearImage = await api(t.app, 'PATCH', `/api/admin/home/carousel/${item.id}`, {
      token: adminToken,
      body: { image_url: '' },
    });
    expect(clearImage.status).toBe(400);
    expect(clearImage.body.message).toContain('请上传图片或填写图片地址');
    const missing = await api(t.app, 'PATCH', '/api/admin/home/carousel/999999', {
      token: adminToken,
      body: { is_published: true },
    });
    expect(missing.status).toBe(404);
    const badId = await api(t.app, 'PATCH', '/api/admin/home/carousel/abc', {
      token: adminToken,
      body: { is_published: true },
    });
    expect(badId.status).toBe(400);
  });

  it('reorders with the full id list and refuses a partial one', async () => {
    const before = await api<{ items: AdminCarouselItem[] }>(t.app, 'GET', '/api/admin/home/carousel', {
      token: adminToken,
    });
    const ids = before.body.data!.items.map((i) => i.id);
    expect(ids.length).toBeGreaterThan(0);
    const reversed = [...ids].reverse();
    const res = await api<{ items: AdminCarouselItem[] }>(t.app, 'POST', '/api/admin/home/carousel/reorder', {
      token: adminToken,
      body: { ids: reversed },
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.items.map((i) => i.id)).toEqual(reversed);
    expect((await audits('carousel_item'))[0]).toMatchObject({
      action: 'carousel.reorder',
      after: { ids: reversed },
    });
    const partial = await api(t.app, 'POST', '/api/admin/home/carousel/reorder', {
      token: adminToken,
      body: { ids: ids.slice(1).concat(999999) },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toContain('排序列表不正确');
  });
});

describe('carousel images', () => {
  it('refuses an altered link and a missing image in English for an English reader (and in Chinese)', async () => {
    const up = await upload(adminToken, PNG);
    const { image_src } = up.body.data!;
    const expired = image_src.replace(/expires=\d+/, 'expires=1000');
    const en = await t.app.inject({ method: 'GET', url: expired, headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe('The link is invalid or has expired');
    expect((await t.app.inject({ method: 'GET', url: expired })).json().message).toBe('链接无效或已过期');

    const { payload, headers } = multipart('other', 'banner.png', 'image/png', PNG);
    const missing = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/home/carousel/upload-image',
        payload,
        headers: {
          ...headers,
          authorization: `Bearer ${adminToken}`,
          ...(language ? { 'accept-language': language } : {}),
        },
      });
    expect((await missing('en')).json().message).toBe('Upload the image');
    expect((await missing()).json().message).toBe('请上传图片');
  });

  it('stores an uploaded image and serves it through a signed URL or a bearer token', async () => {
    const up = await upload(adminToken, PNG);
    expect(up.status, up.body.message).toBe(200);
    const { image_file, image_src } = up.body.data!;
    expect(image_file).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(image_src).toMatch(
      new RegExp(`^/api/home/images/${image_file}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    );
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'carousel', image_file))).toBe(true);

    // An <img> loads the signed URL without any header.
    const signed = await t.app.inject({ method: 'GET', url: image_src });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');
    expect(signed.headers['x-content-type-options']).toBe('nosniff');
    const bearer = await t.app.inject({
      method: 'GET',
      url: `/api/home/images/${image_file}`,
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(bearer.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/home/images/${image_file}` })).statusCode).toBe(
      401,
    );
    const altered = image_src.replace(
      /signature=([0-9a-f])/,
      (_, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`,
    );
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(403);
    const expired = image_src.replace(/expires=\d+/, 'expires=1000');
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    const otherName = image_src.replace(image_file, `${'0'.repeat(32)}.png`);
    expect((await t.app.inject({ method: 'GET', url: otherName })).statusCode).toBe(403);

    // The item keeps the name; replies carry a fresh signed URL, which users can load.
    const item = await createSlide({ title: '上传的图', image_file, link_url: '', is_published: true });
    expect(item).toMatchObject({ image_file, image_url: null });
    expect(item.image_src).toContain(`/api/home/images/${image_file}?expires=`);
    const list = await api<{ items: CarouselItem[] }>(t.app, 'GET', '/api/home/carousel', {
      token: userToken,
    });
    const mine = list.body.data!.items.find((i) => i.id === item.id)!;
    expect(mine.link_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: mine.image_url! })).statusCode).toBe(200);
  });

  it('refuses an HTML file named .png, a missing file, users and unknown stored names', async () => {
    const html = await upload(
      adminToken,
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'evil.png',
    );
    expect(html.status).toBe(400);
    expect(html.body.message).toBe('请选择图片文件');
    const wrongField = await upload(adminToken, PNG, 'a.png', 'file');
    expect(wrongField.status).toBe(400);
    expect((await upload(userToken, PNG)).status).toBe(403);
    expect((await upload(undefined, PNG)).status).toBe(401);
    const ghost = await api(t.app, 'POST', '/api/admin/home/carousel', {
      token: adminToken,
      body: { title: 'x', image_file: `${'a'.repeat(32)}.png` },
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.message).toContain('图片文件不存在');
  });
});

describe('announcements (admin)', () => {
  it('creates, updates, publishes and deletes with audit rows and texts', async () => {
    const noContent = await api(t.app, 'POST', '/api/admin/home/announcements', {
      token: adminToken,
      body: { title: '维护通知', content: ' ' },
    });
    expect(noContent.status).toBe(400);
    expect(noContent.body.message).toContain('内容不能为空');
    const noTitle = await api(t.app, 'POST', '/api/admin/home/announcements', {
      token: adminToken,
      body: { title: '', content: '内容' },
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toContain('标题不能为空');

    const created = await createNotice({ title: '维护通知', content: '今晚维护' });
    expect(created).toMatchObject({ is_published: false, published_at: null });
    expect((await audits('announcement', created.id))[0]).toMatchObject({ action: 'announcement.create' });

    const publish = await api<{ announcement: AdminAnnouncement }>(
      t.app,
      'PATCH',
      `/api/admin/home/announcements/${created.id}`,
      { token: adminToken, body: { is_published: true } },
    );
    expect(publish.status).toBe(200);
    expect(publish.body.data!.announcement.is_published).toBe(true);
    expect(publish.body.data!.announcement.published_at).not.toBeNull();
    expect((await audits('announcement', created.id))[0]).toMatchObject({ action: 'announcement.publish' });

    const unpublish = await api<{ announcement: AdminAnnouncement }>(
      t.app,
      'PATCH',
      `/api/admin/home/announcements/${created.id}`,
      { token: adminToken, body: { is_published: false } },
    );
    expect(unpublish.body.data!.announcement.is_published).toBe(false);
    expect((await audits('announcement', created.id))[0]).toMatchObject({ action: 'announcement.unpublish' });

    const edit = await api<{ announcement: AdminAnnouncement }>(
      t.app,
      'PATCH',
      `/api/admin/home/announcements/${created.id}`,
      { token: adminToken, body: { content: '明晚维护' } },
    );
    expect(edit.body.data!.announcement).toMatchObject({ title: '维护通知', content: '明晚维护' });

    const del = await api(t.app, 'DELETE', `/api/admin/home/announcements/${created.id}`, {
      token: adminToken,
    });
    expect(del.status).toBe(200);
    expect((await audits('announcement', created.id))[0]).toMatchObject({ action: 'announcement.delete' });
    const missing = await api(t.app, 'PATCH', `/api/admin/home/announcements/${created.id}`, {
      token: adminToken,
      body: { is_published: true },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('公告不存在');
  });
});

describe('what users see', () => {
  it('lists only published carousel items by sort order, then id', async () => {
    const fresh = await createTestApp({ DATA_DIR: dataDir });
    try {
      const admin = (await createAdmin(fresh, 'admin')).token;
      const user = (await registerUser(fresh.app)).token;
      const make = async (body: Record<string, unknown>) =>
        (
          await api<{ item: AdminCarouselItem }>(fresh.app, 'POST', '/api/admin/home/carousel', {
            token: admin,
            body: { ...slide, ...body },
          })
        ).body.data!.item;
      const a = await make({ title: 'A', is_published: true, sort_order: 5 });
      const b = await make({ title: 'B', is_published: true, sort_order: 1 });
      await make({ title: 'hidden', is_published: false, sort_order: 0 });
      const c = await make({ title: 'C', is_published: true, sort_order: 1 });
      const res = await api<{ items: CarouselItem[] }>(fresh.app, 'GET', '/api/home/carousel', {
        token: user,
      });
      expect(res.status).toBe(200);
      expect(res.body.data!.items.map((i) => i.title)).toEqual(['B', 'C', 'A']);
      expect(res.body.data!.items[0]).toEqual({
        id: b.id,
        title: 'B',
        image_url: slide.image_url,
        link_url: '/activity',
      });
      expect([a.id, c.id]).not.toContain(b.id);

      const n1 = await createNotice2(fresh, admin, { title: '旧公告', content: '1', is_published: true });
      await createNotice2(fresh, admin, { title: '草稿', content: '2' });
      const n3 = await createNotice2(fresh, admin, { title: '新公告', content: '3', is_published: true });
      const notices = await api<{ announcements: AnnouncementItem[] }>(
        fresh.app,
        'GET',
        '/api/home/announcements',
        {
          token: user,
        },
      );
      expect(notices.status).toBe(200);
      // New announcements go first.
      expect(notices.body.data!.announcements.map((n) => n.id)).toEqual([n3.id, n1.id]);
      expect(notices.body.data!.announcements[0]).toEqual({
        id: n3.id,
        title: '新公告',
        content: '3',
        published_at: expect.any(String),
      });
    } finally {
      await fresh.close();
    }
  });

  it('serves the published content to guests; the admin calls need a token (401) and an admin (403)', async () => {
    expect((await api(t.app, 'GET', '/api/home/carousel')).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/home/announcements')).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/admin/home/carousel')).status).toBe(401);
    const calls: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/api/admin/home/carousel'],
      ['POST', '/api/admin/home/carousel', slide],
      ['PATCH', '/api/admin/home/carousel/1', { is_published: true }],
      ['DELETE', '/api/admin/home/carousel/1'],
      ['POST', '/api/admin/home/carousel/reorder', { ids: [1] }],
      ['GET', '/api/admin/home/announcements'],
      ['POST', '/api/admin/home/announcements', { title: 'x', content: 'y' }],
      ['PATCH', '/api/admin/home/announcements/1', { is_published: true }],
      ['DELETE', '/api/admin/home/announcements/1'],
      ['POST', '/api/admin/home/announcements/reorder', { ids: [1] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(t.app, method, url, { token: userToken, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      const anon = await api(t.app, method, url, { body });
      expect(anon.status, `${method} ${url}`).toBe(401);
    }
  });
});

async function createNotice2(app: TestApp, token: string, body: Record<string, unknown>) {
  const res = await api<{ announcement: AdminAnnouncement }>(
    app.app,
    'POST',
    '/api/admin/home/announcements',
    {
      token,
      body,
    },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data!.announcement;
}
