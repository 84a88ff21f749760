/**
 * What makes two money requests the same request (Idempotency-Key, ARCHITECTURE.md "Idempotency
 * keys"): every term of the body except a 2FA code (`totp`). The code is a credential, not a term:
 * a withdrawal retried after a lost reply carries a new code and must still be the same request, or
 * it would run twice. The server's fingerprint and the web's action keys both use this.
 */
export function requestTerms(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('totp' in body)) return body;
  const { totp: _code, ...terms } = body as Record<string, unknown>;
  return terms;
}
