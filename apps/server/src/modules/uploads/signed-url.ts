import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { loadOrCreateSecretFile } from '../../core/secret-file.ts';

export const DEFAULT_SIGNED_URL_TTL_SECONDS = 300;

/**
 * Short-lived URLs for resources an <img> must load without a bearer header. The signature is an
 * HMAC-SHA256 over the path and the expiry, so neither can be changed.
 */
export function createUrlSigner(secret: string | Buffer, now: () => number = Date.now) {
  const mac = (urlPath: string, expires: string) =>
    createHmac('sha256', secret).update(`${urlPath}\n${expires}`).digest('hex');
  return {
    /** `path?expires=<unix seconds>&signature=<hex>` valid for ttlSeconds. */
    sign(urlPath: string, ttlSeconds = DEFAULT_SIGNED_URL_TTL_SECONDS): string {
      const expires = String(Math.floor(now() / 1000) + ttlSeconds);
      return `${urlPath}?expires=${expires}&signature=${mac(urlPath, expires)}`;
    },

    /** True only for an unexpired, unaltered signature over exactly this path. */
    verify(urlPath: string, query: { expires?: unknown; signature?: unknown } | undefined): boolean {
      const expires = query?.expires;
      const signature = query?.signature;
      if (typeof expires !== 'string' || typeof signature !== 'string') return false;
      if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
      if (Number.parseInt(expires, 10) * 1000 < now()) return false;
      const expected = Buffer.from(mac(urlPath, expires), 'hex');
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;

/**
 * The signing secret: UPLOAD_SIGNING_SECRET when set; otherwise a random 32-byte secret created
 * once in `<dataDir>/upload-signing-secret` (hex, mode 600; core/secret-file.ts, as the other
 * secrets an installation makes for itself) so that URLs survive restarts. Several instances must
 * share UPLOAD_SIGNING_SECRET. Under NODE_ENV=test: a random in-memory secret.
 */
export function loadUploadSigningSecret(config: {
  UPLOAD_SIGNING_SECRET?: string | undefined;
  DATA_DIR: string;
  NODE_ENV?: string;
}): string {
  if (config.UPLOAD_SIGNING_SECRET) return config.UPLOAD_SIGNING_SECRET;
  // Test servers do not leave a secret file behind in whatever DATA_DIR they run with.
  if (config.NODE_ENV === 'test') return randomBytes(32).toString('hex');
  return loadOrCreateSecretFile(path.join(config.DATA_DIR, 'upload-signing-secret'), {
    what: 'upload signing secret',
    remedy: 'delete it to generate a new one (signed image links given out before stop working)',
  }).toString('hex');
}
