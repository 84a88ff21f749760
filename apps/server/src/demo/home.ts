/**
 * The home page of `npm run demo`: carousel banners and announcements, so that a newcomer's 首页
 * is not empty. Made through the home service as an admin would (the banner images through the
 * upload pipeline into the carousel store, DATA_DIR/uploads/carousel; every step audited), and
 * published. The banners are drawn here (gradients and shapes, the title is the slide's text).
 */
import { randomBytes } from 'node:crypto';
import { announcementBody, carouselBody } from '@platform/contracts';
import type { Db } from '../db/client.ts';
import type { AuditActor } from '../modules/audit/audit.service.ts';
import { createHomeService } from '../modules/home/home.service.ts';
import { silentRealtime } from '../modules/realtime/realtime.ts';
import { cleanImage } from '../modules/uploads/image-pipeline.ts';
import { createImageStore } from '../modules/uploads/image-store.ts';
import { createUrlSigner } from '../modules/uploads/signed-url.ts';
import { canvas, type Rgb } from './kyc.ts';

/** The slides, in their order: a title, where it leads, and the banner's colours. */
export const DEMO_CAROUSEL: readonly { title: string; link: string; top: Rgb; bottom: Rgb }[] = [
  {
    title: '秒合约上线：30秒起，涨跌皆可交易',
    link: '/trade/flash',
    top: [22, 119, 255],
    bottom: [19, 194, 194],
  },
  {
    title: '永续合约最高20倍杠杆，风险自控',
    link: '/trade/perpetual',
    top: [114, 46, 209],
    bottom: [47, 84, 235],
  },
  { title: '邀请好友组建团队，享团队奖励与工资', link: '/team', top: [250, 140, 22], bottom: [245, 34, 45] },
];

export const DEMO_ANNOUNCEMENTS: readonly { title: string; content: string }[] = [
  {
    title: '关于完成实名认证的提醒',
    content: '为保障账户与资金安全，提现前请先在「我的 → 实名认证」提交身份证件，审核通常在1个工作日内完成。',
  },
  {
    title: '充值渠道调整公告',
    content:
      '银行卡转账渠道已暂停，请使用 USDT-TRC20、USDT-ERC20、支付宝或微信渠道充值，到账时间以各渠道说明为准。',
  },
  {
    title: '演示站点说明',
    content: '本站为演示环境，行情由模拟器生成，仅供体验，所有账户与资金均为演示数据。',
  },
];

const BANNER = { width: 750, height: 300 } as const;

/** A banner: the slide's gradient with a few soft circles (the title is laid over it by the page). */
export function demoBanner(top: Rgb, bottom: Rgb): Promise<Buffer> {
  const c = canvas(BANNER.width, BANNER.height);
  c.gradient(top, bottom);
  const light = (k: number) => top.map((v) => Math.min(255, v + k)) as unknown as Rgb;
  c.ellipse(640, 60, 150, 150, light(40));
  c.ellipse(560, 250, 90, 90, light(70));
  c.ellipse(90, 40, 50, 50, light(25));
  return c.png();
}

export async function seedDemoHome(db: Db, opts: { imagesDir: string; actor: AuditActor }): Promise<void> {
  const home = createHomeService({
    db,
    images: createImageStore(opts.imagesDir),
    // Replies carry signed URLs that the seed throws away.
    signer: createUrlSigner(randomBytes(32)),
    realtime: silentRealtime,
  });
  for (const slide of DEMO_CAROUSEL) {
    const image = await cleanImage(await demoBanner(slide.top, slide.bottom), ['png']);
    const { image_file } = await home.storeImage(opts.actor, image);
    await home.createCarousel(
      opts.actor,
      carouselBody.parse({ title: slide.title, image_file, link_url: slide.link, is_published: true }),
    );
  }
  // Each new announcement goes first: the last one written is the one on top.
  for (const a of [...DEMO_ANNOUNCEMENTS].reverse()) {
    await home.createAnnouncement(opts.actor, announcementBody.parse({ ...a, is_published: true }));
  }
}
