import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCertificatesSchema, myCertificatesSchema } from '@oasis/shared/certificates';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { jpeg, multipart, setUpSignIn, signIn } from '../../../test/uploads.ts';
import { seedCourse, seedMentor, seedUser } from '../../db/factories.ts';
import { certificates, mentor, outbox, users } from '../../db/schema.ts';
import { settleMail } from '../mail/outbox.ts';
import { loadConfig } from '../../config.ts';
import { certificateCredentialJwt, LOCAL_KEY_FILE, publicKeySet, signingKey, statusBit } from './credential.ts';
import { onCourseCompleted } from './on-completion.ts';
import { issueCertificate } from './service.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = setUpSignIn(t);

/** A learner who completed a new course, with their certificate issued as completion issues it. */
async function completed(overrides: { name?: string; locale?: 'en' | 'ar' } = {}) {
  const learner = await signIn(t.deps.db, 'learner');
  if (overrides.name || overrides.locale) {
    await t.deps.db
      .update(users)
      .set({ ...(overrides.name && { name: overrides.name }), ...(overrides.locale && { locale: overrides.locale }) })
      .where(eq(users.id, learner.user.id));
  }
  const course = await seedCourse(t.deps.db, {
    title: 'Off-Plan Investing',
    titleAr: 'الاستثمار في العقارات على الخارطة',
  });
  const { certificate } = await issueCertificate(t.deps.db, { userId: learner.user.id, courseId: course.id });
  return { learner, course, certificate };
}

/** The parts of the credentials the tests read. */
interface BadgeCredential {
  '@context': string[];
  id: string;
  type: string[];
  issuer: { id: string };
  credentialSubject: {
    type: string[];
    identifier: { identityHash: string }[];
    achievement: { name: string };
  };
  credentialStatus: { statusListCredential: string; statusListIndex: string };
}
interface StatusListCredential {
  type: string[];
  credentialSubject: { encodedList: string };
}

/** The mentor's profile (one row) as a test wants it, whatever an earlier test saved. */
async function withMentor(overrides: Parameters<typeof seedMentor>[1]) {
  await t.deps.db.delete(mentor);
  return seedMentor(t.deps.db, overrides);
}

const post = (url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: admin.headers, ...(payload && { payload }) });

describe('issuing', () => {
  it('issues one certificate when ten completions arrive at once, with an unguessable id', async () => {
    const user = await seedUser(t.deps.db);
    const course = await seedCourse(t.deps.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => issueCertificate(t.deps.db, { userId: user.id, courseId: course.id })),
    );
    const ids = new Set(results.map((r) => r.certificate.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.issued)).toHaveLength(1);
    const rows = await t.deps.db.select().from(certificates).where(eq(certificates.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('on completion: prints the profile name and the course in the learner language, and e-mails the PDF once', async () => {
    await withMentor({ name: 'Sarah Whitfield', nameAr: 'سارة ويتفيلد' });
    const user = await seedUser(t.deps.db, { name: 'ليلى حداد', locale: 'ar' });
    const course = await seedCourse(t.deps.db, { title: 'Dubai Rentals', titleAr: 'الإيجارات في دبي' });
    const deps = t.deps;
    const first = await onCourseCompleted(deps, { userId: user.id, courseId: course.id });
    const again = await onCourseCompleted(t.app, { userId: user.id, courseId: course.id });
    expect(first.issued).toBe(true);
    expect(again).toEqual({ certificateId: first.certificateId, issued: false });
    const [row] = await t.deps.db.select().from(certificates).where(eq(certificates.id, first.certificateId));
    expect(row).toMatchObject({
      name: 'ليلى حداد',
      courseTitle: 'الإيجارات في دبي',
      mentorName: 'سارة ويتفيلد',
      locale: 'ar',
    });
    await settleMail();
    const sent = t.mail.sent.filter((m) => m.to === user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('الإيجارات في دبي');
    expect(sent[0]!.text).toContain(`/ar/certificates/${first.certificateId}`);
    expect(sent[0]!.attachments?.map((a) => [a.filename, a.content.subarray(0, 5).toString('latin1')])).toEqual([
      [`certificate-${first.certificateId}.pdf`, '%PDF-'],
    ]);
    const queued = await t.deps.db.select().from(outbox).where(eq(outbox.to, user.email));
    expect(queued.map((m) => m.certificateId)).toEqual([first.certificateId]);
  }, 60_000);
});

describe('the learner', () => {
  it('finds their certificate per course, downloads its PDF, and makes its check page public; others cannot', async () => {
    const { learner, course, certificate } = await completed();
    const res = await t.app.inject({ method: 'GET', url: '/api/me/certificates', headers: learner.headers });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(myCertificatesSchema.parse(res.json()).certificates).toEqual([
      expect.objectContaining({ id: certificate.id, courseId: course.id, status: 'valid', public: false }),
    ]);
    const other = await signIn(t.deps.db, 'learner');
    const url = `/api/me/certificates/${certificate.id}/public`;
    const refused = await t.app.inject({ method: 'PUT', url, headers: other.headers, payload: { public: true } });
    expect(refused.statusCode).toBe(404);
    const made = await t.app.inject({ method: 'PUT', url, headers: learner.headers, payload: { public: true } });
    expect(made.json()).toMatchObject({ id: certificate.id, public: true });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificate.id}/certificate.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);

  it("prints the mentor's signature once the owner uploads one", async () => {
    await withMentor({ name: 'Sarah Whitfield' });
    const { certificate } = await completed();
    const images = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificate.id}/certificate.pdf` });
      return res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
    };
    await t.app.inject({ method: 'DELETE', url: '/api/admin/mentor/signature', headers: admin.headers });
    // The QR code only (with its transparency mask, an image of its own).
    const without = await images();
    expect(without).toBeGreaterThan(0);
    const form = await multipart(
      { signature: { data: await jpeg(600, 200, '#fff'), filename: 'sig.jpg' } },
      admin.headers,
    );
    const uploaded = await t.app.inject({ method: 'PUT', url: '/api/admin/mentor/signature', ...form });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().signature.url).toMatch(/^\/media\//);
    expect(await images()).toBe(without + 1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/mentor/signature',
      headers: admin.headers,
    });
    expect(removed.json()).toEqual({ signature: null });
    expect(await images()).toBe(without);
  }, 60_000);

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/certificates/AAAAAAAAAAAAAAAAAAAAAA/certificate.pdf',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/certificates/1/credential.jwt' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the owner', () => {
  it('revokes with a reason, once', async () => {
    const { certificate } = await completed();
    const res = await post(`/api/admin/certificates/${certificate.id}/revoke`, { reason: 'issued_in_error' });
    expect(res.statusCode).toBe(200);
    const again = await post(`/api/admin/certificates/${certificate.id}/revoke`, { reason: 'other' });
    expect(again.statusCode).toBe(409);
    const free = await post(`/api/admin/certificates/${certificate.id}/revoke`, { reason: 'my note' });
    expect(free.statusCode).toBe(400);
    const [row] = await t.deps.db.select().from(certificates).where(eq(certificates.id, certificate.id));
    expect(row).toMatchObject({ revokeReason: 'issued_in_error' });
    expect(row!.revokedAt).toBeInstanceOf(Date);
  });

  it('re-issues after a name correction: a new id with the profile name, the old one revoked as replaced', async () => {
    const { learner, certificate } = await completed({ name: 'Layla Hadad' });
    await t.deps.db.update(users).set({ name: 'Layla Haddad' }).where(eq(users.id, learner.user.id));
    const res = await post(`/api/admin/certificates/${certificate.id}/reissue`);
    expect(res.statusCode).toBe(200);
    const newId = res.json().id as string;
    expect(newId).not.toBe(certificate.id);
    const [old] = await t.deps.db.select().from(certificates).where(eq(certificates.id, certificate.id));
    const [fresh] = await t.deps.db.select().from(certificates).where(eq(certificates.id, newId));
    expect(old).toMatchObject({ revokeReason: 'replaced', replacedById: newId, name: 'Layla Hadad' });
    expect(fresh).toMatchObject({ name: 'Layla Haddad', replacesId: certificate.id, revokedAt: null });
    expect((await post(`/api/admin/certificates/${certificate.id}/reissue`)).statusCode).toBe(409);
    // The learner sees the new one only.
    const mine = await t.app.inject({ method: 'GET', url: '/api/me/certificates', headers: learner.headers });
    expect(mine.json().certificates.map((c: { id: string }) => c.id)).toEqual([newId]);
    // And completing again finds the new one.
    const { certificate: current } = await issueCertificate(t.deps.db, {
      userId: learner.user.id,
      courseId: fresh!.courseId,
    });
    expect(current.id).toBe(newId);
  });

  it('lists certificates searched by name, course or id, paged', async () => {
    const { certificate } = await completed({ name: 'Zainab Quereshi' });
    const get = async (q: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/certificates?q=${encodeURIComponent(q)}`,
        headers: admin.headers,
      });
      return adminCertificatesSchema.parse(res.json());
    };
    expect((await get('quereshi')).certificates.map((c) => c.id)).toEqual([certificate.id]);
    expect((await get(certificate.id)).certificates.map((c) => c.name)).toEqual(['Zainab Quereshi']);
    expect((await get('no such learner')).total).toBe(0);
  });
});

describe('the Open Badges credential', () => {
  it('verifies with the published key alone, and is found revoked in the status list after revocation', async () => {
    const { certificate } = await completed({ name: 'Omar Farouk' });
    const jwt = (await t.app.inject({ method: 'GET', url: `/api/certificates/${certificate.id}/credential.jwt` })).body;
    const jwks = createLocalJWKSet((await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json());
    const { payload } = await jwtVerify(jwt, jwks);
    const vc = payload.vc as BadgeCredential;
    expect(vc['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.credentialSubject.type).toEqual(['AchievementSubject']);
    expect(vc.credentialSubject.achievement.name).toBe('Off-Plan Investing');
    expect(vc.credentialSubject.identifier[0]?.identityHash).toBe('Omar Farouk');
    const issuer = (await t.app.inject({ method: 'GET', url: '/api/credentials/issuer' })).json();
    expect(payload.iss).toBe(issuer.id);
    expect(vc.issuer.id).toBe(issuer.id);

    /** Whether the credential's bit in the (verified) status list it names is set. */
    const revoked = async () => {
      const status = vc.credentialStatus;
      const listUrl = new URL(status.statusListCredential).pathname;
      const listJwt = (await t.app.inject({ method: 'GET', url: listUrl })).body;
      const list = (await jwtVerify(listJwt, jwks)).payload.vc as StatusListCredential;
      expect(list.type).toContain('BitstringStatusListCredential');
      const encoded = list.credentialSubject.encodedList as string;
      return statusBit(gunzipSync(Buffer.from(encoded.slice(1), 'base64url')), Number(status.statusListIndex));
    };
    expect(await revoked()).toBe(false);
    expect((await post(`/api/admin/certificates/${certificate.id}/revoke`, { reason: 'misconduct' })).statusCode).toBe(
      200,
    );
    expect(await revoked()).toBe(true);
    // A credential signed by another key does not verify against the published one.
    const [header, body] = jwt.split('.');
    expect(decodeJwt(jwt).jti).toBe(vc.id);
    await expect(jwtVerify(`${header}.${body}.${'A'.repeat(86)}`, jwks)).rejects.toThrow();
  });
});

describe('the signing key', () => {
  it('is made once and kept in the data folder where none is configured, but never on a public site', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-key-'));
    try {
      const first = await signingKey(loadConfig({ DATA_DIR: dataDir }));
      const again = await signingKey(loadConfig({ DATA_DIR: dataDir }));
      expect(again.kid).toBe(first.kid);
      expect(fs.statSync(path.join(dataDir, LOCAL_KEY_FILE)).mode & 0o777).toBe(0o600);
      const site = {
        DATA_DIR: dataDir,
        SITE_URL: 'https://oasis.example',
        PAYMENT_PROVIDER: 'sandbox',
        MEDIA_SIGNING_SECRET: randomBytes(32).toString('base64'),
      };
      await expect(signingKey(loadConfig(site))).rejects.toMatchObject({ status: 503 });
      const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const keyed = await signingKey(loadConfig({ ...site, CREDENTIAL_SIGNING_KEY: pem }));
      expect(keyed.alg).toBe('EdDSA');
      expect(keyed.kid).not.toBe(first.kid);
      const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
      expect((await signingKey(loadConfig({ ...site, CREDENTIAL_SIGNING_KEY: JSON.stringify(jwk) }))).alg).toBe(
        'ES256',
      );
      expect(() => loadConfig({ ...site, CREDENTIAL_SIGNING_KEY: 'not a key' })).toThrow(/CREDENTIAL_SIGNING_KEY/);
      const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      });
      expect(() => loadConfig({ ...site, CREDENTIAL_SIGNING_KEY: rsa.toString() })).toThrow(/CREDENTIAL_SIGNING_KEY/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the previous keys published after a rotation, so credentials signed before it still verify', async () => {
    const { certificate } = await completed({ name: 'Rania Rotated' });
    const pem = (key: 'private' | 'public', pair = generateKeyPairSync('ed25519')) =>
      pair[`${key}Key`].export({ type: key === 'private' ? 'pkcs8' : 'spki', format: 'pem' }).toString();
    const pairA = generateKeyPairSync('ed25519');
    const site = {
      SITE_URL: 'https://oasis.example',
      PAYMENT_PROVIDER: 'sandbox',
      MEDIA_SIGNING_SECRET: randomBytes(32).toString('base64'),
    };
    const keyA = loadConfig({ ...site, CREDENTIAL_SIGNING_KEY: pem('private', pairA) });
    const signedByA = await certificateCredentialJwt(t.deps.db, keyA, certificate);
    const kidA = (await signingKey(keyA)).kid;
    expect(decodeProtectedHeader(signedByA).kid).toBe(kidA);
    const verifies = async (config: ReturnType<typeof loadConfig>, jwt: string) => {
      // The key set as published, through JSON as a verifier fetches it.
      const jwks = createLocalJWKSet(JSON.parse(JSON.stringify(await publicKeySet(config))));
      return jwtVerify(jwt, jwks).then(
        () => true,
        () => false,
      );
    };

    // Rotated to B, with A listed as previous (its public key, and a P-256 JWK beside it: a JWK's
    // own commas do not split it).
    const pairB = generateKeyPairSync('ed25519');
    const p256 = JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }));
    for (const previous of [pem('public', pairA), pem('private', pairA), `${p256},${pem('public', pairA)}`]) {
      const rotated = loadConfig({
        ...site,
        CREDENTIAL_SIGNING_KEY: pem('private', pairB),
        CREDENTIAL_PREVIOUS_KEYS: previous,
      });
      const published = (await publicKeySet(rotated)).keys;
      const kidB = (await signingKey(rotated)).kid;
      expect(published[0]?.kid).toBe(kidB);
      expect(published.map((k) => k.kid)).toContain(kidA);
      expect(published.every((k) => k.d === undefined)).toBe(true);
      expect(await verifies(rotated, signedByA)).toBe(true);
      const signedByB = await certificateCredentialJwt(t.deps.db, rotated, certificate);
      expect(decodeProtectedHeader(signedByB).kid).toBe(kidB);
      expect(await verifies(keyA, signedByB)).toBe(false);
      expect(await verifies(rotated, signedByB)).toBe(true);
    }
    // The signing key listed as previous too is published once.
    const twice = loadConfig({
      ...site,
      CREDENTIAL_SIGNING_KEY: pem('private', pairA),
      CREDENTIAL_PREVIOUS_KEYS: pem('public', pairA),
    });
    expect((await publicKeySet(twice)).keys.map((k) => k.kid)).toEqual([kidA]);

    // Without A listed, the credential it signed no longer verifies.
    const forgotten = loadConfig({ ...site, CREDENTIAL_SIGNING_KEY: pem('private', pairB) });
    expect(await verifies(forgotten, signedByA)).toBe(false);

    // Keys that are not Ed25519 or P-256, or not keys, stop the start with the variable named.
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' });
    for (const bad of ['not a key', rsa.toString(), `${pem('public', pairA)},{"kty":"OKP"}`]) {
      expect(() => loadConfig({ ...site, CREDENTIAL_PREVIOUS_KEYS: bad })).toThrow(/CREDENTIAL_PREVIOUS_KEYS/);
    }
  });
});
