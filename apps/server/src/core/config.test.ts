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

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/db' }).databaseEngine).toBe('postgres');
  });

  it('refuses invalid values and names them', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_PASSWORD: '123' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'nope' })).toThrow(/ADMIN_EMAIL/);
  });
});
