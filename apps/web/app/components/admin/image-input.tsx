import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '@oasis/shared/limits';
import { IMAGE_FILE_MESSAGES } from '@oasis/shared/media-urls';
import { controlProps, FieldError, FieldHint, labelClass, RequiredMark } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import { useObjectUrl } from './use-object-url';

/** The image types the server accepts (it checks the content again: docs/product.md#uploads). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
const MAX_MB = Math.round(LIMITS.imageMaxBytes / (1024 * 1024));

/** The refusals of a chosen file, in English (shown with `tr`: the `imageFile` namespace). */
export const IMAGE_MESSAGES = IMAGE_FILE_MESSAGES;

/** Why a chosen file cannot be an image upload (an English text of IMAGE_MESSAGES), or null if it may be. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.wrongType;
  if (file.size > LIMITS.imageMaxBytes) return IMAGE_MESSAGES.tooLarge;
  return null;
}

interface ImageInputProps {
  label: string;
  /** The chosen file (null: none chosen yet). */
  file: File | null;
  onChange(file: File | null): void;
  /** The image stored now, shown until another is chosen. */
  currentUrl?: string | null;
  currentAlt?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * An image file input with a preview of the chosen file (or of the stored image). Only image types
 * can be chosen; a wrong type or an oversized file is refused here with a message.
 */
export function ImageInput({
  label,
  file,
  onChange,
  currentUrl,
  currentAlt = '',
  error,
  hint,
  required,
  disabled,
}: ImageInputProps) {
  const { t, fmt, tr } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(file);

  // The parent reset the form: clear the native input too.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const shown = preview ?? currentUrl ?? null;
  const why = problem ?? error;
  const message = why ? tr(why) : why;
  const hintText = hint ?? fmt(t.adminUi.imageHint, { mb: MAX_MB });

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && <RequiredMark />}
      </label>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex aspect-video w-full shrink-0 items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50 sm:w-48">
          {shown ? (
            <img
              src={shown}
              alt={preview ? fmt(t.adminUi.imagePreview, { name: file?.name ?? t.adminUi.theChosenImage }) : currentAlt}
              className="h-full w-full object-cover"
            />
          ) : (
            <span className="px-3 text-center text-sm text-slate-600">{t.adminUi.noImageChosen}</span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <input
            ref={input}
            {...controlProps(id, true, message ?? undefined)}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            disabled={disabled}
            required={required}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              if (!chosen) return;
              const why = imageFileProblem(chosen);
              setProblem(why);
              if (why) {
                event.target.value = '';
                onChange(null);
                return;
              }
              onChange(chosen);
            }}
            className="block w-full max-w-full text-sm text-slate-700 file:me-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-mist file:px-4 file:py-2 file:font-semibold file:text-brand-green hover:file:bg-brand-green hover:file:text-white disabled:opacity-60"
          />
          <FieldHint id={id}>{file ? fmt(t.adminUi.chosenFile, { name: file.name }) : hintText}</FieldHint>
          {file && !disabled && (
            <button
              type="button"
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
              className="mt-2 rounded-md text-sm font-semibold text-brand-green underline underline-offset-2 hover:text-brand-green-light"
            >
              {currentUrl ? t.adminUi.keepCurrentImage : t.adminUi.removeChosenImage}
            </button>
          )}
          <FieldError id={id} error={message} />
        </div>
      </div>
    </div>
  );
}
