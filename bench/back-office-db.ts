/** What bench/generate-back-office.ts and bench/admin-calls.ts share: where the database is, who logs in. */

/** The super admin the generator creates and admin-calls.ts logs in as; the other admins share the password. */
export const BENCH_ADMIN = { email: 'bench-admin@bench.local', password: 'bench-admin-password' } as const;
/** Every generated user's password. */
export const BENCH_USER_PASSWORD = 'bench-user-password';
export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_DB_NAME = 'bench_backoffice';

/** The database to use: `--url` or BENCH_DATABASE_URL as given, else `dbName` on the local test server. */
export function targetDatabase(argUrl?: string, dbName = DEFAULT_DB_NAME) {
  const explicit = argUrl ?? process.env.BENCH_DATABASE_URL;
  if (explicit) return { url: explicit, created: false as const };
  const url = new URL(DEFAULT_SERVER_URL);
  url.pathname = `/${dbName}`;
  return { url: url.toString(), created: true as const, serverUrl: DEFAULT_SERVER_URL, dbName };
}
