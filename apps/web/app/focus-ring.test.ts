import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The focus ring lives in app.css (components layer); the browser test (finishing-touches.spec.ts)
// checks what a focused control computes. This guards the rule itself against an edit that hides it.
const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');

describe('the focus ring', () => {
  it('is not taken away from the form fields', () => {
    const fieldInput = css.match(/\.field-input \{([^}]*)\}/)?.[1] ?? '';
    expect(fieldInput).toContain('@apply');
    expect(fieldInput).not.toMatch(/outline-none|outline-0/);
  });

  it('draws a 2 px outline with an offset on fields and buttons, light and dark sections', () => {
    const rule = css.match(/\.field-input:focus,\s*:is\(\.btn, button[^{]*\{([^}]*)\}/)?.[1] ?? '';
    expect(rule).toMatch(/outline: 2px solid var\(--color-brand-green\)/);
    expect(rule).toMatch(/outline-offset: 2px/);
    expect(css).toMatch(/\.on-dark :is\(\.btn, button[^{]*\{\s*outline-color: var\(--color-brand-yellow\)/);
  });
});
