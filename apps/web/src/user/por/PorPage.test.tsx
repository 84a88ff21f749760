import { createHash } from 'node:crypto';
import type { PorProof } from '@platform/contracts';
import { configure, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queryClient.ts';
import { mockApi, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeUser } from '../../test/fixtures.ts';
import { renderInApp, signIn } from '../../test/render.tsx';
import PorPage from './PorPage.tsx';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

/**
 * 资产证明 (issue 36): the page verifies the proof with Web Crypto. The tree here is built with
 * node:crypto from docs/proof-of-liabilities.md, independently of the page's code: three leaves,
 * the third paired with the padding leaf.
 */
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const leaf = (nonce: string, canonical: string) => ({ hash: sha(`leaf|${nonce}|${canonical}`), canonical });
const node = (l: { hash: string }, r: { hash: string }, sums: string) => ({
  hash: sha(`node|${l.hash}|${r.hash}|${sums}`),
  canonical: sums,
});

const a = leaf('aa'.repeat(32), 'USDT:1.000000000000000000');
const b = leaf('bb'.repeat(32), 'BTC:0.500000000000000000,USDT:2.000000000000000000');
const c = leaf('cc'.repeat(32), 'USDT:3.000000000000000000');
const padding = leaf('dd'.repeat(32), '');
const ab = node(a, b, 'BTC:0.500000000000000000,USDT:3.000000000000000000');
const cp = node(c, padding, 'USDT:3.000000000000000000');
const root = node(ab, cp, 'BTC:0.500000000000000000,USDT:6.000000000000000000');

const proofOfB = (): PorProof => ({
  snapshot_id: 4,
  root: root.hash,
  leaf: {
    nonce: 'bb'.repeat(32),
    balances: { BTC: '0.500000000000000000', USDT: '2.000000000000000000' },
    hash: b.hash,
  },
  path: [
    { side: 'left', hash: a.hash, sums: { USDT: '1.000000000000000000' } },
    { side: 'right', hash: cp.hash, sums: { USDT: '3.000000000000000000' } },
  ],
});

let proof: PorProof | null;

beforeEach(() => {
  queryClient.clear();
  proof = proofOfB();
  signIn(makeUser());
  mockApi({
    'GET /api/auth/me': () => ok({ user: makeUser() }),
    'GET /api/por/proof': () =>
      proof
        ? ok(proof)
        : jsonResponse({ success: false, message: '该快照中没有您的余额（余额为零的用户不计入）' }, 404),
    'GET /api/por/snapshots/4': () =>
      ok({
        snapshot: {
          id: 4,
          taken_at: '2026-12-07T00:00:00.000Z',
          root: root.hash,
          totals: { BTC: '0.500000000000000000', USDT: '6.000000000000000000' },
          leaf_count: 3,
          padding_nonce: 'dd'.repeat(32),
          leaves: [],
        },
        pagination: { page: 1, limit: 1, total: 3, totalPages: 3 },
      }),
  });
});

describe('PorPage (资产证明)', () => {
  it('is in English under en: the check, the snapshot, the download', async () => {
    applyLanguage('en');
    const { container } = renderInApp(<PorPage />, '/me/por');
    expect((await screen.findByTestId('por-verified')).textContent).toContain('Verified');
    expect(screen.getByRole('heading', { name: 'Proof of liabilities' })).toBeTruthy();
    expect(screen.getByText('Your leaf')).toBeTruthy();
    expect(screen.getByText('Merkle root')).toBeTruthy();
    expect(screen.getByTestId('por-download').textContent).toBe('Download proof (JSON)');
    expect(chineseIn(container)).toEqual([]);
  });

  it('names the failing level in English under en', async () => {
    applyLanguage('en');
    const changed = proofOfB();
    Object.assign(changed.path[1] as object, { side: 'left' });
    proof = changed;
    const { container } = renderInApp(<PorPage />, '/me/por');
    const failed = await screen.findByTestId('por-failed');
    expect(failed.textContent).toContain('Verification failed');
    expect(failed.textContent).toContain('Level 2 (root): ');
    expect(chineseIn(container)).toEqual([]);
  });

  it('verifies the proof in the browser and shows the balances, the totals and the root', async () => {
    renderInApp(<PorPage />, '/me/por');
    expect((await screen.findByTestId('por-verified')).textContent).toContain('验证通过');
    expect(screen.getByTestId('por-balances').textContent).toBe(
      'BTC 0.500000000000000000USDT 2.000000000000000000',
    );
    expect(screen.getByTestId('por-totals').textContent).toContain('USDT 6.000000000000000000');
    expect(screen.getByTestId('por-root').textContent).toContain(root.hash);
  });

  it('downloads the proof as JSON', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:proof';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderInApp(<PorPage />, '/me/por');
    fireEvent.click(await screen.findByTestId('por-download'));
    expect(click).toHaveBeenCalledOnce();
    expect(JSON.parse(await (blobs[0] as Blob).text())).toEqual(proofOfB());
    click.mockRestore();
  });

  const tampered: [string, (p: PorProof) => void, string][] = [
    ['a balance', (p) => void Object.assign(p.leaf.balances, { USDT: '200.000000000000000000' }), '第 0 层'],
    ['the nonce', (p) => void Object.assign(p.leaf, { nonce: 'ab'.repeat(32) }), '第 0 层'],
    [
      'a sibling hash',
      (p) => void Object.assign(p.path[0] as object, { hash: 'e'.repeat(64) }),
      '第 2（根） 层',
    ],
    ['a side', (p) => void Object.assign(p.path[1] as object, { side: 'left' }), '第 2（根） 层'],
  ];
  for (const [what, change, level] of tampered) {
    it(`says 验证失败 naming the level when ${what} was changed`, async () => {
      const changed = proofOfB();
      change(changed);
      proof = changed;
      renderInApp(<PorPage />, '/me/por');
      const failed = await screen.findByTestId('por-failed');
      expect(failed.textContent).toContain('验证失败');
      expect(failed.textContent).toContain(level);
    });
  }

  it('says so when the user has no balance in the snapshot', async () => {
    proof = null;
    renderInApp(<PorPage />, '/me/por');
    expect((await screen.findByTestId('por-missing')).textContent).toContain('该快照中没有您的余额');
  });
});
