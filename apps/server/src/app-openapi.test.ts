import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiOptions } from './core/openapi.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { testEngine } from './test/database.ts';

const REPOSITORY = path.resolve(import.meta.dirname, '../../..');
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { $ref?: string }>;
}
interface Document {
  info: { description: string };
  servers: { description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { description: string }> };
}

let t: TestApp;
let dir: string;
let documentFile: string;
let document: Document;

const operations = () =>
  Object.entries(document.paths).flatMap(([route, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${route}`,
      operation,
    })),
  );

// The document does not depend on the database: checked on one engine.
describe.skipIf(testEngine !== 'pglite')('the API document at /api/docs/json', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    documentFile = path.join(dir, 'openapi.json');
    fs.writeFileSync(documentFile, res.body);
  });
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("passes Redocly's recommended lint with no error", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [REDOCLY, 'lint', documentFile, '--format=json', `--config=${path.join(REPOSITORY, 'redocly.yaml')}`],
      {
        // Offline, and nothing but the report on stdout.
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('names every operation, says who may call it and which error replies it has', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    for (const { name, operation } of all) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(operation.summary, name).toBeTruthy();
      expect(operation.security, name).toBeDefined();
    }
    const byName = new Map(all.map(({ name, operation }) => [name, operation]));
    const replies = (name: string) => Object.keys(byName.get(name)?.responses ?? {});
    // Public: no token, so no 401; a route rate limit is a 429.
    expect(byName.get('POST /api/auth/register')?.security).toEqual([]);
    expect(replies('POST /api/auth/register')).toEqual(expect.arrayContaining(['400', '429']));
    expect(replies('POST /api/auth/register')).not.toContain('401');
    // Behind a login: 401 and 403; a record in the path: 404.
    expect(byName.get('GET /api/wallet/deposits/{id}')?.security).toEqual([{ bearer: [] }]);
    expect(replies('GET /api/wallet/deposits/{id}')).toEqual(['200', '400', '401', '403', '404']);
    expect(byName.get('GET /api/wallet/deposits/{id}')?.responses['404']?.$ref).toBe(
      '#/components/responses/NotFound',
    );
    expect(replies('POST /api/wallet/withdrawals')).toEqual(
      expect.arrayContaining(['400', '401', '403', '409', '422']),
    );
  });

  it('keeps each operation’s Chinese summary and gives it an English description (issue 38)', () => {
    const han = /[\u4e00-\u9fff]/;
    for (const { name, operation } of operations()) {
      expect(operation.summary, name).toMatch(han);
      expect(operation.description, name).toMatch(/^[A-Z'"]/);
      expect(operation.description, name).not.toMatch(han);
    }
    const byName = new Map(operations().map(({ name, operation }) => [name, operation]));
    expect(byName.get('POST /api/auth/login')).toMatchObject({
      summary: '登录',
      description: 'Logs in with an e-mail or phone number and the password (and the 2FA code when on).',
    });
    expect(byName.get('POST /api/trading/spot/order')).toMatchObject({
      summary: '现货下单',
      description: 'Places a spot order.',
    });
    // The document's own texts say it in both languages.
    expect(document.info.description).toContain('加密资产交易平台的 HTTP 接口。');
    expect(document.info.description).toContain('The HTTP API of the crypto-asset trading platform.');
    expect(document.servers[0]?.description).toBe(
      '提供本文档的服务器 / The server that serves this document',
    );
    expect(document.components.responses.NotFound?.description).toBe('记录不存在 / Not found');
    for (const [name, response] of Object.entries(document.components.responses)) {
      const [chinese, english] = response.description.split(' / ');
      expect(chinese, name).toMatch(/[\u4e00-\u9fff]/);
      expect(english, name).toMatch(/^[A-Z][^\u4e00-\u9fff]+$/);
    }
  });

  it('generates a TypeScript client description (openapi-typescript) that typechecks', async () => {
    const source = astToString(await openapiTS(new URL(`file://${documentFile}`)));
    for (const { name, operation } of operations())
      expect(source, name).toContain(`${operation.operationId}: {`);
    fs.writeFileSync(path.join(dir, 'api.ts'), source);
    // A client's use of it: a reply body, an error reply, a recursive schema.
    fs.writeFileSync(
      path.join(dir, 'client.ts'),
      [
        "import type { components, paths } from './api';",
        "type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;",
        "type Wallet = Json<paths['/api/wallet']['get']['responses'][200]>;",
        "export const walletOk: Wallet['success'] = true;",
        "type Limited = Json<paths['/api/auth/login']['post']['responses'][429]>;",
        "export const limited: Limited = { success: false, message: '请求过于频繁，请稍后再试' };",
        "export const node = (n: components['schemas']['HierarchyNode']): number => n.children.length;",
      ].join('\n'),
    );
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
      // The language alone: the DOM's declarations would double the time.
      lib: ['lib.es2022.d.ts'],
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});

describe.skipIf(testEngine !== 'pglite')('a documented route without an endpoint', () => {
  it('makes building the document fail, naming the route', async () => {
    const app = Fastify();
    await app.register(swagger, openApiOptions());
    app.get('/api/unnamed/:id', { schema: { tags: ['test'] } }, async () => ({}));
    app.get('/hidden', { schema: { hide: true } }, async () => ({}));
    await app.ready();
    expect(() => app.swagger()).toThrow(
      /^GET \/api\/unnamed\/:id has no operationId, summary or description/,
    );
    await app.close();
  });
});
