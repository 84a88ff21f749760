import type { Language } from '@platform/contracts';
import { type Message, msg, render } from '../../../i18n/i18n.ts';

/**
 * A User-Agent as a person reads it in 安全中心: "Chrome · Android", "微信 · iOS", "Safari · macOS".
 * Versions are left out (they change with every update and tell the owner nothing); an agent that
 * is no browser is named by its first product ("curl"); none at all is 未知设备. Order matters: the
 * in-app and vendor browsers name Chrome or Safari too, so they are looked for first.
 */
const unknown = msg('userFacing.devices.unknown');
/** 未知设备, the Chinese name of a missing agent (tests compare it). */
export const UNKNOWN_DEVICE = render('zh-CN', unknown);

/** A browser's name: a message where the name is said differently in each language (微信, WeChat). */
type Name = string | Message;
const BROWSERS: ReadonlyArray<readonly [RegExp, Name]> = [
  [/MicroMessenger\//i, msg('userFacing.devices.wechat')],
  [/\bDingTalk\//i, msg('userFacing.devices.dingtalk')],
  [/\bAlipayClient\//i, msg('userFacing.devices.alipay')],
  [/\bMQQBrowser\//i, msg('userFacing.devices.qqBrowser')],
  [/\bQQ\//i, 'QQ'],
  [/\bUCBrowser\//i, msg('userFacing.devices.ucBrowser')],
  [/\bQuark\//i, msg('userFacing.devices.quark')],
  [/\bbaiduboxapp\//i, msg('userFacing.devices.baidu')],
  [/\bHuaweiBrowser\//i, msg('userFacing.devices.huaweiBrowser')],
  [/\bMiuiBrowser\//i, msg('userFacing.devices.xiaomiBrowser')],
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

const first = <T>(table: ReadonlyArray<readonly [RegExp, T]>, ua: string) =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

/**
 * A User-Agent's device, in no language yet: a message, or a plain name that every language says
 * alike ("Chrome · Android", "curl"). Nothing is stored: 安全中心 names each session's and login's
 * agent when it is read, in the reader's language.
 */
export function deviceName(userAgent: string | null | undefined): Name {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return unknown;
  const browser = first(BROWSERS, ua);
  const system = first(SYSTEMS, ua);
  if (browser && system) return msg('userFacing.devices.on', { browser, system });
  if (browser || system) return (browser ?? system) as Name;
  // Not a browser: its first product token without the version ("curl/8.5.0" → "curl").
  const product = /^([A-Za-z][\w.-]{0,39})/.exec(ua)?.[1];
  return product ?? unknown;
}

/** A User-Agent as a person reads it in `language` (zh-CN: "微信 · iOS"; en: "WeChat · iOS"). */
export function describeDevice(userAgent: string | null | undefined, language: Language = 'zh-CN'): string {
  return render(language, deviceName(userAgent));
}
