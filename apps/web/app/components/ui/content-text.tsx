import type { InLocaleAttrs } from '@oasis/shared/i18n/content';

/**
 * A text of the owner's inside other text (`inLocale`'s answer): wrapped in a span only when it
 * needs its own language or direction, that is when an Arabic page shows the English.
 */
export function ContentText({ value }: { value: { text: string; attrs: InLocaleAttrs } }) {
  return value.attrs.lang || value.attrs.dir ? <span {...value.attrs}>{value.text}</span> : value.text;
}
