/**
 * What a phone downloads to show a user screen: opens each screen in Chromium at 390 × 844 against
 * the real server serving the built web app, records every script and stylesheet it loads, and sums
 * their sizes raw, gzip (the .gz the build wrote) and as transferred (the browser takes brotli).
 * Run `npm run build` first; `npm run bench:web`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REPO_ROOT, startServer, stopServer } from './server-process.ts';

const DIST = process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist');
const SCREENS = [
  { name: 'home', path: '/' },
  { name: 'markets', path: '/markets' },
  { name: 'spot', path: '/trade/spot/BTCUSDT' },
  { name: 'admin login', path: '/login' },
];

interface Loaded {
  file: string;
  raw: number;
  gzip: number;
  transferred: number;
}

function sizeOf(file: string): number {
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

async function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html')))
    throw new Error(`no build in ${DIST}: run npm run build`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const server = await startServer({ DATA_DIR: dataDir, WEB_DIST_DIR: DIST });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const rows: string[] = [];
  try {
    for (const screen of SCREENS) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const loaded: Loaded[] = [];
      const pending: Promise<void>[] = [];
      page.on('requestfinished', (request) => {
        const url = new URL(request.url());
        if (!/\.(js|css)$/.test(url.pathname)) return;
        pending.push(
          request.sizes().then((sizes) => {
            const file = path.join(DIST, url.pathname);
            loaded.push({
              file: url.pathname,
              raw: sizeOf(file),
              gzip: sizeOf(`${file}.gz`) || sizeOf(file),
              transferred: sizes.responseBodySize,
            });
          }),
        );
      });
      const started = performance.now();
      await page.goto(server.origin + screen.path, { waitUntil: 'networkidle' });
      const ms = performance.now() - started;
      await Promise.all(pending);
      const js = loaded.filter((l) => l.file.endsWith('.js'));
      const sum = (list: Loaded[], key: 'raw' | 'gzip' | 'transferred') =>
        (list.reduce((total, l) => total + l[key], 0) / 1024).toFixed(1);
      rows.push(
        `| ${screen.name} | ${js.length} | ${sum(js, 'raw')} | ${sum(js, 'gzip')} | ${sum(js, 'transferred')} | ${sum(loaded, 'gzip')} | ${ms.toFixed(0)} |`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    '| screen | JS files | JS raw KiB | JS gzip KiB | JS transferred KiB (br) | JS+CSS gzip KiB | load ms (local) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
}

await main();
