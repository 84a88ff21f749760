import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertWritableDataDir, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults: embedded database on port 3000', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.databaseEngine).toBe('pglite');
    expect(c.DATA_DIR).toBe('./data');
    expect(c.REDIS_URL).toBeUndefined();
  });

  it('requires admin 2FA and times admin sessions out by default (issue 17)', () => {
    const c = loadConfig({});
    expect(c.ADMIN_2FA_REQUIRED).toBe(true);
    expect(c.ADMIN_IDLE_TIMEOUT_MINUTES).toBe(30);
    expect(c.ADMIN_SESSION_MAX_HOURS).toBe(12);
    expect(loadConfig({ ADMIN_2FA_REQUIRED: 'false' }).ADMIN_2FA_REQUIRED).toBe(false);
    expect(() => loadConfig({ ADMIN_2FA_REQUIRED: 'maybe' })).toThrow(/ADMIN_2FA_REQUIRED/);
    expect(() => loadConfig({ ADMIN_IDLE_TIMEOUT_MINUTES: '0' })).toThrow(/ADMIN_IDLE_TIMEOUT_MINUTES/);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/db' }).databaseEngine).toBe('postgres');
  });

  it('refuses invalid values and names them', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_PASSWORD: '123' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'nope' })).toThrow(/ADMIN_EMAIL/);
  });

  it('caps funding rates at FUNDING_RATE_CAP, a fraction between 0 and 1, refusing others by name (issue 34)', () => {
    expect(loadConfig({}).FUNDING_RATE_CAP).toBe('0.0075');
    expect(loadConfig({ FUNDING_RATE_CAP: '0.003' }).FUNDING_RATE_CAP).toBe('0.003');
    expect(loadConfig({ FUNDING_RATE_CAP: '' }).FUNDING_RATE_CAP).toBe('0.0075');
    for (const bad of ['0', '0.0', '1', '1.5', '-0.01', 'abc', '0.00000000001', '7.5%']) {
      expect(() => loadConfig({ FUNDING_RATE_CAP: bad }), bad).toThrow(/FUNDING_RATE_CAP/);
    }
  });

  it('takes FUNDING_INTERVAL_MINUTES that divide a day, refusing others by name (issue 34)', () => {
    expect(loadConfig({}).FUNDING_INTERVAL_MINUTES).toBe(480);
    for (const good of [1, 60, 240, 1440]) {
      expect(loadConfig({ FUNDING_INTERVAL_MINUTES: String(good) }).FUNDING_INTERVAL_MINUTES).toBe(good);
    }
    for (const bad of ['0', '7', '500', '2880', '-480', '1.5', 'eight']) {
      expect(() => loadConfig({ FUNDING_INTERVAL_MINUTES: bad }), bad).toThrow(
        /Invalid configuration:[\s\S]*FUNDING_INTERVAL_MINUTES: /,
      );
    }
  });

  it('holds the bootstrap super admins to the password policy (letters and digits, 8+, not common)', () => {
    for (const name of ['ADMIN_PASSWORD', 'ADMIN2_PASSWORD']) {
      for (const weak of ['abcdefgh', '12345678', 'secret1', 'password1']) {
        expect(() => loadConfig({ [name]: weak }), `${name}=${weak}`).toThrow(new RegExp(name));
      }
      expect(loadConfig({ [name]: 'root-secret-1' })[name as 'ADMIN_PASSWORD']).toBe('root-secret-1');
    }
  });

  it('refuses a REDIS_URL, DATABASE_URL or PUBLIC_URL of another kind, naming it (issue 31)', () => {
    const refused: [string, string][] = [
      ['REDIS_URL', 'not-a-url'],
      ['REDIS_URL', 'http://localhost:6379'],
      ['REDIS_URL', 'redis:'],
      ['DATABASE_URL', 'mysql://u@localhost:3306/db'],
      ['DATABASE_URL', 'localhost:5432/db'],
      ['PUBLIC_URL', 'javascript:alert(1)'],
      ['PUBLIC_URL', 'ftp://exchange.example.com'],
      ['PUBLIC_URL', 'https://'],
    ];
    for (const [name, value] of refused) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`^Invalid configuration:\\n  ${name}: `),
      );
    }
    const accepted: [string, string][] = [
      ['REDIS_URL', 'redis://127.0.0.1:6379'],
      ['REDIS_URL', 'rediss://user:secret@cache.example.com:6380/2'],
      ['DATABASE_URL', 'postgres://u@localhost:5432/db'],
      ['DATABASE_URL', 'postgresql://u:p@db.example.com/platform?sslmode=require'],
      ['PUBLIC_URL', 'https://exchange.example.com'],
      ['PUBLIC_URL', 'http://192.168.1.20:3000'],
    ];
    for (const [name, value] of accepted) {
      expect(loadConfig({ [name]: value })[name as 'REDIS_URL'], `${name}=${value}`).toBe(value);
    }
  });

  it('refuses a DATA_DIR the embedded database cannot write, saying why (issue 31)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-data-dir-'));
    try {
      const file = path.join(dir, 'a-file');
      fs.writeFileSync(file, '');
      const embedded = (DATA_DIR: string) => assertWritableDataDir(loadConfig({ DATA_DIR }));
      expect(() => embedded(path.join(file, 'data'))).toThrow(
        /DATA_DIR: .*a-file is not a directory \(ENOTDIR\)/,
      );
      expect(() => embedded(file)).toThrow(/DATA_DIR: .*a-file is not a directory/);
      // Created when missing, private, and nothing left behind by the check.
      const fresh = path.join(dir, 'fresh', 'data');
      embedded(fresh);
      expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
      expect(fs.readdirSync(fresh)).toEqual([]);
      // On PostgreSQL the embedded database's directory is not checked.
      assertWritableDataDir(
        loadConfig({ DATA_DIR: path.join(file, 'data'), DATABASE_URL: 'postgres://u@localhost/db' }),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    'names a read-only file system (EROFS), not ENOENT (issue 31)',
    (ctx) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-ro-'));
      const readOnly = path.join(dir, 'ro');
      fs.mkdirSync(readOnly);
      try {
        try {
          execFileSync('mount', ['--bind', readOnly, readOnly], { stdio: 'ignore' });
          execFileSync('mount', ['-o', 'remount,bind,ro', readOnly], { stdio: 'ignore' });
        } catch {
          ctx.skip(); // no right to mount here
        }
        const embedded = (DATA_DIR: string) => assertWritableDataDir(loadConfig({ DATA_DIR }));
        expect(() => embedded(readOnly)).toThrow(
          /DATA_DIR: .*ro is not writable: read-only file system \(EROFS\)/,
        );
        expect(() => embedded(path.join(readOnly, 'data'))).toThrow(
          /DATA_DIR: .*ro is not writable: read-only file system \(EROFS\)/,
        );
      } finally {
        try {
          execFileSync('umount', [readOnly], { stdio: 'ignore' });
        } catch {}
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(process.getuid?.() === 0)(
    'names a directory without write permission (EACCES) (issue 31)',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-eacces-'));
      const locked = path.join(dir, 'locked');
      fs.mkdirSync(locked, { mode: 0o500 });
      try {
        expect(() => assertWritableDataDir(loadConfig({ DATA_DIR: path.join(locked, 'data') }))).toThrow(
          /DATA_DIR: .*locked is not writable: permission denied \(EACCES\)/,
        );
      } finally {
        fs.chmodSync(locked, 0o700);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
