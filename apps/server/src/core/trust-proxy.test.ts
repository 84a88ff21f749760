import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig, trustProxyOption } from './config.ts';
import { SERVER_ROOT } from './paths.ts';

/** Issue 32 item 6: TRUST_PROXY names the proxies (a hop count or their addresses), never "anyone". */
describe('TRUST_PROXY', () => {
  it('takes false, a hop count, or proxy addresses / CIDRs (Fastify trustProxy forms)', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,10.0.0.0/255.0.0.0' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/255.0.0.0',
    ]);
    // Outside production `true` is still taken (local experiments), as before.
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it('refuses what is no proxy address, naming TRUST_PROXY', () => {
    for (const value of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1,', '1.2.3', 'fd00::/129', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('a hop count trusts that many hops from the peer: the client is the address the last proxy appended', () => {
    const trust = trustProxyOption(1) as (address: string, hop: number) => boolean;
    expect(trust('10.0.0.1', 0)).toBe(true);
    expect(trust('198.51.100.7', 1)).toBe(false);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });

  it('true is refused in production, saying why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true is refused in production: it takes the leftmost X-Forwarded-For address, which the client chooses/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ NODE_ENV: 'production', TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  it('the server refuses to start in production with TRUST_PROXY=true', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-proxy-'));
    try {
      const failure = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')],
        {
          cwd: path.join(SERVER_ROOT, '../..'),
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'production',
            TRUST_PROXY: 'true',
            DATA_DIR: dataDir,
            PORT: '0',
          },
          timeout: 60_000,
        },
      ).then(
        () => null,
        (err: { code?: number; stderr?: string }) => err,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toMatch(
        /Failed to start: Invalid configuration:\n {2}TRUST_PROXY: true is refused in production/,
      );
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
