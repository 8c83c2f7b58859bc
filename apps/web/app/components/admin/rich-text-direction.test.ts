import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import type { Node } from '@tiptap/pm/model';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { applyBlockDirection, BlockDirection, blockDirection } from './rich-text-direction';

const schema = getSchema([StarterKit.configure({ heading: { levels: [2, 3] } }), BlockDirection]);

const doc = schema.nodeFromJSON({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: 'English' }] },
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'عنوان' }] },
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          attrs: { dir: 'ltr' },
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'بند' }] }],
        },
      ],
    },
  ],
});

/** The state with the cursor (or a selection) at text positions. */
function stateAt(from: number, to = from) {
  const state = EditorState.create({ schema, doc });
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, from, to)));
}

const directions = (node: Node) => {
  const found: string[] = [];
  node.descendants((child) => {
    if (child.attrs.dir !== undefined) found.push(`${child.type.name}:${child.attrs.dir ?? '-'}`);
  });
  return found;
};

describe('a block’s direction in the editor', () => {
  it('sets the direction of the block the cursor is in, and removes it again', () => {
    const state = stateAt(10); // inside the heading
    const rtl = state.apply(applyBlockDirection(state.tr, 'rtl'));
    expect(rtl.doc.child(1).attrs).toEqual({ level: 2, dir: 'rtl' });
    expect(blockDirection({ state: rtl })).toBe('rtl');
    expect(rtl.doc.child(0).attrs.dir).toBeNull();
    const back = rtl.apply(applyBlockDirection(rtl.tr, null));
    expect(back.doc.child(1).attrs).toEqual({ level: 2, dir: null });
    expect(blockDirection({ state: back })).toBeNull();
  });

  it('sets a whole list’s direction from inside it, and the items follow it', () => {
    const state = stateAt(doc.content.size - 3); // inside the list item's paragraph
    const next = state.apply(applyBlockDirection(state.tr, 'rtl'));
    expect(directions(next.doc)).toEqual(['paragraph:-', 'heading:-', 'bulletList:rtl', 'listItem:-', 'paragraph:-']);
  });

  it('sets every block of a selection that spans several', () => {
    const state = stateAt(2, 10);
    const next = state.apply(applyBlockDirection(state.tr, 'ltr'));
    expect(directions(next.doc).slice(0, 2)).toEqual(['paragraph:ltr', 'heading:ltr']);
  });

  it('keeps no direction on nodes that are not blocks of the allow-list', () => {
    expect(schema.nodes.text?.spec.attrs?.dir).toBeUndefined();
    expect(schema.nodes.hardBreak?.spec.attrs?.dir).toBeUndefined();
    expect(schema.nodes.paragraph?.spec.attrs?.dir).toBeDefined();
  });
});
