import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths.ts';

/**
 * deploy/ (issue 37): the alert rules pass `promtool check rules` (CI installs Debian's prometheus
 * package for promtool and sets REQUIRE_E2E=1: there a missing promtool fails), and the rules and
 * the dashboard name only metric families the server exports.
 */
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const DEPLOY = path.join(REPO_ROOT, 'deploy');
const read = (file: string) => fs.readFileSync(path.join(DEPLOY, file), 'utf8');

function promtool(): string | null {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return 'promtool';
  } catch {
    return null;
  }
}
const required = process.env.REQUIRE_E2E === '1' || process.env.CI === 'true';

describe('deploy/ files', () => {
  const tool = promtool();

  it.skipIf(!tool && !required)('the alert rules pass promtool check rules', () => {
    expect(tool, 'promtool is required here (apt-get install prometheus; .ci/run does)').not.toBeNull();
    const out = execFileSync(tool as string, ['check', 'rules', path.join(DEPLOY, 'alerts.yml')], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/SUCCESS: \d+ rules found/);
  });

  it.skipIf(!tool && !required)('the rules fire as alerts.test.yml expects (promtool test rules)', () => {
    expect(tool, 'promtool is required here').not.toBeNull();
    const out = execFileSync(tool as string, ['test', 'rules', path.join(DEPLOY, 'alerts.test.yml')], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/SUCCESS/);
  });

  it('the rules and the dashboard use only the families the server exports', () => {
    const exported = new Set(
      [
        ...fs
          .readFileSync(path.join(SERVER_ROOT, 'src/modules/metrics/metrics.ts'), 'utf8')
          .matchAll(/name: '([a-z_]+)'/g),
      ].map((m) => m[1]),
    );
    expect(exported.size).toBeGreaterThan(15);
    for (const file of ['alerts.yml', 'grafana-dashboard.json']) {
      const used = new Set(
        [...read(file).matchAll(/\b((?:platform|http_request)_[a-z_]+?)(?:_bucket|_count|_sum)?\b/g)].map(
          (m) => m[1],
        ),
      );
      expect(used.size, file).toBeGreaterThan(3);
      for (const name of used) expect(exported.has(name), `${file}: ${name}`).toBe(true);
    }
  });

  it('the dashboard is JSON that Grafana imports (panels with targets)', () => {
    const dashboard = JSON.parse(read('grafana-dashboard.json')) as {
      title: string;
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    expect(dashboard.title).toBeTruthy();
    expect(dashboard.panels.filter((p) => p.targets?.length).length).toBeGreaterThan(8);
  });
});
