import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { type AdminCertificate, certificatePath, OWNER_REVOKE_REASONS } from '@oasis/shared/certificates';
import certificateRules from '@oasis/shared/i18n/ns/certificate-rules';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { listQuery, PagedList } from '~/components/admin/list-params';
import { AdminPageHeader, EmptyState } from '~/components/admin/page';
import { failureToast, loadAdmin } from '~/components/admin/request';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/certificates';
import { listCertificates, reissueCertificate, revokeCertificate } from '~/lib/api/certificates';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).certificates.title);

/** A page of the list (?page=2), searched by name, course or id (?q=). */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin((signal) => listCertificates(listQuery(request), signal), certificateRules.en.failedToLoad, request);

type Reason = (typeof OWNER_REVOKE_REASONS)[number];

/**
 * /admin/dashboard/certificates (docs/product.md#certificates): every certificate, newest first;
 * revoke one with a reason, or re-issue it with the learner's current profile name.
 */
export default function CertificateList({ loaderData }: Route.ComponentProps) {
  const { t, day, lp } = useI18n();
  const text = t.certificates;
  return (
    <div>
      <AdminPageHeader title={text.title} lead={text.lead} />
      <PagedList
        result={loaderData}
        items={(page) => page.certificates}
        searchLabel={text.search}
        loadingLabel={text.loading}
        empty={<EmptyState title={text.empty} />}
        noMatch={text.empty}
      >
        {(rows: AdminCertificate[]) => (
          <ul className="mt-6 space-y-3">
            {rows.map((row) => (
              <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-slate-900" dir="auto">
                    {row.name}
                  </p>
                  <p className="text-sm text-slate-700">
                    {row.replacedById ? text.replaced : row.status === 'valid' ? text.valid : text.revoked}
                  </p>
                </div>
                <p className="text-slate-700" dir="auto">
                  {row.courseTitle}
                </p>
                <p className="text-sm text-slate-600">
                  {text.issued}: {day(row.issuedAt)} ·{' '}
                  <a className="underline" href={lp(certificatePath(row.id))} dir="ltr">
                    {row.id}
                  </a>
                </p>
                {!row.replacedById && <CertificateActions row={row} />}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

function CertificateActions({ row }: { row: AdminCertificate }) {
  const i18n = useI18n();
  const text = i18n.t.certificates;
  const { revalidate } = useRevalidator();
  const [reason, setReason] = useState<Reason>('issued_in_error');
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      await revalidate();
    } catch (error) {
      toast.error(failureToast(error, text.actionFailed, i18n));
    } finally {
      setBusy(false);
    }
  }

  const select = `reason-${row.id}`;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3">
      {row.status === 'valid' && (
        <>
          <div>
            <label htmlFor={select} className="block text-sm font-semibold text-slate-700">
              {text.reasonLabel}
            </label>
            <select
              id={select}
              value={reason}
              onChange={(event) => setReason(event.target.value as Reason)}
              className="mt-1 rounded-md border border-slate-300 px-2 py-1.5"
            >
              {OWNER_REVOKE_REASONS.map((value) => (
                <option key={value} value={value}>
                  {text[`reason_${value}`]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            disabled={busy}
            onClick={() => act(() => revokeCertificate(row.id, reason), text.revokedToast)}
            className="rounded-full border-2 border-red-700 px-4 py-1.5 font-semibold text-red-800 hover:bg-red-700 hover:text-white disabled:opacity-60"
          >
            {text.revoke}
          </button>
        </>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={() => act(() => reissueCertificate(row.id), text.reissuedToast)}
        className="rounded-full border-2 border-brand-green px-4 py-1.5 font-semibold text-brand-green hover:bg-brand-green hover:text-white disabled:opacity-60"
      >
        {text.reissue}
      </button>
    </div>
  );
}
