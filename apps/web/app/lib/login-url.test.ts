import { describe, expect, it } from 'vitest';
import { isPrivatePath } from '../components/layout/private-paths';
import { loginUrl } from './login-url';

describe('the sign-in address', () => {
  it('remembers where to come back to, in that page’s language', () => {
    expect(loginUrl()).toBe('/login');
    expect(loginUrl('/')).toBe('/login');
    expect(loginUrl('/profile')).toBe('/login?redirectTo=%2Fprofile');
    expect(loginUrl('/ar')).toBe('/ar/login');
    expect(loginUrl('/ar/checkout/x?y=1')).toBe('/ar/login?redirectTo=%2Far%2Fcheckout%2Fx%3Fy%3D1');
    expect(loginUrl('/courses/x', 'ar')).toBe('/ar/login?redirectTo=%2Fcourses%2Fx');
  });
});

describe('private paths', () => {
  it('are private in every language and casing', () => {
    for (const path of ['/login', '/ar/login', '/ar/enrolledcourse', '/ar/success/pi_1']) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of ['/ar/courses', '/ar']) expect(isPrivatePath(path), path).toBe(false);
  });
});
