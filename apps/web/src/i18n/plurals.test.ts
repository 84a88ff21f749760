import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from './index.ts';
import { resources } from './resources.ts';

/** Every text of a catalogue, by its dotted key. */
function texts(catalogue: object, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : texts(value as object, `${prefix}${key}.`),
  );
}

const en = Object.entries(resources.en).flatMap(([ns, catalogue]) => texts(catalogue, `${ns}:`));
const zh = Object.entries(resources['zh-CN']).flatMap(([ns, catalogue]) => texts(catalogue, `${ns}:`));

/** A counted English noun in the plural: `{{n}} users`, `{{count}} requests`, `breach(es)`. */
const COUNTED_PLURAL =
  /\{\{(n|count|total|unread|others|needed|places|digits|rows|written|missing|newPairs|users|rewards|positions|contracts)\}\} ([a-z-]+ )?[a-z-]{2,}s\b|(?<!http)\((s|es)\)/;
/** Units written the same for one and many. */
const UNITS = /\{\{\w+\}\} (ms|s|min|h|d)\b/g;

describe('counted texts in English (i18next plurals)', () => {
  it('put every counted plural noun in an _other form beside a _one form, none written as (s)', () => {
    const bare = en
      .filter(([key, text]) => !/_(one|other)$/.test(key) && COUNTED_PLURAL.test(text.replace(UNITS, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(bare).toEqual([]);
    const keys = new Set(en.map(([key]) => key));
    const others = en.filter(([key]) => key.endsWith('_other')).map(([key]) => key);
    expect(others.length).toBeGreaterThan(60);
    expect(others.filter((key) => !keys.has(key.replace(/_other$/, '_one')))).toEqual([]);
  });

  it('give Chinese, which has no plural form, only the _other form, its text the one zh-CN showed', () => {
    const zhKeys = zh.map(([key]) => key);
    expect(zhKeys.filter((key) => key.endsWith('_one'))).toEqual([]);
    const enOthers = en.filter(([key]) => key.endsWith('_other')).map(([key]) => key);
    expect(enOthers.filter((key) => !zhKeys.includes(key))).toEqual([]);
  });

  it.each([
    [
      'admin:dashboard.task.deposits',
      { n: '1' },
      '1 deposit request waiting for review',
      '2 deposit requests waiting for review',
    ],
    ['admin:users.selected', {}, '1 user selected', '2 users selected'],
    ['admin:reconciliationRuns.breaches', {}, '1 breach', '2 breaches'],
    [
      'admin:deposits.scopeAll',
      {},
      'the 1 pending deposit in the current list',
      'all 2 pending deposits in the current list',
    ],
    ['admin:team.salary.payout.batchPay', {}, 'Batch pay (1 user)', 'Batch pay (2 users)'],
    ['admin:trading.pairs.count', {}, '1 trading pair', '2 trading pairs'],
    ['admin:trading.risk.openPositions', {}, '1 position', '2 positions'],
    ['admin:team.rewards.qualifiedUsers', {}, '1 qualified user', '2 qualified users'],
    ['admin:marketData.tickers.count', {}, '1 pair', '2 pairs'],
    ['user:notifications.unreadCount', {}, '1 unread notification', '2 unread notifications'],
    ['user:account.logins.title', {}, 'Last login', 'Last 2 logins'],
    [
      'user:account.priceAlerts.history',
      { time: 'today', price: '1' },
      'Triggered once, last today (1)',
      'Triggered 2 times, last today (1)',
    ],
    ['user:perpetual.margin.places', {}, 'At most 1 decimal place', 'At most 2 decimal places'],
    [
      'user:trade.timed.settledWhileAway',
      {},
      '1 more contract settled while you were away; see it under History',
      '2 more contracts settled while you were away; see them under History',
    ],
    [
      'user:trade.option.notOpened',
      { valid: 0 },
      'Locked: needs 1 valid order, you have 0',
      'Locked: needs 2 valid orders, you have 0',
    ],
  ] as const)('says %s for a count of 1 and of 2', (key, values, one, two) => {
    applyLanguage('en');
    const say = (count: number) =>
      i18n.t(key, {
        ...values,
        count,
        n: count,
        unread: count,
        others: count,
        needed: count,
        places: count,
      } as never);
    expect(say(1)).toBe(one);
    expect(say(2)).toBe(two);
  });

  it('keeps the Chinese the same for a count of 1 and of 2', () => {
    applyLanguage('zh-CN');
    expect(i18n.t('admin:dashboard.task.deposits', { count: 1, n: 1 })).toBe('1 笔充值申请等待审核');
    expect(i18n.t('admin:dashboard.task.deposits', { count: 2, n: 2 })).toBe('2 笔充值申请等待审核');
    expect(i18n.t('admin:users.selected', { count: 1, n: 1 })).toBe('已选 1 个用户');
    expect(i18n.t('user:account.logins.title', { count: 1, n: 1 })).toBe('最近1次登录');
    // A text of two counts says each with its own plural text; the Chinese reads as it did.
    const recalculated = (users: number, done: string) =>
      i18n.t('admin:team.rewards.recalculated', {
        done,
        users: i18n.t('admin:team.rewards.qualifiedUsers', { count: users, n: users }),
        rewards: i18n.t('admin:team.rewards.newRewards', { count: 1, n: 1 }),
      });
    expect(recalculated(1, '奖励计算完成')).toBe('奖励计算完成：达标用户 1 人，新增奖励 1 条');
    applyLanguage('en');
    expect(recalculated(2, 'Done')).toBe('Done: 2 qualified users, 1 new reward');
  });
});

/** The source files (not tests, not catalogues) under apps/web/src. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' || entry.name === 'test' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [file] : [];
  });
}

/** The keys built from data, each with the plural keys it can build. */
const BUILT_KEYS: Record<string, string[]> = {
  'team.shared.count.${kind}': ['admin:team.shared.count.salary', 'admin:team.shared.count.reward'],
  'team.shared.summary.${a.kind}': ['admin:team.shared.summary.salary', 'admin:team.shared.summary.reward'],
  'team.shared.skipped.${kind}': ['admin:team.shared.skipped.salary', 'admin:team.shared.skipped.reward'],
  'user:perpetual.tpsl.problem.${placesCode}': [
    'user:perpetual.tpsl.problem.take_profit_places',
    'user:perpetual.tpsl.problem.stop_loss_places',
  ],
  'user:perpetual.tpsl.problem.${refusal.code}': [
    'user:perpetual.tpsl.problem.take_profit_places',
    'user:perpetual.tpsl.problem.stop_loss_places',
  ],
  'user:trade.amountProblem.${kind}': [
    'user:trade.amountProblem.places',
    'user:trade.amountProblem.tooLarge',
  ],
};

describe('the callers of counted texts', () => {
  it('pass i18next its count (a number) with every plural key', () => {
    const plural = [
      ...new Set(en.filter(([key]) => key.endsWith('_other')).map(([key]) => key.replace(/_other$/, ''))),
    ];
    const missing: string[] = [];
    const seen = new Set<string>();
    const needles: [string, string[]][] = [
      ...plural.flatMap((full): [string, string[]][] => {
        const bare = full.slice(full.indexOf(':') + 1);
        return [
          [`'${bare}'`, [full]],
          [`'${full}'`, [full]],
        ];
      }),
      ...Object.entries(BUILT_KEYS).map(([built, keys]): [string, string[]] => [`\`${built}\``, keys]),
    ];
    for (const file of sources(path.resolve(import.meta.dirname, '..'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [needle, keys] of needles) {
        for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
          for (const key of keys) seen.add(key);
          // The call's options: from the key to the parenthesis that closes t(.
          let depth = 1;
          let end = at;
          while (depth > 0 && end < text.length) {
            end += 1;
            if (text[end] === '(') depth += 1;
            if (text[end] === ')') depth -= 1;
          }
          const options = text.slice(at + needle.length, end);
          if (!/[{,]\s*count\b/.test(options)) missing.push(`${path.basename(file)}: ${needle}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
    // Every plural key is used where the check could read it.
    expect(plural.filter((key) => !seen.has(key))).toEqual([]);
  });
});
