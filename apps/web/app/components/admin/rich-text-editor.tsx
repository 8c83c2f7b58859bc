import { useEffect, useId, useRef, useState } from 'react';
import { EditorContent, type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Spinner, describedBy as describe, FieldError, FieldHint, RequiredMark } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import { ImageDialog, LinkDialog } from './rich-text-dialogs';
import type { RichTextEditorProps } from './rich-text-props';
import { cleanPreviewHtml } from './rich-text-preview';
import { BlockDirection } from './rich-text-direction';
import { Toolbar } from './rich-text-toolbar';

/*
 * The Tiptap editor behind RichTextField. Only admin route modules reach this file, through a lazy
 * import(), so neither Tiptap nor ProseMirror ever ships with public pages.
 */

/** What the server keeps (the shared allow-list: h2-h4, marks, lists, quotes, links, images, block directions). */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    strike: false,
    horizontalRule: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['https', 'http', 'mailto'],
    },
  }),
  Image.configure({ inline: false, allowBase64: false }),
  BlockDirection,
];

const EMPTY = '';

/** Tiptap writes an empty document as <p></p>: the form treats that as nothing written. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? EMPTY : editor.getHTML();
}

export default function RichTextEditor({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  disabled,
  uploadImage,
  minHeight = '12rem',
  dir = 'auto',
  lang,
}: RichTextEditorProps) {
  const [preview, setPreview] = useState(false);
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editorRef = useRef<Editor | null>(null);
  const id = useId();
  const describedBy = describe(id, { hint, error });

  return (
    <div>
      {/* Not a <label>: the editable area is not a form control, so it is labelled by id. */}
      <div id={`${id}-label`} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {required && <RequiredMark />}
      </div>
      <EditorBody
        labelId={`${id}-label`}
        label={label}
        describedBy={describedBy}
        required={required}
        editorRef={editorRef}
        value={value}
        onChangeRef={onChangeRef}
        error={error}
        disabled={disabled}
        preview={preview}
        setPreview={setPreview}
        dialog={dialog}
        setDialog={setDialog}
        uploadImage={uploadImage}
        minHeight={minHeight}
        dir={dir}
        lang={lang}
      />
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      <FieldError id={id} error={error} />
    </div>
  );
}

interface EditorBodyProps {
  labelId: string;
  label: string;
  describedBy: string | undefined;
  required?: boolean;
  editorRef: React.RefObject<Editor | null>;
  value: string;
  onChangeRef: React.RefObject<(html: string) => void>;
  error?: string;
  disabled?: boolean;
  preview: boolean;
  setPreview(preview: boolean): void;
  dialog: 'link' | 'image' | null;
  setDialog(dialog: 'link' | 'image' | null): void;
  uploadImage?: (file: File) => Promise<string>;
  minHeight: string;
  dir: 'auto' | 'rtl' | 'ltr';
  lang?: string;
}

function EditorBody({
  labelId,
  label,
  describedBy,
  required,
  editorRef,
  value,
  onChangeRef,
  error,
  disabled,
  preview,
  setPreview,
  dialog,
  setDialog,
  uploadImage,
  minHeight,
  dir,
  lang,
}: EditorBodyProps) {
  const { t, fmt } = useI18n();
  const attributes: Record<string, string> = {
    role: 'textbox',
    // 'auto': Arabic or English, the writing area takes the direction of what is written in it.
    dir,
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: 'rich-text rich-text-editor px-4 py-3 focus:outline-none',
    style: `min-height: ${minHeight}`,
  };
  if (lang) attributes.lang = lang;
  if (describedBy) attributes['aria-describedby'] = describedBy;
  if (error) attributes['aria-invalid'] = 'true';
  if (required) attributes['aria-required'] = 'true';

  // The last HTML this editor reported (or was given): a different value comes from outside.
  const emitted = useRef(value);
  const editor = useEditor({
    extensions,
    content: value || EMPTY,
    editable: !disabled,
    immediatelyRender: false,
    editorProps: { attributes },
    onUpdate: ({ editor }) => {
      const html = htmlOf(editor);
      emitted.current = html;
      onChangeRef.current(html);
    },
  });
  editorRef.current = editor;

  // The ARIA wiring changes with the error; keep the editable element's attributes in step.
  const attributesKey = JSON.stringify(attributes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attributesKey stands for attributes.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
  }, [editor, attributesKey]);

  useEffect(() => {
    if (editor && editor.isEditable === Boolean(disabled)) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A value set from outside (a form reset, a record loaded later) replaces the document, without
  // an undo step. The editor's own changes come back here as `value` and are left alone.
  const lastValue = useRef(value);
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === lastValue.current) return;
    lastValue.current = value;
    if (value === emitted.current) return;
    emitted.current = value;
    editor
      .chain()
      .setMeta('addToHistory', false)
      .setContent(value || EMPTY, { emitUpdate: false })
      .run();
  }, [editor, value]);

  const clean = preview ? cleanPreviewHtml(value) : '';

  return (
    <div
      className={`overflow-hidden rounded-lg border bg-white shadow-sm focus-within:border-brand-green ${error ? 'border-red-600' : 'border-slate-300'}`}
    >
      {editor ? (
        <Toolbar
          editor={editor}
          label={label}
          disabled={disabled || preview}
          preview={preview}
          onPreview={() => setPreview(!preview)}
          onLink={() => setDialog('link')}
          onImage={() => setDialog('image')}
        />
      ) : (
        // The toolbar's place while the editor starts (useEditorState needs the editor from its first run).
        <div className="h-12 border-b border-slate-200 bg-slate-50" />
      )}
      {editor ? (
        <div hidden={preview}>
          <EditorContent editor={editor} />
        </div>
      ) : (
        <div role="status" className="flex items-center gap-2 px-4 py-3 text-slate-600" style={{ minHeight }}>
          <Spinner className="h-4 w-4" />
          {t.richText.loadingEditor}
        </div>
      )}
      {preview && (
        <section
          aria-label={fmt(t.richText.previewOf, { label })}
          className="bg-slate-50 px-4 py-3"
          style={{ minHeight }}
        >
          {clean ? (
            <div
              className="rich-text"
              // As the pages show it: an Arabic field's text reads right to left (else the page's way).
              dir={dir === 'auto' ? undefined : dir}
              lang={lang}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned just above with the server's allow-list
              dangerouslySetInnerHTML={{ __html: clean }}
            />
          ) : (
            <p className="text-slate-600">{t.richText.nothingWritten}</p>
          )}
        </section>
      )}
      {editor && (
        <>
          <LinkDialog editor={editor} open={dialog === 'link'} onClose={() => setDialog(null)} />
          <ImageDialog
            editor={editor}
            open={dialog === 'image'}
            onClose={() => setDialog(null)}
            uploadImage={uploadImage}
          />
        </>
      )}
    </div>
  );
}
