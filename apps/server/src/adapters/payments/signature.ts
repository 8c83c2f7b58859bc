import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex-encoded HMAC-SHA256 of the raw body: the scheme of Ziina's `X-Hmac-Signature` (and the sandbox's). */
export function hmacHex(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Compares a received hex signature with the expected one in constant time. */
export function signatureMatches(secret: string, body: Buffer, received: string | undefined): boolean {
  if (!received) return false;
  const expected = Buffer.from(hmacHex(secret, body), 'hex');
  const given = Buffer.from(received.trim().toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
