import { Extension } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { richTextDirection } from '@oasis/shared/rich-text';

/*
 * Right-to-left paragraphs in the editor: a block's own `dir`, kept by the shared allow-list
 * (@oasis/shared/rich-text) on p, h2, h3, ul, ol, li and blockquote.
 */

/** The blocks that may carry `dir` (the shared allow-list's p, h2, h3, ul, ol, li and blockquote). */
export const DIRECTED_BLOCKS = ['paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote'];

/**
 * A block's own direction (`dir="rtl"` or `"ltr"`), set from the toolbar: an Arabic paragraph reads
 * right to left on either language's page. No attribute: the block follows the page.
 */
export const BlockDirection = Extension.create({
  name: 'blockDirection',
  addGlobalAttributes() {
    return [
      {
        types: DIRECTED_BLOCKS,
        attributes: {
          dir: {
            default: null,
            parseHTML: (element) => richTextDirection(element.getAttribute('dir')),
            renderHTML: (attributes) => (attributes.dir ? { dir: attributes.dir } : {}),
          },
        },
      },
    ];
  },
});

export type Direction = 'rtl' | 'ltr';

/** The direction of the top-level block (paragraph, heading, list or quote) the cursor is in. */
export function blockDirection({ state }: Pick<Editor, 'state'>): Direction | null {
  const { $from } = state.selection;
  const dir = $from.depth > 0 ? $from.node(1).attrs.dir : null;
  return dir === 'rtl' || dir === 'ltr' ? dir : null;
}

/**
 * Sets the direction of each top-level block in the selection (a whole list or quote, so its
 * markers and border follow), or removes it (`null`: the block follows the page). Blocks inside
 * them lose their own direction, so that one setting holds for the whole block.
 */
export function applyBlockDirection(tr: Transaction, dir: Direction | null): Transaction {
  const { doc, selection } = tr;
  doc.nodesBetween(selection.from, selection.to, (node, pos, parent) => {
    if (parent !== doc || !DIRECTED_BLOCKS.includes(node.type.name)) return false;
    tr.setNodeMarkup(pos, undefined, { ...node.attrs, dir });
    node.descendants((child, offset) => {
      if (child.attrs.dir) tr.setNodeMarkup(pos + 1 + offset, undefined, { ...child.attrs, dir: null });
    });
    return false;
  });
  return tr;
}
