import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { calculateJwkThumbprint, exportJWK, type JWK, SignJWT } from 'jose';
import { certificatePath } from '@oasis/shared/certificates';
import type { Config } from '../../config.ts';
import { parsePreviousKeys, parseSigningKey } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getSettings } from '../settings/service.ts';
import { type CertificateRow, revokedStatusIndexes } from './service.ts';

/**
 * Each certificate as an Open Badges 3.0 `OpenBadgeCredential`, signed as a VC-JWT with the
 * site's key, and the revoked ones in a Bitstring Status List, itself signed. Anyone can check a
 * credential with the public key published at /.well-known/jwks.json alone.
 */

export const CREDENTIAL_PATHS = {
  jwks: '/.well-known/jwks.json',
  issuer: '/api/credentials/issuer',
  statusList: '/api/credentials/status/revocation',
} as const;

const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
/** The key file kept in the data folder where no key is configured (development and tests). */
export const LOCAL_KEY_FILE = 'credential-signing-key.pem';
/**
 * The status list's length in bits: 16 KB, the smallest the Bitstring Status List recommends, so
 * a list does not tell how many certificates there are; longer once there are more.
 */
const MIN_LIST_BITS = 131_072;

interface SigningKey {
  privateKey: KeyObject;
  publicJwk: JWK;
  alg: 'EdDSA' | 'ES256';
  kid: string;
  /** The public keys of CREDENTIAL_PREVIOUS_KEYS (the current one left out): they verify, never sign. */
  previousJwks: JWK[];
}

const keys = new WeakMap<Config, Promise<SigningKey>>();

/**
 * The site's signing key: CREDENTIAL_SIGNING_KEY, or one made once and kept in the data folder.
 * A public site never makes one: without CREDENTIAL_SIGNING_KEY it signs nothing (503), since a
 * key of one instance's disk would differ between instances and be lost with the disk.
 */
export function signingKey(config: Config): Promise<SigningKey> {
  let key = keys.get(config);
  if (!key) {
    key = loadSigningKey(config);
    keys.set(config, key);
    key.catch(() => keys.delete(config));
  }
  return key;
}

async function loadSigningKey(config: Config): Promise<SigningKey> {
  const privateKey = config.credentialSigningKey
    ? parseSigningKey(config.credentialSigningKey.reveal())
    : localKey(config);
  const current = await publishedJwk(privateKey);
  const previous = config.credentialPreviousKeys ? parsePreviousKeys(config.credentialPreviousKeys.reveal()) : [];
  const previousJwks: JWK[] = [];
  for (const jwk of await Promise.all(previous.map(publishedJwk))) {
    if (![current, ...previousJwks].some((known) => known.kid === jwk.kid)) previousJwks.push(jwk);
  }
  return { privateKey, publicJwk: current, alg: current.alg as SigningKey['alg'], kid: current.kid!, previousJwks };
}

/**
 * A key's public JWK as published: its `kid` is the RFC 7638 thumbprint, the same for the same key
 * on every instance and after every restart, so a credential's header names the key that signed it.
 */
async function publishedJwk(key: KeyObject): Promise<JWK> {
  const jwk = await exportJWK(key);
  delete jwk.d;
  const alg = key.asymmetricKeyType === 'ed25519' ? 'EdDSA' : 'ES256';
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg, use: 'sig' };
}

function localKey(config: Config): KeyObject {
  if (config.publicSite) throw new AppError(503, 'certificateRules.notAvailable');
  const file = path.join(config.dataDir, LOCAL_KEY_FILE);
  try {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
    // 'wx': made once; a second process starting at the same time reads the first one's.
    fs.writeFileSync(file, pem, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSigningKey(fs.readFileSync(file, 'utf8'));
}

/**
 * The public key set: what a verifier needs, and all it needs. The signing key first, then the
 * previous ones, so credentials signed before a rotation still verify.
 */
export async function publicKeySet(config: Config): Promise<{ keys: JWK[] }> {
  const key = await signingKey(config);
  return { keys: [key.publicJwk, ...key.previousJwks] };
}

/** The issuer's Open Badges profile. */
export async function issuerProfile(db: Db, config: Config) {
  const settings = await getSettings(db);
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: `${config.siteUrl}${CREDENTIAL_PATHS.issuer}`,
    type: ['Profile'],
    name: settings.brandName,
    url: config.siteUrl,
  };
}

async function sign(config: Config, payload: Record<string, unknown>, subject: string): Promise<string> {
  const key = await signingKey(config);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(`${config.siteUrl}${CREDENTIAL_PATHS.issuer}`)
    .setSubject(subject)
    .setIssuedAt()
    .sign(key.privateKey);
}

/**
 * The certificate's OpenBadgeCredential as a VC-JWT (Open Badges 3.0, section 8.2: the credential
 * in the `vc` claim, with `iss`, `jti`, `sub` and `nbf` from it). It holds a status entry: its bit
 * in the revocation list, so a credential downloaded before a revocation is found revoked.
 */
export async function certificateCredentialJwt(db: Db, config: Config, row: CertificateRow): Promise<string> {
  const issuer = await issuerProfile(db, config);
  const url = `${config.siteUrl}${certificatePath(row.id)}`;
  const statusList = `${config.siteUrl}${CREDENTIAL_PATHS.statusList}`;
  const subjectId = `${url}#recipient`;
  const credential = {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: url,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: row.courseTitle,
    issuer: { id: issuer.id, type: issuer.type, name: row.brandName, url: issuer.url },
    validFrom: row.issuedAt.toISOString(),
    credentialSubject: {
      id: subjectId,
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: row.name }],
      achievement: {
        id: `${config.siteUrl}/api/credentials/achievements/${row.courseId}`,
        type: ['Achievement'],
        name: row.courseTitle,
        description: row.courseTitle,
        criteria: { narrative: 'Completed every lesson of the course and passed its quiz, where it has one.' },
        creator: { id: issuer.id, type: issuer.type, name: row.brandName },
      },
    },
    credentialStatus: {
      id: `${statusList}#${row.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(row.statusIndex),
      statusListCredential: statusList,
    },
  };
  return sign(config, { vc: credential, jti: url, nbf: Math.floor(row.issuedAt.getTime() / 1000) }, subjectId);
}

/** Bit `index` of a Bitstring Status List: the first bit is the highest of the first byte. */
export function statusBit(list: Uint8Array, index: number): boolean {
  const byte = list[Math.floor(index / 8)] ?? 0;
  return (byte & (0x80 >> (index % 8))) !== 0;
}

/** The revocation list as a signed BitstringStatusListCredential (VC-JWT). */
export async function revocationListJwt(db: Db, config: Config): Promise<string> {
  const revoked = await revokedStatusIndexes(db);
  const bits = Math.max(MIN_LIST_BITS, Math.ceil((Math.max(0, ...revoked) + 1) / MIN_LIST_BITS) * MIN_LIST_BITS);
  const list = new Uint8Array(bits / 8);
  for (const index of revoked) list[Math.floor(index / 8)]! |= 0x80 >> (index % 8);
  const encodedList = `u${(await promisify(gzip)(list)).toString('base64url')}`;
  const url = `${config.siteUrl}${CREDENTIAL_PATHS.statusList}`;
  const credential = {
    '@context': [VC_CONTEXT],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: `${config.siteUrl}${CREDENTIAL_PATHS.issuer}`,
    validFrom: new Date().toISOString(),
    credentialSubject: { id: `${url}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList },
  };
  return sign(config, { vc: credential, jti: url }, `${url}#list`);
}
