/** Constants the specification fixes (spec 000 section 9, spec 001 section 9). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/**
 * The furthest page of any list (a larger `page` is a 400): at most 10 million rows are skipped,
 * well inside PostgreSQL's 32-bit integers (page 21474838 of 100 overflowed an OFFSET), and
 * beyond what anyone pages through; a list that long is narrowed by its filters instead.
 */
export const MAX_PAGE = 100_000;
export const REQUEST_TIMEOUT_MS = 10_000;
export const DASHBOARD_REFRESH_MS = 30_000;
export const WALLET_OVERVIEW_REFRESH_MS = 300_000;
export const PROFILE_REFRESH_MS = 5 * 60_000;
export const ADMIN_GATE_DELAY_MS = 100;
export const SOCKET_TIMEOUT_MS = 20_000;
export const DISPLAY_TIMEZONE = 'Asia/Shanghai';
export const DISPLAY_LOCALE = 'zh-CN';
export const DEFAULT_CURRENCY = 'USDT';
/** The platform's version: the health call reports it, the OpenAPI document and the admin footer show it. */
export const APP_VERSION = '1.0.0';
export const APP_VERSION_LABEL = `v${APP_VERSION}`;
/**
 * The platform's name as the issuer that authenticator apps show next to its 2FA codes. The web
 * pages (index.html's title, the headers) spell the same name out themselves.
 */
export const PLATFORM_NAME = '数字资产交易平台';

/** Local-storage keys cleared when a session ends (spec 000 section 9). */
export const SESSION_STORAGE_KEYS = [
  'token',
  'user',
  'rememberEmail',
  'trading_favorites',
  'market_favorites',
  'kyc_status_cache',
] as const;
/** Any local-storage key containing one of these is cleared too. */
export const SESSION_STORAGE_KEY_FRAGMENTS = [
  'user_',
  'cache_',
  'preference_',
  'setting_',
  'wallet_',
  'trading_',
  'option_',
] as const;
/** Any upload that is not an image of an allowed type (KYC photos, QR images, carousel images). */
export const NOT_AN_IMAGE_MESSAGE = '请选择图片文件';

/** The image types an upload can be (judged by the server from the bytes), by their file extension. */
export type ImageExtension = 'jpg' | 'png' | 'gif' | 'webp';
export const IMAGE_MIME: Record<ImageExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
/** A file input's `accept` list for `types`: what the browser offers and the client's check admits. */
export const imageAccept = (types: readonly ImageExtension[]) =>
  types.map((type) => IMAGE_MIME[type]).join(',');

/** 图片大小不能超过{size}MB: the size in MB as the refusal words it (its shape in messages.ts). */
export const imageTooLargeText = (size: string) => `图片大小不能超过${size}MB`;

/** The refusal of an image over `maxBytes` (图片大小不能超过5MB), before and after its upload. */
export const imageTooLargeMessage = (maxBytes: number) => {
  const mb = maxBytes / (1024 * 1024);
  return imageTooLargeText(Number.isInteger(mb) ? String(mb) : mb.toFixed(1));
};
