import { useState } from 'react';
import type { Editor } from '@tiptap/react';
import { normaliseMediaPath } from '@oasis/shared/media-urls';
import { buttonClass } from '~/components/ui/button';
import { BusyButton, Field, inputClass } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import { TextInput } from './fields';
import { IMAGE_TYPES, imageFileProblem } from './image-input';
import { Modal, ModalActions } from './modal';

/* The editor's dialogs: a link (web or e-mail address), an image (an upload or an HTTPS address). */

/** Links may be web or e-mail addresses; a bare domain becomes https. */
export function normaliseHref(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return value;
  if (/^[^\s@/:]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Images must be HTTPS or our own media (the server drops any other source, by the same media rule). */
export function normaliseImageSrc(raw: string): string | null {
  const value = raw.trim();
  const mediaPath = normaliseMediaPath(value);
  if (mediaPath) return mediaPath;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose(): void }) {
  const { t } = useI18n();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={editor.isActive('link') ? t.richText.editLink : t.richText.addALink}
      size="sm"
    >
      <LinkForm editor={editor} onClose={onClose} />
    </Modal>
  );
}

function LinkForm({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const { t } = useI18n();
  const texts = t.richText;
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string>();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const url = normaliseHref(href);
    if (!url) {
      setError(texts.linkInvalid);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href.trim(), marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      chain.setLink({ href: url }).run();
    }
    onClose();
  }

  return (
    <form noValidate onSubmit={submit}>
      <TextInput
        label={texts.linkAddress}
        type="text"
        inputMode="url"
        value={href}
        onChange={(e) => setHref(e.target.value)}
        error={error}
        placeholder="https://example.com"
        autoFocus
      />
      <ModalActions>
        {current && (
          <button
            type="button"
            className={buttonClass('ghost', 'md', 'sm:me-auto')}
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            {texts.removeLink}
          </button>
        )}
        <button type="button" className={buttonClass('ghost', 'md')} onClick={onClose}>
          {texts.cancel}
        </button>
        <button type="submit" className={buttonClass('secondary', 'md')}>
          {current ? texts.updateLink : texts.addLink}
        </button>
      </ModalActions>
    </form>
  );
}

export function ImageDialog({
  editor,
  open,
  onClose,
  uploadImage,
}: {
  editor: Editor;
  open: boolean;
  onClose(): void;
  uploadImage?: (file: File) => Promise<string>;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onClose={onClose} title={t.richText.addAnImage} size="sm" busy={busy}>
      <ImageForm editor={editor} onClose={onClose} uploadImage={uploadImage} busy={busy} setBusy={setBusy} />
    </Modal>
  );
}

function ImageForm({
  editor,
  onClose,
  uploadImage,
  busy,
  setBusy,
}: {
  editor: Editor;
  onClose(): void;
  uploadImage?: (file: File) => Promise<string>;
  busy: boolean;
  setBusy(busy: boolean): void;
}) {
  const { t, tr } = useI18n();
  const texts = t.richText;
  const [mode, setMode] = useState<'upload' | 'url'>(uploadImage ? 'upload' : 'url');
  const [src, setSrc] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    setError(undefined);
    let url: string | null = null;
    if (mode === 'upload') {
      if (!file || !uploadImage) {
        setError(texts.chooseImageFile);
        return;
      }
      setBusy(true);
      try {
        url = await uploadImage(file);
      } catch (failure) {
        // The server's reason (already in the page's language) or the session's end; else our wording.
        setError(failure instanceof Error && failure.message ? tr(failure.message) : texts.uploadFailed);
        return;
      } finally {
        setBusy(false);
      }
    } else {
      url = normaliseImageSrc(src);
      if (!url) {
        setError(texts.imageSrcInvalid);
        return;
      }
    }
    editor.chain().focus().setImage({ src: url, alt: alt.trim() }).run();
    onClose();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {uploadImage && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">{texts.imageSource}</legend>
          <div className="flex gap-4">
            {(['upload', 'url'] as const).map((m) => (
              <label key={m} className="flex items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  name="image-source"
                  checked={mode === m}
                  onChange={() => {
                    setMode(m);
                    setError(undefined);
                  }}
                  className="h-4 w-4 accent-brand-green"
                />
                {m === 'upload' ? texts.uploadAFile : texts.imageAddress}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {mode === 'upload' ? (
        <Field label={texts.imageFile} error={error} requiredMark>
          {(control) => (
            <input
              {...control}
              type="file"
              required
              accept={IMAGE_TYPES.join(',')}
              disabled={busy}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                const problem = chosen ? imageFileProblem(chosen) : null;
                setError(problem ? tr(problem) : undefined);
                setFile(problem ? null : chosen);
              }}
              className={`${inputClass} file:me-3 file:rounded-full file:border-0 file:bg-brand-mist file:px-3 file:py-1 file:font-semibold file:text-brand-green`}
            />
          )}
        </Field>
      ) : (
        <TextInput
          label={texts.imageAddress}
          type="url"
          inputMode="url"
          value={src}
          onChange={(e) => setSrc(e.target.value)}
          error={error}
          placeholder="https://…"
          required
        />
      )}
      <TextInput
        label={texts.altText}
        hint={texts.altTextHint}
        value={alt}
        onChange={(e) => setAlt(e.target.value)}
        maxLength={300}
        disabled={busy}
      />
      <ModalActions>
        <button type="button" className={buttonClass('ghost', 'md')} onClick={onClose} disabled={busy}>
          {texts.cancel}
        </button>
        <BusyButton busy={busy} busyLabel={texts.uploading}>
          {texts.insertImage}
        </BusyButton>
      </ModalActions>
    </form>
  );
}
