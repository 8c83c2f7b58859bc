import { useState } from 'react';
import type { FocalPoint } from '@oasis/shared/selling';
import { FocalPointPicker } from './focal-point';
import { ImageInput } from './image-input';

/** A page's image while it is edited: the chosen file (null keeps the stored one) and its focal point. */
export function usePageImage(initialFocus: FocalPoint) {
  const [file, setFile] = useState<File | null>(null);
  const [focus, setFocus] = useState(initialFocus);
  return { file, setFile, focus, setFocus };
}

export type PageImage = ReturnType<typeof usePageImage>;

/** The upload of a page's image (hero, intro, portrait) and, under it, the picker of its focal point. */
export function PageImageFields({
  image,
  name,
  label,
  hint,
  currentUrl,
  currentAlt,
  error,
  disabled,
}: {
  image: PageImage;
  /** The file's field in the form body (and in the field errors). */
  name: string;
  label: string;
  hint: string;
  currentUrl?: string;
  currentAlt: string;
  /** The message under a field: the file's `name`, `focusX` or `focusY`. */
  error(key: string): string | undefined;
  disabled: boolean;
}) {
  return (
    <>
      <ImageInput
        label={label}
        file={image.file}
        onChange={image.setFile}
        currentUrl={currentUrl}
        currentAlt={currentAlt}
        error={error(name)}
        hint={hint}
        disabled={disabled}
      />
      <FocalPointPicker
        file={image.file}
        currentUrl={currentUrl}
        value={image.focus}
        onChange={image.setFocus}
        errorX={error('focusX')}
        errorY={error('focusY')}
        disabled={disabled}
      />
    </>
  );
}

/** The multipart body of a page saved with its image: every field as given, then the chosen file under `name`. */
export function pageImageBody(fields: Record<string, string>, image: PageImage, name: string) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  if (image.file) body.set(name, image.file);
  return body;
}
