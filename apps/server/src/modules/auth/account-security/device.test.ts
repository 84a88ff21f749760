import { describe, expect, it } from 'vitest';
import { describeDevice, UNKNOWN_DEVICE } from './device.ts';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      'Chrome · Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari · iOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
      'Chrome · iOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
      '微信 · iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
      'Firefox · macOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari · macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-S9180) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
      'Samsung Internet · Android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.3.300 Mobile Safari/537.36',
      '华为浏览器 · HarmonyOS',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari · iPadOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
      'Chrome · Linux',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Chrome · ChromeOS',
    ],
    ['curl/8.5.0', 'curl'],
    ['PostmanRuntime/7.37.3', 'PostmanRuntime'],
    ['lightMyRequest', 'lightMyRequest'],
  ])('%s → %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });

  it('names a missing, empty or unreadable agent 未知设备', () => {
    expect(describeDevice(null)).toBe(UNKNOWN_DEVICE);
    expect(describeDevice(undefined)).toBe(UNKNOWN_DEVICE);
    expect(describeDevice('   ')).toBe(UNKNOWN_DEVICE);
    expect(describeDevice('[]{}')).toBe(UNKNOWN_DEVICE);
  });
});

describe('describeDevice in English', () => {
  const inApp = (token: string) =>
    `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 ${token}`;
  it.each([
    ['MicroMessenger/8.0.47', '微信 · Android', 'WeChat · Android'],
    ['DingTalk/7.5.0', '钉钉 · Android', 'DingTalk · Android'],
    ['AlipayClient/10.5.0', '支付宝 · Android', 'Alipay · Android'],
    ['MQQBrowser/14.0', 'QQ浏览器 · Android', 'QQ Browser · Android'],
    ['UCBrowser/16.0.0', 'UC浏览器 · Android', 'UC Browser · Android'],
    ['Quark/6.9.0', '夸克 · Android', 'Quark · Android'],
    ['baiduboxapp/13.0', '百度 · Android', 'Baidu · Android'],
    ['HuaweiBrowser/14.0.3.300', '华为浏览器 · Android', 'Huawei Browser · Android'],
    ['MiuiBrowser/18.0', '小米浏览器 · Android', 'Xiaomi Browser · Android'],
  ])('%s → %s / %s', (token, chinese, english) => {
    expect(describeDevice(inApp(token))).toBe(chinese);
    expect(describeDevice(inApp(token), 'zh-CN')).toBe(chinese);
    expect(describeDevice(inApp(token), 'en')).toBe(english);
  });

  it('names a browser alone, a plain agent and a missing one', () => {
    expect(describeDevice('MicroMessenger/8.0.47', 'en')).toBe('WeChat');
    expect(describeDevice(inApp(''), 'en')).toBe('Chrome · Android');
    expect(describeDevice('curl/8.5.0', 'en')).toBe('curl');
    expect(describeDevice(null, 'en')).toBe('Unknown device');
    expect(describeDevice('[]{}', 'en')).toBe('Unknown device');
    expect(UNKNOWN_DEVICE).toBe('未知设备');
  });
});
