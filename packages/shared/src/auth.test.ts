import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordFormSchema,
  safeRedirectPath,
} from './auth.ts';
import { MESSAGES } from './messages.ts';

describe('auth schemas', () => {
  it('trim the name, trim and lower-case the e-mail', () => {
    expect(registerSchema.parse({ name: '  Layla  ', email: ' Layla@Example.COM ', password: 'secret' })).toEqual({
      name: 'Layla',
      email: 'layla@example.com',
      password: 'secret',
    });
  });

  it('use the product wording for each field', () => {
    const result = registerSchema.safeParse({ name: ' ab ', email: 'nope', password: '12345' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: 'auth.nameTooShort',
      email: 'auth.invalidEmail',
      password: 'auth.passwordTooShort',
    });
    expect(MESSAGES.invalidEmail).toBe('Please enter a valid email address.');
    expect(MESSAGES.passwordTooShort).toBe('Password must be at least 6 characters long.');
    expect(MESSAGES.nameTooShort).toBe('Name must be at least 3 characters.');
  });

  it('say which field is missing', () => {
    const result = loginSchema.safeParse({});
    expect(fieldErrors(result.error!)).toEqual({ email: 'auth.invalidEmail', password: 'auth.passwordTooShort' });
  });

  it('check that both reset passwords match', () => {
    const result = resetPasswordFormSchema.safeParse({ password: 'secret1', confirmPassword: 'secret2' });
    expect(fieldErrors(result.error!)).toEqual({ confirmPassword: 'auth.passwordsDoNotMatch' });
    expect(resetPasswordFormSchema.safeParse({ password: 'secret1', confirmPassword: 'secret1' }).success).toBe(true);
  });

  it.each([
    ['', true],
    ['+971 50 123 4567', true],
    ['(050) 123-4567', true],
    ['12345', false],
    ['call me maybe', false],
    ['+1234567890123456', false],
  ])('phone %j valid: %s', (phone, ok) => {
    expect(profileUpdateSchema.safeParse({ name: 'Layla', phone }).success).toBe(ok);
  });
});

describe('safeRedirectPath', () => {
  it.each(['/courses', '/watch/off-plan?x=1#v2', '/profile'])('keeps the same-site path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    null,
    undefined,
    '',
    'courses',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
