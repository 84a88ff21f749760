// The partition of the server's test files between PGlite and PostgreSQL (test-engines.mjs): sound for
// the files as they are, and refusing each kind of mistake fed to it in a throw-away tree.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { enginePartition, partitionProblems, SERVER_SRC } from './test-engines.mjs';

describe('the engine partition of the server tests', () => {
  it('is sound for the checkout: every listed file exists, every engine-touching file runs on PostgreSQL', () => {
    assert.deepEqual(partitionProblems(), []);
  });

  it('puts every server test file on at least one engine, and only the files of BOTH on two', () => {
    const { pglite, postgres } = enginePartition();
    const onBoth = pglite.filter((file) => postgres.includes(file));
    assert.deepEqual(onBoth, ['apps/server/src/modules/auth/session-cache.test.ts']);
    assert.ok(postgres.length > 10 && pglite.length > 10, `${postgres.length} / ${pglite.length}`);
  });

  describe('fed a tree with mistakes', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'test-engines-'));
    after(() => fs.rmSync(root, { recursive: true, force: true }));
    const write = (name, text) => {
      const file = path.join(root, SERVER_SRC, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      return path.posix.join(SERVER_SRC, name);
    };
    const plain = write('plain.test.ts', "it('adds', () => expect(1 + 1).toBe(2));\n");
    const locks = write(
      'locks.test.ts',
      'await db.execute(sql`SELECT 1 FROM users WHERE id = 1 FOR UPDATE`);\n',
    );
    const advisory = write('jobs/advisory.test.ts', 'await q(`SELECT pg_try_advisory_lock(7)`);\n');
    const timeout = write('timeout.test.ts', "await q(`SET LOCAL statement_timeout = '1s'`);\n");
    const listen = write('feed.test.ts', 'await client.query(`LISTEN session_changes`);\n');
    const race = write(
      'race.test.ts',
      "it('pays once when two withdrawals race', async () => {\n  await Promise.all([pay(), pay()]);\n});\n",
    );
    // The words of issue 35's five missed files ("parallel opens", "50 parallel resets").
    const parallel = write(
      'parallel.test.ts',
      "it('5 parallel approvals apply once', async () => {\n  await Promise.all(approvals);\n});\n",
    );
    const pgOnly = write('pg-only.test.ts', "describe.skipIf(testEngine !== 'postgres')('x', () => {});\n");
    const processes = write(
      'instances.test.ts',
      "import { startServer } from '../test/server-process.ts';\n",
    );
    const venuesInRealTime = write(
      'venues.test.ts',
      "const venue = await startFakeExchange();\nawait createTestApp({ TRADING_JOBS_AUTOSTART: 'true' });\n",
    );
    const pgliteOnly = write('docs.test.ts', "describe.skipIf(testEngine !== 'pglite')('docs', () => {});\n");
    const engineTouching = [
      locks,
      advisory,
      timeout,
      listen,
      race,
      parallel,
      pgOnly,
      processes,
      venuesInRealTime,
    ];

    it('is sound when every engine-touching file is on PostgreSQL', () => {
      assert.deepEqual(partitionProblems(root, { postgres: engineTouching, both: {} }), []);
    });

    it('names each engine-touching file left on PGlite only', () => {
      for (const file of engineTouching) {
        const problems = partitionProblems(root, {
          postgres: engineTouching.filter((f) => f !== file),
          both: {},
        });
        assert.equal(problems.length, 1, `${file}: ${problems.join('; ')}`);
        assert.match(problems[0], new RegExp(`^${file} tests the engine .* runs on PGlite only`));
      }
    });

    it('accepts an engine-touching file on both engines, but not one in both lists', () => {
      const rest = engineTouching.filter((f) => f !== race);
      assert.deepEqual(partitionProblems(root, { postgres: rest, both: { [race]: 'why' } }), []);
      assert.match(
        partitionProblems(root, { postgres: engineTouching, both: { [race]: 'why' } }).join('\n'),
        /race\.test\.ts is in both POSTGRES and BOTH/,
      );
    });

    it('names a listed file that does not exist, and a file listed twice', () => {
      const problems = partitionProblems(root, {
        postgres: [...engineTouching, `${SERVER_SRC}/gone.test.ts`, locks],
        both: {},
      });
      assert.match(problems.join('\n'), /gone\.test\.ts is listed .* but is no server test file/);
      assert.match(problems.join('\n'), /POSTGRES lists a file twice/);
    });

    it('names a file that skips itself off PGlite but is put on PostgreSQL only', () => {
      const problems = partitionProblems(root, { postgres: [...engineTouching, pgliteOnly], both: {} });
      assert.deepEqual(problems, [
        `${pgliteOnly} skips itself off PGlite but runs on PostgreSQL only: take it off POSTGRES`,
      ]);
    });

    it('runs a plain file on PGlite only', () => {
      const { pglite, postgres } = enginePartition(root, { postgres: engineTouching, both: {} });
      assert.ok(pglite.includes(plain) && !postgres.includes(plain));
    });
  });
});
