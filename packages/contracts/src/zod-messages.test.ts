import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installChineseValidationMessages } from './zod-messages.ts';

beforeAll(() => installChineseValidationMessages());

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues.map((i) => i.message);
};

describe('zod messages in Chinese', () => {
  it('numbers, strings, arrays', () => {
    expect(messageOf(z.coerce.number().int().max(100), '1000')).toEqual(['不能大于 100']);
    expect(messageOf(z.number().min(1), 0)).toEqual(['不能小于 1']);
    expect(messageOf(z.number().gt(0), 0)).toEqual(['必须大于 0']);
    expect(messageOf(z.number().lt(5), 5)).toEqual(['必须小于 5']);
    expect(messageOf(z.coerce.number(), 'abc')).toEqual(['应为有效数字']);
    expect(messageOf(z.number().int(), 1.5)).toEqual(['应为整数']);
    expect(messageOf(z.number().multipleOf(2), 3)).toEqual(['必须是 2 的倍数']);
    expect(messageOf(z.string().max(5), 'abcdefg')).toEqual(['不能超过 5 个字符']);
    expect(messageOf(z.string().min(1), '')).toEqual(['不能为空']);
    expect(messageOf(z.string().min(3), 'a')).toEqual(['至少 3 个字符']);
    expect(messageOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toEqual(['不能超过 2 项']);
    expect(messageOf(z.array(z.string()).min(1), [])).toEqual(['至少 1 项']);
  });

  it('types, enums, formats, objects', () => {
    expect(messageOf(z.object({ a: z.string() }), {})).toEqual(['必填']);
    expect(messageOf(z.string(), 42)).toEqual(['应为字符串']);
    expect(messageOf(z.boolean(), 'yes')).toEqual(['应为布尔值（true 或 false）']);
    expect(messageOf(z.enum(['a', 'b']), 'c')).toEqual(['应为以下之一：a、b']);
    expect(messageOf(z.literal('x'), 'y')).toEqual(['应为 x']);
    expect(messageOf(z.email(), 'x')).toEqual(['邮箱格式不正确']);
    expect(messageOf(z.url(), 'nope')).toEqual(['链接格式不正确']);
    expect(messageOf(z.iso.datetime(), 'x')).toEqual(['日期时间格式不正确']);
    expect(messageOf(z.string().regex(/^a/), 'b')).toEqual(['格式不正确']);
    expect(messageOf(z.object({ a: z.string() }).strict(), { a: 'x', b: 1 })).toEqual(['不支持的字段：b']);
    expect(messageOf(z.union([z.string(), z.number()]), true)).toEqual(['格式不正确']);
    expect(
      messageOf(
        z.string().refine(() => false),
        'x',
      ),
    ).toEqual(['输入无效']);
  });

  it('a schema’s own message wins', () => {
    expect(messageOf(z.string().max(2, '太长了'), 'abc')).toEqual(['太长了']);
  });
});
