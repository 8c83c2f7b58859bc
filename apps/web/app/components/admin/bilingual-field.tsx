import { useI18n } from '~/lib/i18n';
import { TextArea, TextInput } from './fields';
import { RichTextField } from './rich-text-field';
import type { RichTextEditorProps } from './rich-text-props';

type TextProps = React.ComponentProps<typeof TextInput>;
type TextAreaProps = React.ComponentProps<typeof TextArea>;

/** The English field's control and its Arabic twin's, of one kind (a line, a paragraph or rich text). */
export type BilingualFieldProps = {
  className?: string;
  /** Closer together (the lesson rows of Add Modules). */
  compact?: boolean;
} & (
  | { kind?: 'text'; english: TextProps; arabic: TextProps }
  | { kind: 'textarea'; english: TextAreaProps; arabic: TextAreaProps }
  | { kind: 'rich'; english: RichTextEditorProps; arabic: RichTextEditorProps }
);

/**
 * A content field and its Arabic twin (docs/i18n.md#content): side by side from md up, the Arabic
 * after the English on phones. The Arabic is written right to left (`lang="ar" dir="rtl"`), is never
 * required, takes the English field's limit and state unless given its own, and says that left
 * empty, Arabic pages show the English. Its label must not contain the English field's label:
 * browser tests find fields by a label's substring.
 */
export function BilingualField(props: BilingualFieldProps) {
  const { t } = useI18n();
  const className = ['grid md:grid-cols-2', props.compact ? 'gap-3' : 'gap-6', props.className]
    .filter(Boolean)
    .join(' ');

  return <div className={className}>{twinFields(props, t.adminUi.arabicHint)}</div>;
}

/** The English control and its Arabic twin, of the props' kind. */
function twinFields(props: BilingualFieldProps, arabicHint: string) {
  const twin = { disabled: props.english.disabled, hint: arabicHint, required: false, lang: 'ar', dir: 'rtl' } as const;
  if (props.kind === 'rich') {
    const { english, arabic } = props;
    return [
      <RichTextField key="en" {...english} />,
      <RichTextField key="ar" minHeight={english.minHeight} {...twin} {...arabic} />,
    ];
  }
  if (props.kind === 'textarea') {
    const { english, arabic } = props;
    return [
      <TextArea key="en" {...english} />,
      <TextArea key="ar" rows={english.rows} maxLength={english.maxLength} {...twin} {...arabic} />,
    ];
  }
  const { english, arabic } = props;
  return [
    <TextInput key="en" {...english} />,
    <TextInput key="ar" maxLength={english.maxLength} {...twin} {...arabic} />,
  ];
}
