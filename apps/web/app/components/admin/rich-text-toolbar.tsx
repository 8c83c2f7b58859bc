import { useRef, useState } from 'react';
import { type Editor, useEditorState } from '@tiptap/react';
import { useI18n } from '~/lib/i18n';
import { applyBlockDirection, blockDirection, type Direction } from './rich-text-direction';

export interface ToolbarProps {
  editor: Editor;
  label: string;
  disabled?: boolean;
  preview: boolean;
  onPreview(): void;
  onLink(): void;
  onImage(): void;
}

/** The toolbar's direction buttons: `null` removes the block's own direction. */
function setBlockDirection(editor: Editor, dir: Direction | null) {
  editor
    .chain()
    .focus()
    .command(({ tr }) => Boolean(applyBlockDirection(tr, dir)))
    .run();
}

/** The formatting toolbar: one tab stop, arrow keys move between its buttons (ARIA toolbar pattern). */
export function Toolbar({ editor, label, disabled, preview, onPreview, onLink, onImage }: ToolbarProps) {
  const { t, fmt, dir: pageDir } = useI18n();
  const texts = t.richText;
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
      direction: blockDirection(e),
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
      label: texts.heading,
      text: 'H2',
      pressed: state.h2,
      onClick: run((e) => e.chain().focus().toggleHeading({ level: 2 }).run()),
    },
    {
      key: 'h3',
      label: texts.subheading,
      text: 'H3',
      pressed: state.h3,
      onClick: run((e) => e.chain().focus().toggleHeading({ level: 3 }).run()),
    },
    'sep',
    {
      key: 'bold',
      label: texts.bold,
      text: <b>B</b>,
      pressed: state.bold,
      onClick: run((e) => e.chain().focus().toggleBold().run()),
    },
    {
      key: 'italic',
      label: texts.italic,
      text: <i className="font-serif">I</i>,
      pressed: state.italic,
      onClick: run((e) => e.chain().focus().toggleItalic().run()),
    },
    {
      key: 'underline',
      label: texts.underline,
      text: <u>U</u>,
      pressed: state.underline,
      onClick: run((e) => e.chain().focus().toggleUnderline().run()),
    },
    'sep',
    {
      key: 'bullet',
      label: texts.bulletList,
      text: <ToolIcon d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />,
      pressed: state.bullet,
      onClick: run((e) => e.chain().focus().toggleBulletList().run()),
    },
    {
      key: 'ordered',
      label: texts.numberedList,
      text: <ToolIcon d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.5 13.5a1.5 1.5 0 1 1 2.5 1L3.5 17h3" />,
      pressed: state.ordered,
      onClick: run((e) => e.chain().focus().toggleOrderedList().run()),
    },
    {
      key: 'quote',
      label: texts.quote,
      text: <ToolIcon d="M7 7h4v4c0 3-2 5-4 6M14 7h4v4c0 3-2 5-4 6" />,
      pressed: state.quote,
      onClick: run((e) => e.chain().focus().toggleBlockquote().run()),
    },
    'sep',
    {
      key: 'rtl',
      label: texts.rightToLeft,
      text: <ToolIcon d="M13 4v10M17 4v10M11 4h8M13 4a3 3 0 0 0 0 6M19 19H5M8 16l-3 3 3 3" />,
      pressed: state.direction === 'rtl',
      onClick: run((e) => setBlockDirection(e, state.direction === 'rtl' ? null : 'rtl')),
    },
    {
      key: 'ltr',
      label: texts.leftToRight,
      text: <ToolIcon d="M9 4v10M13 4v10M7 4h8M9 4a3 3 0 0 0 0 6M5 19h14M16 16l3 3-3 3" />,
      pressed: state.direction === 'ltr',
      onClick: run((e) => setBlockDirection(e, state.direction === 'ltr' ? null : 'ltr')),
    },
    'sep',
    {
      key: 'link',
      label: state.link ? texts.editLink : texts.insertLink,
      text: (
        <ToolIcon d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      ),
      pressed: state.link,
      onClick: onLink,
      haspopup: true,
    },
    {
      key: 'image',
      label: texts.insertImage,
      text: <ToolIcon d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01" />,
      onClick: onImage,
      haspopup: true,
    },
    'sep',
    {
      key: 'undo',
      label: texts.undo,
      text: <ToolIcon d="M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />,
      disabled: !state.canUndo,
      onClick: run((e) => e.chain().focus().undo().run()),
    },
    {
      key: 'redo',
      label: texts.redo,
      text: <ToolIcon d="M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />,
      disabled: !state.canRedo,
      onClick: run((e) => e.chain().focus().redo().run()),
    },
  ];
  const items = buttons.filter((b): b is ToolButtonSpec => b !== 'sep');

  function onKeyDown(event: React.KeyboardEvent) {
    const next = (i: number) => (i + 1) % items.length;
    const previous = (i: number) => (i - 1 + items.length) % items.length;
    // The buttons run the page's way: on a right-to-left page the next one is to the left.
    const keys: Record<string, (i: number) => number> = {
      ArrowRight: pageDir === 'rtl' ? previous : next,
      ArrowLeft: pageDir === 'rtl' ? next : previous,
      Home: () => 0,
      End: () => items.length - 1,
    };
    const move = keys[event.key];
    if (!move) return;
    event.preventDefault();
    const index = move(focusIndex);
    setFocusIndex(index);
    bar.current?.querySelectorAll<HTMLButtonElement>('[data-tool]')[index]?.focus();
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-2 py-1.5">
      <div
        ref={bar}
        role="toolbar"
        aria-label={fmt(texts.formattingFor, { label })}
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
        {texts.preview}
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
