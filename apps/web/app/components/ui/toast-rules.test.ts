import { describe, expect, it } from 'vitest';
import { type ShownToast, toastsToRemove } from './toast-rules';

let clock = 0;
const toast = (id: string, type: ShownToast['type'], message: unknown, visible = true): ShownToast => ({
  id,
  type,
  message,
  createdAt: ++clock,
  visible,
});

describe('toastsToRemove', () => {
  it('keeps one toast for the same event: the newest of a repeated message', () => {
    const toasts = [
      toast('a', 'error', 'Update failed'),
      toast('b', 'error', 'Update failed'),
      toast('c', 'error', 'Update failed'),
    ];
    expect(toastsToRemove(toasts).sort()).toEqual(['a', 'b']);
  });

  it('keeps different messages, and the same words of another kind', () => {
    const errors = [toast('a', 'error', 'Title is required'), toast('b', 'error', 'Price is required')];
    expect(toastsToRemove(errors)).toEqual([]);
    const kinds = [toast('c', 'loading', 'Saving'), toast('d', 'blank', 'Saving')];
    expect(toastsToRemove(kinds)).toEqual([]);
  });

  it('takes an error away when a later action succeeds', () => {
    const toasts = [toast('e', 'error', 'Update failed'), toast('s', 'success', 'Course updated')];
    expect(toastsToRemove(toasts)).toEqual(['e']);
  });

  it('keeps an error raised after the success', () => {
    const toasts = [toast('s', 'success', 'Saved'), toast('e', 'error', 'Update failed')];
    expect(toastsToRemove(toasts)).toEqual([]);
  });

  it('leaves toasts already on their way out, and toasts that are not text', () => {
    const toasts = [
      toast('a', 'error', 'Oops', false),
      toast('b', 'error', 'Oops'),
      toast('c', 'blank', () => null),
      toast('d', 'blank', () => null),
    ];
    expect(toastsToRemove(toasts)).toEqual([]);
  });
});
