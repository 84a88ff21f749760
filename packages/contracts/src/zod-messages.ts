import { z } from 'zod';

/**
 * Chinese texts for zod's own validation messages, for every schema that does not give its own.
 * zod's zh-CN locale still leaves type names in English ("数值过大：期望 number <=100"), so every
 * issue code of zod 4 is written out here instead (and the web bundle does not carry a locale).
 * Installed once per process, before any route or form uses a schema: the server's app factory
 * (buildApp) and the web app's entry (main.tsx; its jsdom tests' setup too).
 */

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值（true 或 false）',
  object: '对象',
  array: '数组',
  date: '日期',
  null: '空值',
  file: '文件',
};

const FORMAT_NAMES: Record<string, string> = {
  email: '邮箱',
  url: '链接',
  uuid: 'UUID',
  datetime: '日期时间',
  date: '日期',
  time: '时间',
  duration: '时长',
  ipv4: 'IPv4 地址',
  ipv6: 'IPv6 地址',
  base64: 'Base64',
  json_string: 'JSON',
};

const quote = (value: unknown) => (typeof value === 'string' ? value : String(value));

type Issue = z.core.$ZodRawIssue;

function sizeText(origin: unknown): { unit: string } | null {
  if (origin === 'string') return { unit: '个字符' };
  if (origin === 'array' || origin === 'set' || origin === 'map') return { unit: '项' };
  if (origin === 'file') return { unit: '字节' };
  return null;
}

/** The Chinese message of one issue. */
export function chineseIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return '必填';
      if (issue.expected === 'number' && typeof issue.input === 'number') return '应为有效数字';
      const name = TYPE_NAMES[issue.expected];
      return name ? `应为${name}` : '类型不正确';
    }
    case 'too_big': {
      const max = String(issue.maximum);
      const size = sizeText(issue.origin);
      if (size) return `不能超过 ${max} ${size.unit}`;
      if (issue.origin === 'date') return `不能晚于 ${max}`;
      return issue.inclusive ? `不能大于 ${max}` : `必须小于 ${max}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      const size = sizeText(issue.origin);
      if (size) {
        if (issue.origin === 'string' && Number(issue.minimum) === 1) return '不能为空';
        return `至少 ${min} ${size.unit}`;
      }
      if (issue.origin === 'date') return `不能早于 ${min}`;
      return issue.inclusive ? `不能小于 ${min}` : `必须大于 ${min}`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `应为 ${quote(issue.values[0])}`
        : `应为以下之一：${issue.values.map(quote).join('、')}`;
    case 'invalid_format': {
      if (issue.format === 'starts_with' && 'prefix' in issue) return `必须以 ${String(issue.prefix)} 开头`;
      if (issue.format === 'ends_with' && 'suffix' in issue) return `必须以 ${String(issue.suffix)} 结尾`;
      if (issue.format === 'includes' && 'includes' in issue) return `必须包含 ${String(issue.includes)}`;
      const name = FORMAT_NAMES[issue.format];
      return name ? `${name}格式不正确` : '格式不正确';
    }
    case 'not_multiple_of':
      return `必须是 ${String(issue.divisor)} 的倍数`;
    case 'unrecognized_keys':
      return `不支持的字段：${issue.keys.join('、')}`;
    case 'invalid_key':
      return '包含无效的键';
    case 'invalid_element':
      return '包含无效的值';
    case 'invalid_union':
      return '格式不正确';
    default:
      return '输入无效';
  }
}

/** Makes every zod message Chinese in this process (idempotent). */
export function installChineseValidationMessages(): void {
  z.config({ localeError: chineseIssueMessage });
}

/**
 * The type error of a decimal string (an amount, a price): absent (or null) is `missing`, e.g.
 * 请输入金额; any other value is told that it must be a string. Amounts travel as strings because a
 * JSON number loses digits, and answering 请输入金额 to a client that sent `"amount": 100` sent it
 * looking for a missing field (docs/spec-deviations.md).
 */
export const decimalTextError =
  (missing: string, label: string) =>
  (issue: { input?: unknown }): string => {
    if (issue.input === undefined || issue.input === null) return missing;
    const text = `${label}必须是字符串（如 "100.5"）`;
    return typeof issue.input === 'number' ? `${text}，不能是数字` : text;
  };
