import { useState } from 'react';
import type { MyCertificate } from '@oasis/shared/certificates';
import { certificatePath } from '@oasis/shared/certificates';
import { setCertificatePublic } from '~/lib/api/certificates';
import { useI18n } from '~/lib/i18n';

/**
 * The learner's certificates (Profile): each course's certificate to download, its check page, and
 * whether search engines may show that page. `certificates` is null when they could not be read.
 */
export function MyCertificates({ certificates }: { certificates: MyCertificate[] | null }) {
  const { t, day, lp } = useI18n();
  const text = t.certificates;
  if (certificates === null) return null;
  return (
    <section aria-labelledby="my-certificates" className="bg-white py-12">
      <div className="wrap max-w-3xl">
        <h2 id="my-certificates" className="font-display text-2xl font-semibold text-brand-green">
          {text.mine}
        </h2>
        {certificates.length === 0 ? (
          <p className="mt-3 text-slate-700">{text.mineEmpty}</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {certificates.map((certificate) => (
              <li key={certificate.id} className="rounded-xl border border-slate-200 p-4">
                <p className="font-semibold text-slate-900" dir="auto">
                  {certificate.courseTitle}
                </p>
                <p className="text-sm text-slate-600">{day(certificate.issuedAt)}</p>
                <p className="mt-2 flex flex-wrap gap-4">
                  <a
                    className="font-semibold text-brand-green underline"
                    href={`/api/certificates/${certificate.id}/certificate.pdf`}
                    download
                  >
                    {text.download}
                  </a>
                  <a className="font-semibold text-brand-green underline" href={lp(certificatePath(certificate.id))}>
                    {text.checkPage}
                  </a>
                </p>
                <PublicToggle certificate={certificate} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function PublicToggle({ certificate }: { certificate: MyCertificate }) {
  const { t } = useI18n();
  const [shown, setShown] = useState(certificate.public);
  const [status, setStatus] = useState('');
  const id = `public-${certificate.id}`;
  return (
    <div className="mt-3 flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={shown}
        onChange={async (event) => {
          const next = event.target.checked;
          setShown(next);
          try {
            await setCertificatePublic(certificate.id, next);
            setStatus(t.certificates.saved);
          } catch {
            setShown(!next);
            setStatus(t.certificates.saveFailed);
          }
        }}
        className="h-4 w-4"
      />
      <label htmlFor={id} className="text-slate-800">
        {t.certificates.showPublicly}
      </label>
      <span role="status" className="text-sm text-slate-600">
        {status}
      </span>
    </div>
  );
}
