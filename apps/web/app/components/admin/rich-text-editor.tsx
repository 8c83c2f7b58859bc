import { useEffect, useId, useRef, useState } from 'react';
import { EditorContent, type Editor, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import DOMPurify from 'dompurify';
import { normaliseMediaPath } from '@oasis/shared/media-urls';
import { buttonClass } from '~/components/ui/button';
import {
  BusyButton,
  Spinner,
  describedBy as describe,
  Field,
  FieldError,
  FieldHint,
  inputClass,
  RequiredMark,
} from '~/components/ui/form';
import { TextInput } from './fields';
import { IMAGE_TYPES, imageFileProblem } from './image-input';
import { Modal, ModalActions } from './modal';
import type { RichTextEditorProps } from './rich-text-field';

/*
 * The Tiptap editor behind RichTextField. Only admin route modules reach this file, through a lazy
 * import(), so neither Tiptap nor ProseMirror ever ships with public pages.
 */

/** What the server keeps (its sanitiser allows h2-h4, marks, lists, quotes, links and images). */
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
];

const EMPTY = '';

/** Tiptap writes an empty document as <p></p>: the form treats that as nothing written. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? EMPTY : editor.getHTML();
}

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
}: EditorBodyProps) {
  const attributes: Record<string, string> = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    class: 'rich-text rich-text-editor px-4 py-3 focus:outline-none',
    style: `min-height: ${minHeight}`,
  };
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

  const clean = preview ? DOMPurify.sanitize(value, { USE_PROFILES: { html: true } }) : '';

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
          Loading editor...
        </div>
      )}
      {preview && (
        <section aria-label={`Preview of ${label}`} className="bg-slate-50 px-4 py-3" style={{ minHeight }}>
          {clean ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />
          ) : (
            <p className="text-slate-600">Nothing written yet.</p>
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

interface ToolbarProps {
  editor: Editor;
  label: string;
  disabled?: boolean;
  preview: boolean;
  onPreview(): void;
  onLink(): void;
  onImage(): void;
}

/** The formatting toolbar: one tab stop, arrow keys move between its buttons (ARIA toolbar pattern). */
function Toolbar({ editor, label, disabled, preview, onPreview, onLink, onImage }: ToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const off = disabled;
  const run = (fn: (e: Editor) => void) => () => fn(editor);

  const buttons: Array<ToolButtonSpec | 'sep'> = [
    {
      key: 'h2',
      label: 'Heading',
      text: 'H2',
      pressed: state.h2,
      onClick: run((e) => e.chain().focus().toggleHeading({ level: 2 }).run()),
    },
    {
      key: 'h3',
      label: 'Subheading',
      text: 'H3',
      pressed: state.h3,
      onClick: run((e) => e.chain().focus().toggleHeading({ level: 3 }).run()),
    },
    'sep',
    {
      key: 'bold',
      label: 'Bold',
      text: <b>B</b>,
      pressed: state.bold,
      onClick: run((e) => e.chain().focus().toggleBold().run()),
    },
    {
      key: 'italic',
      label: 'Italic',
      text: <i className="font-serif">I</i>,
      pressed: state.italic,
      onClick: run((e) => e.chain().focus().toggleItalic().run()),
    },
    {
      key: 'underline',
      label: 'Underline',
      text: <u>U</u>,
      pressed: state.underline,
      onClick: run((e) => e.chain().focus().toggleUnderline().run()),
    },
    'sep',
    {
      key: 'bullet',
      label: 'Bulleted list',
      text: <ToolIcon d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />,
      pressed: state.bullet,
      onClick: run((e) => e.chain().focus().toggleBulletList().run()),
    },
    {
      key: 'ordered',
      label: 'Numbered list',
      text: <ToolIcon d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.5 13.5a1.5 1.5 0 1 1 2.5 1L3.5 17h3" />,
      pressed: state.ordered,
      onClick: run((e) => e.chain().focus().toggleOrderedList().run()),
    },
    {
      key: 'quote',
      label: 'Quote',
      text: <ToolIcon d="M7 7h4v4c0 3-2 5-4 6M14 7h4v4c0 3-2 5-4 6" />,
      pressed: state.quote,
      onClick: run((e) => e.chain().focus().toggleBlockquote().run()),
    },
    'sep',
    {
      key: 'link',
      label: state.link ? 'Edit link' : 'Insert link',
      text: (
        <ToolIcon d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      ),
      pressed: state.link,
      onClick: onLink,
      haspopup: true,
    },
    {
      key: 'image',
      label: 'Insert image',
      text: <ToolIcon d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01" />,
      onClick: onImage,
      haspopup: true,
    },
    'sep',
    {
      key: 'undo',
      label: 'Undo',
      text: <ToolIcon d="M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />,
      disabled: !state.canUndo,
      onClick: run((e) => e.chain().focus().undo().run()),
    },
    {
      key: 'redo',
      label: 'Redo',
      text: <ToolIcon d="M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />,
      disabled: !state.canRedo,
      onClick: run((e) => e.chain().focus().redo().run()),
    },
  ];
  const items = buttons.filter((b): b is ToolButtonSpec => b !== 'sep');

  function onKeyDown(event: React.KeyboardEvent) {
    const keys: Record<string, (i: number) => number> = {
      ArrowRight: (i) => (i + 1) % items.length,
      ArrowLeft: (i) => (i - 1 + items.length) % items.length,
      Home: () => 0,
      End: () => items.length - 1,
    };
    const move = keys[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(focusIndex);
    setFocusIndex(next);
    bar.current?.querySelectorAll<HTMLButtonElement>('[data-tool]')[next]?.focus();
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-2 py-1.5">
      <div
        ref={bar}
        role="toolbar"
        aria-label={`Formatting for ${label}`}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="flex flex-wrap items-center gap-0.5"
      >
        {buttons.map((b, i) => {
          if (b === 'sep') return <span key={`sep-${i}`} aria-hidden="true" className="mx-1 h-6 w-px bg-slate-300" />;
          const index = items.indexOf(b);
          return (
            <button
              key={b.key}
              type="button"
              data-tool
              tabIndex={index === focusIndex ? 0 : -1}
              aria-label={b.label}
              title={b.label}
              aria-pressed={b.pressed === undefined ? undefined : Boolean(b.pressed)}
              aria-haspopup={b.haspopup ? 'dialog' : undefined}
              // aria-disabled, not disabled: unavailable tools stay reachable with the arrow keys.
              aria-disabled={off || b.disabled ? true : undefined}
              onFocus={() => setFocusIndex(index)}
              // Keep the editor's selection while clicking a button.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (!off && !b.disabled) b.onClick();
              }}
              className="inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm font-semibold text-slate-800 hover:bg-slate-200 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent aria-pressed:bg-brand-green aria-pressed:text-white"
            >
              {b.text}
            </button>
          );
        })}
      </div>
      <button
        type="button"
        aria-pressed={preview}
        onClick={onPreview}
        className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-green hover:bg-brand-mist aria-pressed:bg-brand-green aria-pressed:text-white"
      >
        Preview
      </button>
    </div>
  );
}

interface ToolButtonSpec {
  key: string;
  label: string;
  text: React.ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  haspopup?: boolean;
  onClick(): void;
}

function ToolIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose(): void }) {
  return (
    <Modal open={open} onClose={onClose} title={editor.isActive('link') ? 'Edit link' : 'Add a link'} size="sm">
      <LinkForm editor={editor} onClose={onClose} />
    </Modal>
  );
}

function LinkForm({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string>();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const url = normaliseHref(href);
    if (!url) {
      setError('Please enter a web address (https://…) or an e-mail address.');
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
        label="Web or e-mail address"
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
            className={buttonClass('ghost', 'md', 'sm:mr-auto')}
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            Remove link
          </button>
        )}
        <button type="button" className={buttonClass('ghost', 'md')} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('secondary', 'md')}>
          {current ? 'Update link' : 'Add link'}
        </button>
      </ModalActions>
    </form>
  );
}

function ImageDialog({
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
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onClose={onClose} title="Add an image" size="sm" busy={busy}>
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
        setError('Please choose an image file.');
        return;
      }
      setBusy(true);
      try {
        url = await uploadImage(file);
      } catch (failure) {
        setError(failure instanceof Error && failure.message ? failure.message : 'Image upload failed.');
        return;
      } finally {
        setBusy(false);
      }
    } else {
      url = normaliseImageSrc(src);
      if (!url) {
        setError('Please enter an image address that starts with https://');
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
          <legend className="mb-2 text-sm font-semibold text-slate-800">Image source</legend>
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
                {m === 'upload' ? 'Upload a file' : 'Image address'}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {mode === 'upload' ? (
        <Field label="Image file" error={error} requiredMark>
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
                setError(problem ?? undefined);
                setFile(problem ? null : chosen);
              }}
              className={`${inputClass} file:mr-3 file:rounded-full file:border-0 file:bg-brand-mist file:px-3 file:py-1 file:font-semibold file:text-brand-green`}
            />
          )}
        </Field>
      ) : (
        <TextInput
          label="Image address"
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
        label="Alternative text"
        hint="Describe the image for people who cannot see it. Leave empty if it is decorative."
        value={alt}
        onChange={(e) => setAlt(e.target.value)}
        maxLength={300}
        disabled={busy}
      />
      <ModalActions>
        <button type="button" className={buttonClass('ghost', 'md')} onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <BusyButton busy={busy} busyLabel="Uploading...">
          Insert image
        </BusyButton>
      </ModalActions>
    </form>
  );
}
