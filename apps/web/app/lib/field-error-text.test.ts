import { loginSchema } from '@oasis/shared/auth';
import { errorTexts } from '@oasis/shared/i18n/catalogue';
import { describe, expect, it } from 'vitest';
import { rememberErrorTexts } from './error-text';
import { checkForm, formField } from './field-error-text';

/* The sign-in and account forms' check before sending, and the props their required fields share. */
describe('checkForm', () => {
  it('answers the parsed values and clears the messages of an earlier try', () => {
    let shown: Record<string, string> = { email: 'old' };
    const values = checkForm(
      loginSchema.safeParse({ email: ' Ada@Example.com ', password: 'a-long-password' }),
      'en',
      (errors) => {
        shown = errors as Record<string, string>;
      },
    );
    expect(values).toMatchObject({ password: 'a-long-password' });
    expect(shown).toEqual({});
  });

  it('answers null and shows each refused field its message in the page language', () => {
    rememberErrorTexts('ar', errorTexts('ar'));
    let shown: Record<string, string> = {};
    const values = checkForm(loginSchema.safeParse({ email: 'not an address', password: '' }), 'ar', (errors) => {
      shown = errors as Record<string, string>;
    });
    expect(values).toBeNull();
    expect(Object.keys(shown).sort()).toEqual(['email', 'password']);
    for (const message of Object.values(shown)) expect(message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('formField', () => {
  it('binds a required field to its value, message and the busy state', () => {
    const changed: string[] = [];
    const field = formField<'email' | 'password'>({ password: 'Too short' }, true);
    const props = field('password', 'secret', (value) => changed.push(value));
    expect(props).toMatchObject({
      name: 'password',
      value: 'secret',
      error: 'Too short',
      disabled: true,
      required: true,
    });
    props.onValue('changed');
    expect(changed).toEqual(['changed']);
    expect(formField<'email'>({}, false)('email', '', () => {})).toMatchObject({ error: undefined, disabled: false });
  });
});
