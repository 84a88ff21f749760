import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.ts';
import { SERVER_ROOT } from './paths.ts';

const README = path.join(SERVER_ROOT, '../../README.md');

/**
 * The variables the README's configuration table names: the first cell of each row under
 * "## Configuration" (a cell may name several, `HTX_API_URL`, `OKX_API_URL`).
 */
function documentedVariables(readme: string): string[] {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error('README.md has no "## Configuration" section');
  const names: string[] = [];
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!firstCell) continue;
    for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(name as string);
  }
  return names;
}

describe("README's configuration table", () => {
  const documented = documentedVariables(fs.readFileSync(README, 'utf8'));

  it('lists every variable config.ts reads', () => {
    const missing = CONFIG_VARIABLES.filter((name) => !documented.includes(name));
    expect(
      missing,
      `variables read by config.ts but missing from README.md's table: ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it('lists nothing config.ts does not read, and each variable once', () => {
    const unknown = documented.filter((name) => !CONFIG_VARIABLES.includes(name));
    expect(unknown, `rows of README.md's table that config.ts does not read: ${unknown.join(', ')}`).toEqual(
      [],
    );
    const repeated = documented.filter((name, i) => documented.indexOf(name) !== i);
    expect(repeated, `variables listed twice in README.md's table: ${repeated.join(', ')}`).toEqual([]);
  });
});
