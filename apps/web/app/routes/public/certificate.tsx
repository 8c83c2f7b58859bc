import { certificatePath, linkedInAddUrl } from '@oasis/shared/certificates';
import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { fmt } from '@oasis/shared/i18n/define';
import { formatDay } from '@oasis/shared/i18n/format-locale';
import { data } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
import { CopyLink } from '~/components/ui/copy-link';
import { Island, ISLANDS_PAGE } from '~/islands/island';
import { absoluteUrl, buildHead, headContext, notFoundHead, organizationRef } from '~/lib/seo';
import type { Route } from './+types/certificate';
import { headFromError, pageErrorBoundary } from './sections/page-error';

/**
 * A certificate's public check page (docs/product.md#certificates): the name, course, date and
 * issuer printed on it, and whether it is valid or revoked (with the reason's category). Nothing
 * else about the learner. Not indexed unless the learner made it public.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { locale } = context;
  const [root, certificate] = await Promise.all([headContext(context), context.site.certificate(params.id)]);
  const t = messagesFor(locale).certificate;
  if (!certificate) throw data({ title: t.notFoundTitle, head: notFoundHead(root, t.notFoundTitle) }, { status: 404 });
  const path = certificatePath(certificate.id);
  const url = absoluteUrl(root.siteUrl, certificatePath(certificate.id, locale));
  const title = fmt(t.pageTitle, { id: certificate.id });
  const description = fmt(t.pageDescription, { id: certificate.id, brand: certificate.brandName });
  return {
    t,
    certificate,
    url,
    issuedLabel: formatDay(certificate.issuedAt, locale),
    revokedLabel: certificate.revokedAt ? formatDay(certificate.revokedAt, locale) : null,
    linkedIn: linkedInAddUrl({ ...certificate, url }),
    head: buildHead(root, {
      title,
      description,
      path,
      noindex: !certificate.public,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'EducationalOccupationalCredential',
          name: certificate.courseTitle,
          credentialCategory: 'certificate',
          identifier: certificate.id,
          url,
          dateCreated: certificate.issuedAt,
          recognizedBy: organizationRef(root.settings, root.siteUrl),
          ...(certificate.status === 'revoked' ? { expires: certificate.revokedAt } : {}),
        },
      ],
    }),
  };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md): the copy button only. */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) =>
  error || !loaderData ? headFromError(error, matches) : loaderData.head;

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const { t, certificate, url, issuedLabel, revokedLabel, linkedIn } = loaderData;
  const valid = certificate.status === 'valid';
  const facts: [string, string, boolean][] = [
    [t.issuedTo, certificate.name, false],
    [t.course, certificate.courseTitle, false],
    [t.issuedOn, issuedLabel, false],
    [t.issuer, `${certificate.mentorName}, ${certificate.brandName}`, false],
    [t.certificateId, certificate.id, true],
  ];
  const files = `/api/certificates/${certificate.id}`;
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow={t.eyebrow} title={certificate.courseTitle} />
      <section className="bg-white py-12">
        <div className="wrap max-w-3xl space-y-8">
          <div
            data-status={certificate.status}
            className={`rounded-lg border-2 p-5 ${valid ? 'border-emerald-700 bg-emerald-50' : 'border-red-700 bg-red-50'}`}
          >
            <h2 className={`text-xl font-semibold ${valid ? 'text-emerald-900' : 'text-red-900'}`}>
              {valid ? t.valid : t.revoked}
            </h2>
            <p className="mt-1 text-slate-800">
              {valid
                ? fmt(t.validText, { brand: certificate.brandName })
                : fmt(t.revokedText, { date: revokedLabel ?? '' })}
            </p>
            {!valid && certificate.revokeReason && (
              <p className="mt-1 text-slate-800">
                {t.reason}: {t[`reason_${certificate.revokeReason}`]}
              </p>
            )}
          </div>
          <dl className="grid gap-4 sm:grid-cols-[max-content_1fr] sm:gap-x-8">
            {facts.map(([label, value, ltr]) => (
              <div key={label} className="contents">
                <dt className="font-semibold text-slate-700">{label}</dt>
                <dd className="break-words text-slate-900" dir={ltr ? 'ltr' : 'auto'}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {valid && (
            <div className="flex flex-wrap gap-3">
              <a href={`${files}/certificate.pdf`} className={buttonClass('secondary')} download>
                {t.downloadPdf}
              </a>
              <a href={`${files}/credential.jwt`} className={buttonClass('outline')} download>
                {t.downloadCredential}
              </a>
              <a href={linkedIn} className={buttonClass('outline')} rel="noopener noreferrer" target="_blank">
                {t.addToLinkedIn}
              </a>
            </div>
          )}
          <Island name="copyLink" component={CopyLink} props={{ url, label: t.copyLink, copiedLabel: t.linkCopied }} />
        </div>
      </section>
    </main>
  );
}

export const ErrorBoundary = pageErrorBoundary(({ t, lp }) => ({
  title: t.common.pageNotFound,
  message: t.notFound.pageText,
  action: { to: lp('/courses'), label: t.notFound.browseCourses },
}));
