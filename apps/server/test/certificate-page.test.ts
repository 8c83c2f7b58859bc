import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedCourse } from '../src/db/factories.ts';
import { certificates, users } from '../src/db/schema.ts';
import { issueCertificate } from '../src/modules/certificates/service.ts';
import { setUpBuiltSiteForFile } from './built-site.ts';
import { signIn } from './uploads.ts';

/**
 * A certificate's public check page, rendered by the built web app and served through the page
 * cache: what it shows of a valid, a revoked and an unknown certificate, and a revocation showing
 * at once through the revoke route's declared cache effect.
 */

const site = setUpBuiltSiteForFile();

async function issued(name = 'Layla Haddad', locale: 'en' | 'ar' = 'en') {
  const { db } = site.deps;
  const learner = await signIn(db, 'learner');
  await db.update(users).set({ name, locale }).where(eq(users.id, learner.user.id));
  const course = await seedCourse(db, { title: 'Off-Plan Investing', titleAr: 'الاستثمار على الخارطة' });
  return (await issueCertificate(db, { userId: learner.user.id, courseId: course.id })).certificate;
}

const page = (url: string) => site.app.inject({ method: 'GET', url });

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
}

describe('the certificate check page', () => {
  it('shows a valid certificate: name, course, date, issuer, links; noindex until the learner makes it public', async () => {
    const certificate = await issued();
    const res = await page(`/certificates/${certificate.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    for (const text of ['Valid certificate', 'Layla Haddad', 'Off-Plan Investing', certificate.id])
      expect(html).toContain(text);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain(
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&amp;name=Off-Plan+Investing',
    );
    expect(html).toContain(`certId=${certificate.id}`);
    expect(html).toContain(`/api/certificates/${certificate.id}/certificate.pdf`);
    expect(html).toContain(`/api/certificates/${certificate.id}/credential.jwt`);
    expect(html).toContain('data-island="copyLink"');
    // Nothing else about the learner.
    const [user] = await site.deps.db.select().from(users).where(eq(users.name, 'Layla Haddad'));
    expect(html).not.toContain(user!.email);
    expect(jsonLd(html)).toContainEqual(
      expect.objectContaining({
        '@type': 'EducationalOccupationalCredential',
        name: 'Off-Plan Investing',
        identifier: certificate.id,
        credentialCategory: 'certificate',
      }),
    );

    await site.deps.db.update(certificates).set({ public: true }).where(eq(certificates.id, certificate.id));
    await site.deps.pageCache.invalidate();
    const shown = await page(`/certificates/${certificate.id}`);
    expect(shown.body).not.toContain('noindex');
  });

  it('in Arabic at /ar: the Arabic texts, right to left', async () => {
    const certificate = await issued('ليلى حداد', 'ar');
    const res = await page(`/ar/certificates/${certificate.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('dir="rtl"');
    for (const text of ['شهادة سارية', 'ليلى حداد', 'الاستثمار على الخارطة', 'نسخ الرابط'])
      expect(res.body).toContain(text);
  });

  it('answers an unknown id with the site 404 page, status 404, not indexed', async () => {
    const res = await page('/certificates/AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Certificate not found');
    expect(res.body).toContain('noindex');
  });

  it('shows a revocation at once: the revoke route declares its effect on the cached page', async () => {
    const certificate = await issued('Omar Farouk');
    const url = `/certificates/${certificate.id}`;
    expect((await page(url)).body).toContain('Valid certificate');
    // Cached now: the same answer again without a render.
    expect((await page(url)).body).toContain('Valid certificate');
    const admin = await signIn(site.deps.db, 'admin');
    const revoke = await site.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${certificate.id}/revoke`,
      headers: admin.headers,
      payload: { reason: 'issued_in_error' },
    });
    expect(revoke.statusCode).toBe(200);
    const after = await page(url);
    expect(after.body).toContain('Revoked certificate');
    expect(after.body).toContain('Issued in error');
    expect(after.body).not.toContain('certificate.pdf');
  });
});
