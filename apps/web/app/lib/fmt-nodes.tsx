import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue text with elements in its `{name}` places: `fmtNodes(t.checkout.receiptTo, { email:
 * <strong>…</strong> })`. The sentence stays whole in the catalogue, in each language's word order
 * (docs/i18n.md); a place with no value is left as it is.
 */
export function fmtNodes(template: string, values: Readonly<Record<string, ReactNode>>): ReactNode {
  return template
    .split(/\{(\w+)\}/)
    .map((part, i) =>
      i % 2 === 0 ? part : <Fragment key={i}>{Object.hasOwn(values, part) ? values[part] : `{${part}}`}</Fragment>,
    );
}
