// What a rich-text field takes: the field (always loaded) and the lazily loaded editor share it.

export interface RichTextEditorProps {
  label: string;
  /** HTML; '' when nothing is written. */
  value: string;
  onChange(html: string): void;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  /** Uploads an image chosen in the editor and returns its URL (default: the admin media API). */
  uploadImage?: (file: File) => Promise<string>;
  minHeight?: string;
  /** The writing area's direction: 'auto' (the default) follows what is written; an Arabic field is 'rtl'. */
  dir?: 'auto' | 'rtl' | 'ltr';
  /** The language of what is written, when it is not the page's (an Arabic field: 'ar'). */
  lang?: string;
}
