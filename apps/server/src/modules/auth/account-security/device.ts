/**
 * A User-Agent as a person reads it in 安全中心: "Chrome · Android", "微信 · iOS", "Safari · macOS".
 * Versions are left out (they change with every update and tell the owner nothing); an agent that
 * is no browser is named by its first product ("curl"); none at all is 未知设备. Order matters: the
 * in-app and vendor browsers name Chrome or Safari too, so they are looked for first.
 */
export const UNKNOWN_DEVICE = '未知设备';

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/MicroMessenger\//i, '微信'],
  [/\bDingTalk\//i, '钉钉'],
  [/\bAlipayClient\//i, '支付宝'],
  [/\bMQQBrowser\//i, 'QQ浏览器'],
  [/\bQQ\//i, 'QQ'],
  [/\bUCBrowser\//i, 'UC浏览器'],
  [/\bQuark\//i, '夸克'],
  [/\bbaiduboxapp\//i, '百度'],
  [/\bHuaweiBrowser\//i, '华为浏览器'],
  [/\bMiuiBrowser\//i, '小米浏览器'],
  [/\bSamsungBrowser\//i, 'Samsung Internet'],
  [/\b(Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(OPR|OPT)\/|\bOpera\b/, 'Opera'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(iPhone|iPad|Macintosh).*AppleWebKit\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(HarmonyOS|OpenHarmony)\b/, 'HarmonyOS'],
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(iPhone|iPod)\b|\biOS\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: ReadonlyArray<readonly [RegExp, string]>, ua: string) =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return UNKNOWN_DEVICE;
  const browser = first(BROWSERS, ua);
  const system = first(SYSTEMS, ua);
  if (browser && system) return `${browser} · ${system}`;
  if (browser || system) return (browser ?? system) as string;
  // Not a browser: its first product token without the version ("curl/8.5.0" → "curl").
  const product = /^([A-Za-z][\w.-]{0,39})/.exec(ua)?.[1];
  return product ?? UNKNOWN_DEVICE;
}
