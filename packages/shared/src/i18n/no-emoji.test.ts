import { describe, expect, it } from 'vitest';
import type { Message } from './define.ts';
import { NAMESPACES } from './namespaces.ts';

/**
 * Pictographs (emoji, their variation selector, flag letters). The site's voice is words: an emoji
 * reads differently on each system, is announced oddly by screen readers ("cross mark Course
 * creation failed") and looks out of place in a finished product. ©, ® and ™ are ordinary text.
 */
const PICTOGRAPH = /(?![©®™])\p{Extended_Pictographic}|\u{FE0F}|\p{Regional_Indicator}/u;

const textsOf = (message: Message | undefined): string[] =>
  message === undefined
    ? []
    : typeof message === 'string'
      ? [message]
      : Object.values(message).filter((m) => typeof m === 'string');

describe('the catalogues', () => {
  it('hold no emoji in any message, in either language', () => {
    const found: string[] = [];
    for (const [name, definition] of Object.entries(NAMESPACES)) {
      for (const [language, messages] of Object.entries({ en: definition.en, ar: definition.ar })) {
        for (const [key, message] of Object.entries(messages as Record<string, Message | undefined>)) {
          for (const text of textsOf(message))
            if (PICTOGRAPH.test(text)) found.push(`${name}.${key} (${language}): ${text}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('would notice one', () => {
    expect(PICTOGRAPH.test('✅ Course created!')).toBe(true);
    expect(PICTOGRAPH.test('Saved 🎉')).toBe(true);
    expect(PICTOGRAPH.test('© 2026 Oasis · ← All leads ✓ Correct')).toBe(false);
  });
});
