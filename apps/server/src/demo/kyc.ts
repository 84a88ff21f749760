/**
 * The identity applications of `npm run demo`: every account whose planned KYC status is not
 * `none` gets a real application, submitted and reviewed through the KYC service (so its images
 * sit in the private document store and show as thumbnails, the account's kyc_status is the one the
 * review left, and each decision has its audit row under a demo admin). The review queue, the
 * dashboard's pending KYC and the user list's KYC badges therefore agree.
 *
 * A few stories on top: two approved users were rejected once before (same person, same number),
 * and one pending application reuses the ID number of another account's rejected one, so the
 * review screen shows its duplicate-number warning in the default tab.
 *
 * Planned up front from its own random source (deterministic for a given `now`); the only direct
 * writes are the backdating of times (the audit rows keep the moment the seed ran, as the deposits'
 * do) and the status `reviewing`, which no service sets.
 */
import { randomBytes } from 'node:crypto';
import { idCardCheckChar } from '@platform/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import type { AuditActor } from '../modules/audit/audit.service.ts';
import { kycApplications } from '../modules/kyc/kyc.schema.ts';
import { createKycService } from '../modules/kyc/kyc.service.ts';
import { silentRealtime } from '../modules/realtime/realtime.ts';
import { cleanImage } from '../modules/uploads/image-pipeline.ts';
import { createImageStore } from '../modules/uploads/image-store.ts';
import { createUrlSigner } from '../modules/uploads/signed-url.ts';
import { users } from '../modules/users/users.schema.ts';
import type { DemoTeamRandom } from './team.ts';

const MINUTE = 60_000;

export type DemoKycStatus = 'pending' | 'reviewing' | 'approved' | 'rejected';

/** Whose application: a planned user (index into plan.people) or a team member (plan.team.members). */
export type KycOwner = { planned: number } | { member: number };

export interface PlannedKycApplication {
  owner: KycOwner;
  realName: string;
  idNumber: string;
  status: DemoKycStatus;
  /** The reviewer's note: always for a rejection, sometimes for an approval. */
  note?: string;
  createdAt: number;
  /** When it was decided (approved, rejected). */
  reviewedAt?: number;
  /** The account's updated_at as planned before its KYC (its last login or registration). */
  ownerUpdatedAt: number;
  /** Picks the generated images' variations. */
  look: number;
}

/** What the KYC plan needs to know of an account. */
export interface KycPlannedAccount {
  nickname: string | null;
  kycStatus: 'none' | DemoKycStatus;
  createdAt: number;
  lastLogin: number | null;
}

const REGIONS = [
  '110101', // 北京 东城
  '110105', // 北京 朝阳
  '310104', // 上海 徐汇
  '310115', // 上海 浦东
  '440106', // 广州 天河
  '440305', // 深圳 南山
  '330106', // 杭州 西湖
  '320102', // 南京 玄武
  '510107', // 成都 武侯
  '420111', // 武汉 洪山
  '610113', // 西安 雁塔
  '500103', // 重庆 渝中
  '370202', // 青岛 市南
  '430104', // 长沙 岳麓
];
const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '林',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '霞',
  '平',
  '刚',
  '丽',
  '强',
];
const REJECT_REASONS = [
  '身份证照片模糊，请重新上传清晰照片',
  '证件照片不完整，请拍摄证件四角',
  '填写的姓名与证件信息不一致',
  '身份证已过期，请上传有效期内的证件',
];
const APPROVE_NOTES = ['资料齐全', '核对无误', '信息一致'];
/** The reason given to the account whose number another account had already used. */
export const DEMO_DUPLICATE_REJECTION = '证件信息与本人不符，疑似冒用他人证件';

/** The earliest a decision may be recorded: never in the future. */
const before = (now: number, at: number) => Math.min(at, now - MINUTE);

/**
 * One application per account with a KYC status (the account's latest), plus the stories above.
 * `planned` and `members` are in plan order; the result is sorted by submission time.
 */
export function planDemoKyc(
  rng: DemoTeamRandom,
  now: number,
  planned: readonly KycPlannedAccount[],
  members: readonly KycPlannedAccount[],
): PlannedKycApplication[] {
  const used = new Set<string>();
  const idNumber = () => {
    for (;;) {
      const birth = new Date(Date.UTC(rng.int(1968, 2004), rng.int(0, 11), rng.int(1, 28)));
      const date = birth.toISOString().slice(0, 10).replaceAll('-', '');
      const first17 = `${rng.pick(REGIONS)}${date}${String(rng.int(1, 999)).padStart(3, '0')}`;
      const number = `${first17}${idCardCheckChar(first17)}`;
      if (!used.has(number)) {
        used.add(number);
        return number;
      }
    }
  };
  const applications: PlannedKycApplication[] = [];
  const resubmitters = new Set<number>();
  const rejectedPlanned = planned.findIndex((u, i) => i !== 0 && u.kycStatus === 'rejected');
  const reusing = planned.findIndex((u, i) => i !== 0 && u.kycStatus === 'pending');

  const plan = (owner: KycOwner, account: KycPlannedAccount) => {
    if (account.kycStatus === 'none') return;
    const realName =
      account.nickname ?? `${rng.pick(SURNAMES)}${rng.pick(GIVEN)}${rng.chance(0.4) ? rng.pick(GIVEN) : ''}`;
    const ownerUpdatedAt = account.lastLogin ?? account.createdAt;
    const number = idNumber();
    const registered = account.createdAt;
    /** A moment after registration and not in the future (the newest accounts registered minutes ago). */
    const at = (moment: number) => Math.max(registered, before(now, moment));
    const base = { owner, realName, idNumber: number, ownerUpdatedAt };
    const status = account.kycStatus;
    if (status === 'pending') {
      // Waiting: submitted in the last three days (or since registration, for the newest).
      const createdAt = Math.max(registered + 5 * MINUTE, now - rng.int(10, 3 * 24 * 60) * MINUTE);
      applications.push({ ...base, status, createdAt: at(createdAt), look: rng.int(0, 1e6) });
      return;
    }
    // Decided (or taken up) within a day of registration, so before any withdrawal of theirs.
    let createdAt = at(registered + rng.int(20, 12 * 60) * MINUTE);
    const resubmits =
      status === 'approved' && 'planned' in owner && owner.planned !== 0 && resubmitters.size < 2;
    if (resubmits) {
      resubmitters.add(owner.planned);
      const reviewedAt = at(createdAt + rng.int(10, 60) * MINUTE);
      applications.push({
        ...base,
        status: 'rejected',
        note: rng.pick(REJECT_REASONS),
        createdAt,
        reviewedAt,
        look: rng.int(0, 1e6),
      });
      createdAt = at(reviewedAt + rng.int(30, 4 * 60) * MINUTE);
    }
    const decided = status === 'approved' || status === 'rejected';
    const reviewedAt = decided ? at(createdAt + rng.int(10, 4 * 60) * MINUTE) : undefined;
    const note =
      status === 'rejected'
        ? rng.pick(REJECT_REASONS)
        : status === 'approved' && rng.chance(0.4)
          ? rng.pick(APPROVE_NOTES)
          : undefined;
    applications.push({
      ...base,
      status,
      createdAt,
      ...(reviewedAt === undefined ? {} : { reviewedAt }),
      ...(note === undefined ? {} : { note }),
      look: rng.int(0, 1e6),
    });
  };
  planned.forEach((account, i) => {
    plan({ planned: i }, account);
  });
  members.forEach((account, i) => {
    plan({ member: i }, account);
  });

  // The duplicate story: a pending applicant uses the number of another account's rejected one.
  const rejected = applications.find(
    (a) => 'planned' in a.owner && a.owner.planned === rejectedPlanned && a.status === 'rejected',
  );
  const pending = applications.find(
    (a) => 'planned' in a.owner && a.owner.planned === reusing && a.status === 'pending',
  );
  if (rejected && pending && rejected.createdAt < pending.createdAt) {
    rejected.note = DEMO_DUPLICATE_REJECTION;
    used.delete(pending.idNumber);
    pending.idNumber = rejected.idNumber;
    // Recent, so that it is on the queue's first page.
    pending.createdAt = Math.max(pending.createdAt, now - rng.int(30, 180) * MINUTE);
  }
  return applications.sort((a, b) => a.createdAt - b.createdAt);
}

// ---- images -------------------------------------------------------------------------------------

export type Rgb = readonly [number, number, number];

/** A small RGB canvas with the few shapes an ID card sketch (and a home banner, home.ts) needs, encoded as PNG. */
export function canvas(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const at = (y * width + x) * 3;
    pixels[at] = r;
    pixels[at + 1] = g;
    pixels[at + 2] = b;
  };
  return {
    width,
    height,
    gradient(top: Rgb, bottom: Rgb) {
      for (let y = 0; y < height; y++) {
        const t = y / (height - 1);
        const color = top.map((c, k) => Math.round(c + ((bottom[k] as number) - c) * t)) as unknown as Rgb;
        for (let x = 0; x < width; x++) set(x, y, color);
      }
    },
    rect(x0: number, y0: number, w: number, h: number, color: Rgb, radius = 0) {
      for (let y = y0; y < y0 + h; y++)
        for (let x = x0; x < x0 + w; x++) {
          const dx = Math.max(x0 + radius - x, 0, x - (x0 + w - 1 - radius));
          const dy = Math.max(y0 + radius - y, 0, y - (y0 + h - 1 - radius));
          if (dx * dx + dy * dy <= radius * radius) set(x, y, color);
        }
    },
    /** An ellipse, drawn only inside `clip` (x, y, width, height) when given. */
    ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, clip?: readonly number[]) {
      const [cx0 = 0, cy0 = 0, cw = width, ch = height] = clip ?? [];
      for (let y = Math.floor(cy - ry); y <= cy + ry; y++)
        for (let x = Math.floor(cx - rx); x <= cx + rx; x++) {
          const dx = (x - cx) / rx;
          const dy = (y - cy) / ry;
          if (dx * dx + dy * dy <= 1 && x >= cx0 && y >= cy0 && x < cx0 + cw && y < cy0 + ch)
            set(x, y, color);
        }
    },
    png: (): Promise<Buffer> =>
      sharp(pixels, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer(),
  };
}

const CARD = { width: 342, height: 216 } as const;
const INK: Rgb = [70, 78, 92];
const LIGHT_INK: Rgb = [150, 158, 170];

/** Lengths of the sketch's text lines, varied by `look` (a tiny LCG, so the same look draws the same card). */
function lineLengths(look: number, count: number, min: number, max: number): number[] {
  let state = (look * 2_654_435_761) >>> 0;
  return Array.from({ length: count }, () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return min + (state % (max - min + 1));
  });
}

/** The front (portrait side) of an ID card sketch: text lines, the number line and a portrait. */
export function demoIdFront(look: number): Promise<Buffer> {
  const c = canvas(CARD.width, CARD.height);
  const tint = look % 16;
  c.gradient([236 - tint, 242, 248], [214, 226 - tint, 238]);
  const [name = 60, nation = 40, birth = 90, addr1 = 150, addr2 = 100] = lineLengths(look, 5, 0, 1000);
  const label = (y: number) => c.rect(18, y, 26, 9, LIGHT_INK, 2);
  label(24);
  c.rect(52, 22, 40 + (name % 60), 13, INK, 3);
  label(50);
  c.rect(52, 50, 14, 9, INK, 2);
  c.rect(84, 50, 18, 9, LIGHT_INK, 2);
  c.rect(108, 50, 20 + (nation % 40), 9, INK, 2);
  label(72);
  c.rect(52, 72, 100 + (birth % 50), 9, INK, 2);
  label(96);
  c.rect(52, 96, 120 + (addr1 % 50), 9, INK, 2);
  c.rect(52, 112, 40 + (addr2 % 120), 9, INK, 2);
  // 公民身份号码: the long line at the bottom.
  c.rect(18, 176, 70, 10, LIGHT_INK, 2);
  c.rect(98, 174, 200, 14, INK, 3);
  // The portrait, inside its frame.
  const frame = [236, 18, 88, 124] as const;
  c.rect(...frame, [226, 232, 240], 4);
  c.ellipse(280, 66, 20, 25, [160, 170, 184], frame);
  c.ellipse(280, 142, 40, 38, [160, 170, 184], frame);
  return c.png();
}

/** The back (emblem side): the emblem, the card's title and the issuing authority and validity lines. */
export function demoIdBack(look: number): Promise<Buffer> {
  const c = canvas(CARD.width, CARD.height);
  const tint = look % 12;
  c.gradient([232, 240 - tint, 246], [206, 222, 234 - tint]);
  c.ellipse(58, 58, 36, 36, [200, 36, 44]);
  c.ellipse(58, 58, 26, 26, [232, 180, 60]);
  c.ellipse(58, 58, 16, 16, [200, 36, 44]);
  c.rect(118, 34, 196, 16, INK, 4);
  c.rect(150, 64, 132, 22, [60, 68, 82], 5);
  const [authority = 120, validity = 140] = lineLengths(look, 2, 100, 180);
  c.rect(40, 150, 56, 10, LIGHT_INK, 2);
  c.rect(106, 150, authority, 10, INK, 2);
  c.rect(40, 176, 56, 10, LIGHT_INK, 2);
  c.rect(106, 176, validity, 10, INK, 2);
  return c.png();
}

// ---- execution ----------------------------------------------------------------------------------

export interface SeedDemoKycOptions {
  applications: readonly PlannedKycApplication[];
  /** The account id of an owner. */
  userIdOf: (owner: KycOwner) => number;
  /** The KYC document store (DATA_DIR/uploads/kyc, as the server's). */
  documentsDir: string;
  /** The demo admin who reviews. */
  reviewer: AuditActor;
}

/** Submits and reviews the planned applications in time order; returns how many it wrote. */
export async function seedDemoKyc(db: Db, opts: SeedDemoKycOptions): Promise<number> {
  const kyc = createKycService({
    db,
    realtime: silentRealtime,
    documents: createImageStore(opts.documentsDir),
    // Replies carry signed URLs that the seed throws away.
    signer: createUrlSigner(randomBytes(32)),
  });
  for (const a of opts.applications) {
    const userId = opts.userIdOf(a.owner);
    const submitted = await kyc.submit(userId, {
      fields: { real_name: a.realName, id_number: a.idNumber },
      files: {
        // Through the upload pipeline like any submitted photo: the store takes nothing else.
        id_front: await cleanImage(await demoIdFront(a.look), ['png']),
        id_back: await cleanImage(await demoIdBack(a.look >> 3), ['png']),
      },
    });
    if (a.status === 'approved' || a.status === 'rejected') {
      await kyc.review(opts.reviewer, submitted.id, {
        status: a.status,
        ...(a.note === undefined ? {} : { adminNote: a.note }),
      });
    } else if (a.status === 'reviewing') {
      // Taken up by a reviewer: no service sets this status.
      await db.transaction(async (tx) => {
        await tx
          .update(kycApplications)
          .set({ status: 'reviewing' })
          .where(eq(kycApplications.id, submitted.id));
        await tx.update(users).set({ kycStatus: 'reviewing' }).where(eq(users.id, userId));
      });
    }
    const reviewedAt = a.reviewedAt === undefined ? null : new Date(a.reviewedAt);
    const last = reviewedAt ?? new Date(a.createdAt);
    await db
      .update(kycApplications)
      .set({ createdAt: new Date(a.createdAt), updatedAt: last, reviewedAt })
      .where(eq(kycApplications.id, submitted.id));
    await db
      .update(users)
      .set({ updatedAt: new Date(Math.max(a.ownerUpdatedAt, last.getTime())) })
      .where(eq(users.id, userId));
  }
  return opts.applications.length;
}
