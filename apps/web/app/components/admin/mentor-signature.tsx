import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Image } from '@oasis/shared/media';
import { ImageInput } from '~/components/admin/image-input';
import { Panel } from '~/components/admin/page';
import { useSaving } from '~/components/admin/use-saving';
import { buttonClass } from '~/components/ui/button';
import { setMentorSignature } from '~/lib/api/site';
import { useI18n } from '~/lib/i18n';

/** The mentor's signature printed on certificates: upload one, replace it or remove it. */
export function MentorSignature({ signature, onSaved }: { signature: Image | null; onSaved(): Promise<void> }) {
  const text = useI18n().t.certificates;
  const [file, setFile] = useState<File | null>(null);
  const { saving: busy, run } = useSaving(text.signatureFailed);

  function send(body: FormData | null, done: string) {
    return run(async () => {
      await setMentorSignature(body);
      toast.success(done);
      setFile(null);
      await onSaved();
    });
  }

  return (
    <Panel>
      <section aria-labelledby="mentor-signature" className="space-y-4">
        <h3 id="mentor-signature" className="text-lg font-semibold text-slate-900">
          {text.signatureTitle}
        </h3>
        <ImageInput
          label={text.signature}
          file={file}
          onChange={setFile}
          currentUrl={signature?.url}
          currentAlt={text.currentSignature}
          hint={text.signatureHint}
          disabled={busy}
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            disabled={busy || !file}
            className={buttonClass('secondary', 'sm')}
            onClick={() => {
              if (!file) return;
              const body = new FormData();
              body.set('signature', file);
              void send(body, text.signatureSaved);
            }}
          >
            {text.saveSignature}
          </button>
          {signature && (
            <button
              type="button"
              disabled={busy}
              className={buttonClass('outline', 'sm')}
              onClick={() => void send(null, text.signatureRemoved)}
            >
              {text.removeSignature}
            </button>
          )}
        </div>
      </section>
    </Panel>
  );
}
