import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex-encoded HMAC-SHA256 of the raw body: the scheme of Ziina's `X-Hmac-Signature` (and the sandbox's). */
export function hmacHex(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * An HMAC-SHA256 in hex exactly as the providers write it: 64 lower-case hex digits, nothing
 * around them. Decoding is strict because Buffer.from(…, 'hex') stops quietly at the first
 * non-hex character and drops an odd last digit, so a genuine signature with junk after it
 * would otherwise decode to the genuine bytes and pass.
 */
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Compares a received hex signature with the expected one: the exact bytes, in constant time. */
export function signatureMatches(secret: string, body: Buffer, received: string | undefined): boolean {
  if (received === undefined || !SHA256_HEX.test(received)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(Buffer.from(received, 'hex'), expected);
}
