import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with OWASP's recommended minimum cost. */
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, options);

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/** Verified against when an account does not exist, so that both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  return dummyHash;
};
