import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '../../../test/fixtures.ts';
import { createSimProvider } from './sim.ts';
import { loadSimSecret, SIM_SECRET_FILE } from './sim-secret.ts';

/** 2026-11-21 07:33:17.250 UTC. */
const NOW = Date.UTC(2026, 10, 21, 7, 33, 17, 250);

const dirs: string[] = [];
function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-secret-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function lastPrices(secret: Buffer): Promise<string[]> {
  const provider = createSimProvider({ secret, tickMs: 1000, now: () => NOW });
  const tickers = await provider.tickers(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  await provider.close();
  return tickers.map((t) => t.last);
}

/** Runs `script` (ES module code, TypeScript imports allowed) in a child Node process: its exit code. */
function runNode(script: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', '--input-type=module', '-e', script];
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', resolve);
  });
}

describe('loadSimSecret', () => {
  it('takes MARKET_SIM_SEED as its UTF-8 bytes and writes nothing', () => {
    const dir = freshDir();
    expect(loadSimSecret({ MARKET_SIM_SEED: 'multi-instance 秘密', DATA_DIR: dir })).toEqual(
      Buffer.from('multi-instance 秘密', 'utf8'),
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('generates a random 256-bit secret per DATA_DIR, kept in a private file and read back', async () => {
    const [first, second] = [freshDir(), freshDir()];
    // DATA_DIR itself is created when missing.
    const dataDir = path.join(first, 'data');
    const a = loadSimSecret({ DATA_DIR: dataDir });
    const b = loadSimSecret({ MARKET_SIM_SEED: undefined, DATA_DIR: second });
    expect(a).toHaveLength(32);
    expect(b).toHaveLength(32);
    expect(a.equals(b)).toBe(false);
    const file = path.join(dataDir, SIM_SECRET_FILE);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${a.toString('hex')}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The next start reads the same secret back.
    expect(loadSimSecret({ DATA_DIR: dataDir }).equals(a)).toBe(true);
    expect(loadSimSecret({ DATA_DIR: second }).equals(b)).toBe(true);
    // Two installations quote different prices at the same instant; one installation the same.
    const [pricesA, pricesB] = [await lastPrices(a), await lastPrices(b)];
    expect(pricesA.filter((price, i) => price === pricesB[i])).toEqual([]);
    expect(await lastPrices(loadSimSecret({ DATA_DIR: dataDir }))).toEqual(pricesA);
  });

  it('ends with one secret when several processes start at once', async () => {
    const dir = freshDir();
    const module = new URL('./sim-secret.ts', import.meta.url).href;
    const outputs = Array.from({ length: 4 }, (_, i) => path.join(dir, `out-${i}`));
    const codes = await Promise.all(
      outputs.map((out) =>
        runNode(
          `import fs from 'node:fs';
           const { loadSimSecret } = await import(${JSON.stringify(module)});
           const secret = loadSimSecret({ DATA_DIR: ${JSON.stringify(path.join(dir, 'data'))} });
           fs.writeFileSync(${JSON.stringify(out)}, secret.toString('hex'));`,
        ),
      ),
    );
    expect(codes).toEqual([0, 0, 0, 0]);
    const secrets = outputs.map((out) => fs.readFileSync(out, 'utf8'));
    expect(new Set(secrets).size).toBe(1);
    expect(loadSimSecret({ DATA_DIR: path.join(dir, 'data') }).toString('hex')).toBe(secrets[0]);
  }, 60_000);

  it('reads the secret of the process that created the file first when it loses the race', () => {
    const dir = freshDir();
    const winner = loadSimSecret({ DATA_DIR: dir });
    // This process looked before the winner created the file, and creates it after.
    vi.spyOn(fs, 'existsSync').mockReturnValueOnce(false);
    const write = vi.spyOn(fs, 'writeFileSync');
    expect(loadSimSecret({ DATA_DIR: dir }).equals(winner)).toBe(true);
    expect(write).toHaveBeenCalledTimes(1);
    expect(write.mock.calls[0]![2]).toMatchObject({ flag: 'wx', mode: 0o600 });
    expect(fs.readFileSync(path.join(dir, SIM_SECRET_FILE), 'utf8')).toBe(`${winner.toString('hex')}\n`);
  });

  it('waits for a secret file another process has created but not written yet', async () => {
    const dir = freshDir();
    const file = path.join(dir, SIM_SECRET_FILE);
    fs.writeFileSync(file, '', { mode: 0o600 });
    const secret = randomBytes(32).toString('hex');
    // The writer is another process: this one blocks while it reads the file again and again.
    const writer = runNode(
      `import fs from 'node:fs';
       setTimeout(() => fs.writeFileSync(${JSON.stringify(file)}, ${JSON.stringify(`${secret}\n`)}), 300);`,
    );
    await sleep(50);
    const started = performance.now();
    expect(loadSimSecret({ DATA_DIR: dir }).toString('hex')).toBe(secret);
    expect(performance.now() - started).toBeGreaterThan(100);
    expect(await writer).toBe(0);
  });

  it('refuses a secret file that is not one, and never replaces it', () => {
    const dir = freshDir();
    const file = path.join(dir, SIM_SECRET_FILE);
    fs.writeFileSync(file, 'not a secret\n', { mode: 0o600 });
    expect(() => loadSimSecret({ DATA_DIR: dir })).toThrow(
      /market-sim-secret does not hold a market simulator secret/,
    );
    expect(fs.readFileSync(file, 'utf8')).toBe('not a secret\n');
  });
});
