/**
 * Summarises V8 CPU profiles (`node --cpu-prof`, e.g. the server under `bench:trading` with
 * BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'): self time per function and per
 * package, the heaviest first. `node --import tsx bench/cpu-profile-summary.ts /tmp/prof/*.cpuprofile`
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** node_modules/<package> (scoped too), the project's own folder, or node's internals. */
function packageOf(url: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules?.[1]) return inModules[1];
  if (url.includes('/apps/server/')) return '(server code)';
  if (url.includes('/packages/')) return '(shared packages)';
  if (url.startsWith('node:') || url === '') return '(node, gc, idle)';
  return url;
}

const selfMicros = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
for (const file of process.argv.slice(2)) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    const micros = profile.timeDeltas[i] ?? 0;
    if (!node || node.callFrame.functionName === '(idle)') return;
    total += micros;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
    selfMicros.set(name, (selfMicros.get(name) ?? 0) + micros);
    const pkg = packageOf(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  });
}

const top = (map: Map<string, number>, n: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => `| ${name} | ${(us / 1000).toFixed(0)} | ${((us / total) * 100).toFixed(1)} |`);
console.log(`busy CPU in the profiles: ${(total / 1e6).toFixed(1)} s\n`);
console.log('| package | ms | % |\n| --- | --- | --- |');
console.log(top(byPackage, 15).join('\n'));
console.log('\n| function (self time) | ms | % |\n| --- | --- | --- |');
console.log(top(selfMicros, 20).join('\n'));
