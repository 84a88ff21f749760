import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
});
