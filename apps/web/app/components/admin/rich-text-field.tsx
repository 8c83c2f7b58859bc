import { lazy, Suspense } from 'react';
import { Spinner } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import { uploadImage } from '~/lib/api/site';
import { describeFailure } from './request';
import type { RichTextEditorProps } from './rich-text-props';

// Tiptap and ProseMirror (≈ 100 KB gzip) load only when an admin screen shows an editor.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** A labelled rich-text field (headings, bold, italic, underline, lists, links, images, preview). */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorLoading label={props.label} minHeight={props.minHeight} />}>
      <RichTextEditor uploadImage={uploadEditorImage} {...props} />
    </Suspense>
  );
}

/**
 * `POST /admin/media/images`: the image is checked and re-encoded like every upload; its default
 * rendition's `/media/images/...` URL is what the editor inserts (the HTML sanitiser allows it).
 */
export async function uploadEditorImage(file: File): Promise<string> {
  const body = new FormData();
  body.set('image', file);
  try {
    const image = await uploadImage(body);
    return image.url;
  } catch (error) {
    // No wording of its own: the image dialog says an unexplained failure in the page's language.
    throw new Error(describeFailure(error, '').message);
  }
}

function EditorLoading({ label, minHeight = '12rem' }: { label: string; minHeight?: string }) {
  const { t } = useI18n();
  return (
    <div>
      <div className="mb-1.5 text-sm font-semibold text-slate-800">{label}</div>
      <div
        role="status"
        className="flex items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-slate-600"
        style={{ minHeight: `calc(${minHeight} + 3rem)` }}
      >
        <Spinner className="h-4 w-4" />
        {t.richText.loadingEditor}
      </div>
    </div>
  );
}
