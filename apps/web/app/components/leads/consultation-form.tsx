/**
 * STUB (owned by the Leads work): the consultation booking form of spec §2 and §5. `ConsultationModal`
 * opens it in a dialog (home and /consult); `ConsultationForm` is the inline form on /consult.
 */
export function ConsultationForm({ onDone }: { onDone?: () => void }) {
  return <p data-stub="consultation-form" onClick={onDone} onKeyDown={undefined} />;
}

export function ConsultationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-label="Book a free consultation">
      <ConsultationForm onDone={onClose} />
    </div>
  );
}
