import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PNG } from '../../test/multipart.ts';
import { cleanImage } from './image-pipeline.ts';
import { createImageStore } from './image-store.ts';
import { createUrlSigner, loadUploadSigningSecret } from './signed-url.ts';

describe('createUrlSigner', () => {
  const secret = randomBytes(32).toString('hex');
  it('accepts its own URL and refuses missing, altered and expired signatures', () => {
    let now = 1_700_000_000_000;
    const signer = createUrlSigner(secret, () => now);
    const url = signer.sign('/api/kyc/documents/a.png');
    const q = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(q.expires).toBe(String(1_700_000_000 + 300));
    expect(signer.verify('/api/kyc/documents/a.png', q)).toBe(true);
    expect(signer.verify('/api/kyc/documents/b.png', q)).toBe(false);
    expect(signer.verify('/api/kyc/documents/a.png', {})).toBe(false);
    expect(signer.verify('/api/kyc/documents/a.png', { ...q, expires: String(Number(q.expires) + 1) })).toBe(
      false,
    );
    const flipped = `${q.signature?.[0] === 'a' ? 'b' : 'a'}${q.signature?.slice(1)}`;
    expect(signer.verify('/api/kyc/documents/a.png', { ...q, signature: flipped })).toBe(false);
    expect(createUrlSigner('other-secret-xxxxxxxx', () => now).verify('/api/kyc/documents/a.png', q)).toBe(
      false,
    );
    now += 301_000;
    expect(signer.verify('/api/kyc/documents/a.png', q)).toBe(false);
  });

  it('keeps a generated secret in the data directory (mode 600) across restarts', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'signer-'));
    const a = await loadUploadSigningSecret({ DATA_DIR: dir });
    const b = await loadUploadSigningSecret({ DATA_DIR: dir });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    const stat = await fs.stat(path.join(dir, 'upload-signing-secret'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(
      await loadUploadSigningSecret({ DATA_DIR: dir, UPLOAD_SIGNING_SECRET: 'configured-secret-1234' }),
    ).toBe('configured-secret-1234');
  });
});

describe('createImageStore', () => {
  it('stores under generated names with private modes and refuses other names', async () => {
    const dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'images-')), 'kyc');
    const store = createImageStore(dir);
    const png = await cleanImage(PNG, ['png']);
    const name = await store.save(png);
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(dir, name))).mode & 0o777).toBe(0o600);
    expect(await store.read(name)).toEqual({ bytes: png.bytes, contentType: 'image/png' });
    expect(await store.read('../kyc/x.png')).toBeUndefined();
    expect(await store.read(`../${name}`)).toBeUndefined();
    expect(await store.read(`${'0'.repeat(32)}.png`)).toBeUndefined();
  });
});
