#!/usr/bin/env node
// Part of `npm run lint`: money never passes through a JavaScript number (ARCHITECTURE.md,
// "The ledger (money)").
// Flags parseFloat(…) and Number(…) whose argument names an amount-like value in application code.
import { execFileSync } from 'node:child_process';

const MONEY_WORDS = /(amount|balance|price|fee|stake|margin|pnl|profit|volume|payout)/i;
const CALL = /\b(parseFloat|Number)\(([^)]*)\)/g;
const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'apps/*/src/*', 'packages/*/src/*'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f));

const { readFileSync } = await import('node:fs');
const problems = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    for (const match of line.matchAll(CALL)) {
      if (MONEY_WORDS.test(match[2] ?? '') && !line.includes('money-lint-ignore')) {
        problems.push(`${file}:${i + 1}: ${match[0]} — use the Decimal of packages/domain for money`);
      }
    }
  });
}
if (problems.length > 0) {
  console.error(`Money through a JavaScript number:\n${problems.join('\n')}`);
  process.exit(1);
}
