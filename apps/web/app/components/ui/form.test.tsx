import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextField } from './form';

const count = (html: string, text: string) => html.split(text).length - 1;

describe('a field with a hint and an error', () => {
  it('shows an error that repeats the hint once (the phone field of the contact form)', () => {
    const rule = 'Enter a valid phone number (6 to 14 digits)';
    const html = renderToStaticMarkup(<TextField id="phone" label="Phone number" hint={rule} error={rule} />);
    expect(count(html, rule)).toBe(1);
    expect(html).toContain('aria-describedby="phone-error"');
    expect(html).toContain('aria-invalid="true"');
  });

  it('shows both when they differ, and the hint alone before any error', () => {
    const hint = 'Without the country code';
    const both = renderToStaticMarkup(<TextField id="p" label="Phone" hint={hint} error="Too short" />);
    expect(count(both, hint)).toBe(1);
    expect(count(both, 'Too short')).toBe(1);
    expect(count(renderToStaticMarkup(<TextField id="p" label="Phone" hint={hint} />), hint)).toBe(1);
  });
});
