import { useId, useMemo } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { useI18n } from '~/lib/i18n';
import { ConsultationForm } from './consultation-form';
import { consultationFormData } from './form-data';

/**
 * The booking form in a modal dialog (the home page's call to action). A native <dialog> opened with
 * showModal(): the page behind is inert, Escape and a click on the backdrop close it, Tab stays
 * inside, the page does not scroll behind it, and focus goes back to where it was on close.
 */
export function ConsultationModal({
  open,
  onClose,
  title,
}: {
  open: boolean;
  onClose: () => void;
  /** 'Book Your Free Consultation' (in the page's language) by default. */
  title?: string;
}) {
  if (!open) return null;
  return <ConsultationDialog onClose={onClose} title={title} />;
}

function ConsultationDialog({ onClose, title }: { onClose: () => void; title?: string }) {
  const titleId = useId();
  const { t, locale } = useI18n();
  // The home page opens this dialog on demand, so its chunk carries the form's data itself.
  const formData = useMemo(() => consultationFormData(locale), [locale]);
  return (
    <Dialog
      aria-labelledby={titleId}
      onClose={onClose}
      closeOnBackdrop
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm"
    >
      <div className="relative p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-2xl font-semibold text-brand-green">
              {title ?? t.leadForm.dialogTitle}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t.leadForm.dialogNote}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t.common.close}
            className="-mt-1 -me-2 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-6 w-6">
              <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <ConsultationForm data={formData} onDone={onClose} />
      </div>
    </Dialog>
  );
}
