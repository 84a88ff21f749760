import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { adminSession, callApi, openAs, type Session, snap, toast } from './support.ts';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface Pair {
  id: number;
  symbol: string;
  base_currency: string;
  quote_currency: string;
  enabled: boolean;
}

async function adminPairs(request: APIRequestContext, admin: Session) {
  return callApi<{ pairs: Pair[]; lastSyncTime: string | null }>(request, 'GET', '/api/admin/trading/pairs', {
    token: admin.token,
  });
}

/** The pairs the page should show for a search term: the spec's rule, written out independently of the app. */
function matching(pairs: Pair[], term: string): Pair[] {
  const needle = term.toLowerCase();
  return pairs.filter((p) =>
    [p.symbol, p.base_currency, p.quote_currency].some((field) => field.toLowerCase().includes(needle)),
  );
}

test('an operator syncs the pairs, searches, filters and switches a pair on and off', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  await openAs(page, admin, '/admin/trading/pairs');
  await expect(page.getByTestId('pairs-page')).toBeVisible();

  // Sync: the alert carries the counts the server answered, then the list reloads.
  const synced = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/trading/pairs/sync' && r.request().method() === 'POST',
  );
  await page.getByTestId('pairs-sync').click();
  const reply = (await (await synced).json()) as {
    success: boolean;
    message: string;
    data: { newPairs: number; updatedPairs: number };
  };
  expect(reply.success, reply.message).toBe(true);
  const { newPairs, updatedPairs } = reply.data;
  await expect(
    toast(page, `同步完成！新增 ${newPairs} 个交易对，更新 ${updatedPairs} 个交易对。`),
  ).toBeVisible();
  await expect(page.getByTestId('pairs-sync')).toHaveText(/同步OKX数据/);
  await expect(page.getByTestId('pairs-last-sync')).toHaveText(
    /最后同步：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
  );

  const { pairs } = await adminPairs(request, admin);
  expect(pairs.length).toBeGreaterThan(1);
  await expect(page.getByTestId('pairs-count')).toHaveText(`共 ${pairs.length} 个交易对`);
  await snap(page, testInfo, 'pairs-synced');

  // A pair that users cannot trade yet is switched on and back off, so other specs keep their markets.
  const target = pairs.find((p) => !p.enabled) ?? pairs[pairs.length - 1];
  if (!target) throw new Error('no pair');

  // Search: case-insensitive, on symbol, base or quote currency; the count follows.
  const search = page.getByTestId('pairs-search');
  const byBase = matching(pairs, target.base_currency);
  await search.fill(target.base_currency.toLowerCase());
  await expect(page.getByTestId('pairs-count')).toHaveText(
    byBase.length === pairs.length
      ? `共 ${pairs.length} 个交易对`
      : `显示 ${byBase.length} 个交易对（共 ${pairs.length} 个）`,
  );
  await search.fill(target.symbol.toLowerCase());
  const row = page.getByTestId(`pair-row-${target.id}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${target.base_currency}/${target.quote_currency}`);
  const link = page.getByTestId(`pair-link-${target.id}`);
  await expect(link).toHaveAttribute(
    'href',
    `https://www.okx.com/trade-spot/${target.base_currency.toLowerCase()}-${target.quote_currency.toLowerCase()}`,
  );
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  await search.fill('NO-SUCH-PAIR-XYZ');
  await expect(page.getByText('没有找到匹配的交易对')).toBeVisible();
  await search.fill(target.symbol);
  await expect(row).toBeVisible();

  // Status filter: the row is under the filter of its state only.
  const wasEnabled = target.enabled;
  await page.getByTestId(wasEnabled ? 'pairs-filter-disabled' : 'pairs-filter-enabled').click();
  await expect(row).toBeHidden();
  await page.getByTestId(wasEnabled ? 'pairs-filter-enabled' : 'pairs-filter-disabled').click();
  await expect(row).toBeVisible();
  await page.getByTestId('pairs-filter-all').click();

  // Toggle: the switch calls the server, and the change is visible through the API and to users.
  const toggle = page.getByTestId(`pair-toggle-${target.id}`);
  await expect(toggle).toHaveAttribute('aria-checked', String(wasEnabled));
  await toggle.click();
  await expect(toast(page, `${target.symbol} ${wasEnabled ? '已禁用' : '已启用'}`)).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', String(!wasEnabled));
  const afterToggle = (await adminPairs(request, admin)).pairs.find((p) => p.id === target.id);
  expect(afterToggle?.enabled).toBe(!wasEnabled);
  const tradable = await callApi<{ pairs: Pair[] }>(request, 'GET', '/api/trading/pairs');
  expect(tradable.pairs.some((p) => p.symbol === target.symbol)).toBe(!wasEnabled);
  await snap(page, testInfo, 'pairs-toggled');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(wasEnabled));
  await expect
    .poll(async () => (await adminPairs(request, admin)).pairs.find((p) => p.id === target.id)?.enabled)
    .toBe(wasEnabled);
});
