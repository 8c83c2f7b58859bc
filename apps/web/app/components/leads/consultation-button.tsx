import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '~/components/ui/button';

// The booking form loads when the visitor first asks for it (pointer over or focus on the button).
const loadConsultation = () => import('./consultation-modal');
const ConsultationModal = lazy(() => loadConsultation().then((m) => ({ default: m.ConsultationModal })));

/** The home page's 'Book a Free Consultation': opens the booking form in a dialog (consultation-modal.tsx). */
export function ConsultationButton({ label, className = '' }: { label: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadConsultation()}
        onFocus={() => void loadConsultation()}
        className={buttonClass('primary', 'lg', className)}
      >
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ConsultationModal open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
