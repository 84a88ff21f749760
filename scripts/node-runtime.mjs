// The Node.js that `npm start` and `npm test` run on (scripts/start.mjs, scripts/test.mjs): 22.12 or
// newer. Started by an older one (such as the Node 20, past its end of life, that some machines ship),
// a script runs itself again on Node.js 24 LTS: the npm registry's node-<platform>-<arch> package,
// fetched once into the directory .ci/run uses and reused from there. When it cannot be fetched
// (offline), the script goes on where it is with a warning. PLATFORM_NODE_REEXEC=1 marks the run on
// Node 24 (so that it never starts another one); set by hand, it keeps a script on the Node it started on.
// Plain Node with no dependencies, because it runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The oldest Node.js the project runs on, as [major, minor]. */
export const MINIMUM = [22, 12];
/** The major version fetched for an older Node.js: the current LTS. */
export const FETCHED_MAJOR = 24;
export const GUARD = 'PLATFORM_NODE_REEXEC';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** `20.20.2` or `v20.20.2` as [20, 20, 2]; undefined for anything else. */
export function parseVersion(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(version).trim());
  return match ? match.slice(1, 4).map(Number) : undefined;
}

export function isSupported(version) {
  const parsed = parseVersion(version);
  if (!parsed) return false;
  const [major, minor] = parsed;
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

/**
 * What a script started on Node `version` does: `run` it here (a supported Node), `reexec` it on
 * Node 24, or `stay` here although the Node is older (the guard is set: this already is the run on the
 * other Node, or the user asked to stay).
 */
export function decide(version, env) {
  if (isSupported(version)) return 'run';
  return env[GUARD] === '1' ? 'stay' : 'reexec';
}

/** Where Node 24 is kept, outside the clone: the directory .ci/run installs it into. */
export function cacheDir(env = process.env) {
  const cache = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'platform-ci', `node${FETCHED_MAJOR}`);
}

export const packageName = (platform = process.platform, arch = process.arch) => `node-${platform}-${arch}`;

export function nodeBinary(dir, pkg = packageName(), platform = process.platform) {
  return path.join(dir, 'node_modules', pkg, 'bin', platform === 'win32' ? 'node.exe' : 'node');
}

/** Why this Node is not enough, for the line printed before running elsewhere. */
function whyNot(version) {
  const [major] = parseVersion(version) ?? [0];
  const minimum = MINIMUM.join('.');
  return `Node ${version} ${major < MINIMUM[0] ? 'is end of life' : `is older than ${minimum}`}; this project runs on Node ${minimum}+`;
}

/** The version a Node binary reports, when it runs and is supported. */
function supportedVersionOf(binary) {
  if (!fs.existsSync(binary)) return undefined;
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const version = result.status === 0 ? result.stdout.trim().replace(/^v/, '') : '';
  return isSupported(version) ? version : undefined;
}

/** Installs Node 24 into `dir`; returns why it failed, or undefined. */
function fetchNode(dir, pkg, env) {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // One quick retry: offline, npm's default retries take over a minute to give up.
  const args = ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--fetch-retries=1'];
  args.push('--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=5000', `${pkg}@${FETCHED_MAJOR}`);
  const result = spawnSync(npm, args, {
    cwd: dir,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });
  if (result.status === 0) return undefined;
  if (result.error) return result.error.message;
  const lines = `${result.stderr ?? ''}`
    .split('\n')
    .filter((line) => /^npm (error|ERR!) (code|network|\d{3}|404)/.test(line));
  return lines.slice(0, 3).join('; ') || `npm install exited with ${result.status ?? result.signal}`;
}

/** Runs this script again on `node` and exits as it does; settles only when it could not start. */
function reexec(node, env) {
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  const childEnv = {
    ...env,
    [GUARD]: '1',
    // Child `node`, `npm` and `npx` (npm is a script run by the first `node` on PATH) and the workers of
    // Vitest, Playwright and Vite run on it too.
    [pathKey]: [path.dirname(node), env[pathKey]].filter(Boolean).join(path.delimiter),
  };
  for (const key of ['NODE', 'npm_node_execpath']) if (env[key]) childEnv[key] = node;
  return new Promise((resolve) => {
    const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: childEnv,
    });
    // A Ctrl-C reaches the child from the terminal as well; a signal sent to this process alone
    // (npm forwarding its own, an orchestrator's SIGTERM) reaches it only through this.
    const forward = (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of SIGNALS) process.on(signal, forward);
    const stopForwarding = () => {
      for (const signal of SIGNALS) process.off(signal, forward);
    };
    child.on('error', (err) => {
      if (child.pid !== undefined) return;
      stopForwarding();
      console.warn(`Could not start ${node} (${err.message}); going on with Node ${process.versions.node}.`);
      resolve();
    });
    child.on('exit', (code, signal) => {
      stopForwarding();
      if (signal) {
        // Ended by a signal: end the same way, so that npm and shells see what happened.
        if (SIGNALS.includes(signal)) process.kill(process.pid, signal);
        process.exit(128 + (os.constants.signals[signal] ?? 0));
      }
      process.exit(code ?? 1);
    });
  });
}

/**
 * Called first by a script: on Node 22.12+ it returns at once. On an older Node it runs the script
 * again on Node 24 (from the cache, or fetched into it first) and never settles: this process exits
 * with the other one's exit code or signal. When Node 24 cannot be had, it warns and returns, and the
 * script goes on on the Node it started on.
 */
export async function ensureSupportedNode({ version = process.versions.node, env = process.env } = {}) {
  const decision = decide(version, env);
  if (decision === 'run') return;
  if (decision === 'stay') {
    console.warn(`${whyNot(version)} (24 LTS recommended); going on with it since ${GUARD}=1.`);
    return;
  }
  const dir = cacheDir(env);
  const pkg = packageName();
  const node = nodeBinary(dir, pkg);
  let nodeVersion = supportedVersionOf(node);
  if (nodeVersion) {
    console.log(`${whyNot(version)}: running on Node ${nodeVersion} from ${dir}.`);
  } else {
    console.log(
      `${whyNot(version)}, fetching Node ${FETCHED_MAJOR} LTS from the npm registry (${pkg}@${FETCHED_MAJOR} into ${dir})...`,
    );
    const failure = fetchNode(dir, pkg, env);
    // Another run may have fetched it meanwhile, and won the race for the directory.
    nodeVersion = supportedVersionOf(node);
    if (!nodeVersion) {
      console.warn(
        `!!! Could not fetch Node ${FETCHED_MAJOR} (${failure ?? `no working ${node} after npm install`}).\n` +
          `!!! Going on with Node ${version}, which still works for now but is unsupported: install Node ${MINIMUM.join('.')}+ (24 LTS recommended).`,
      );
      return;
    }
  }
  await reexec(node, env);
}
