import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, params, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** scrypt hash of a password or fund password, stored with its parameters and salt. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * A secret that hashes as another would: with a NUL (scrypt's HMAC pads a short key with zero bytes,
 * so "123456" and "123456\0" derive the same key), or with a lone half of a UTF-16 pair (encoded as
 * the replacement character, so every such secret is the same). None is ever stored: passwords refuse
 * both, fund passwords are digits.
 */
const AMBIGUOUS = /[\0\p{Cs}]/u;

/** Whether a secret is the stored one; an ambiguous one never is. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  if (AMBIGUOUS.test(secret)) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(secret, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A random token for cookies; only its sha256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
