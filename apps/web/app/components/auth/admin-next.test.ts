import { describe, expect, it } from 'vitest';
import { adminLoginUrl, safeAdminNext } from './admin-next';

describe('the admin sign-in address', () => {
  it('remembers the admin screen asked for, in its language', () => {
    expect(adminLoginUrl('/admin/dashboard/orders')).toBe('/admin/login?next=%2Fadmin%2Fdashboard%2Forders');
    expect(adminLoginUrl('/admin/dashboard/leads?status=new')).toBe(
      '/admin/login?next=%2Fadmin%2Fdashboard%2Fleads%3Fstatus%3Dnew',
    );
    expect(adminLoginUrl('/ar/admin/dashboard/listblog')).toBe(
      '/ar/admin/login?next=%2Far%2Fadmin%2Fdashboard%2Flistblog',
    );
  });

  it('needs no reminder for the dashboard itself, nor for anything that is not an admin screen', () => {
    expect(adminLoginUrl('/admin/dashboard')).toBe('/admin/login');
    expect(adminLoginUrl('/ar/admin/dashboard')).toBe('/ar/admin/login');
    expect(adminLoginUrl()).toBe('/admin/login');
    expect(adminLoginUrl('/courses')).toBe('/admin/login');
  });
});

describe('the next screen after signing in', () => {
  it('accepts this site’s admin screens', () => {
    expect(safeAdminNext('/admin/dashboard')).toBe('/admin/dashboard');
    expect(safeAdminNext('/admin/dashboard/orders?status=paid')).toBe('/admin/dashboard/orders?status=paid');
    expect(safeAdminNext('/ar/admin/dashboard/youtubeadd')).toBe('/ar/admin/dashboard/youtubeadd');
  });

  it('refuses other sites, other pages and tricks (no open redirect)', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'https://evil.example/admin/dashboard',
      '//evil.example/admin/dashboard',
      '/\\evil.example/admin/dashboard',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/admin/dashboardx',
      '/admin/login',
      '/admin/dashboard/../../courses',
      '/admin/dashboard/%2e%2e/%2e%2e/courses',
      '/courses?next=/admin/dashboard',
      '/admin/dashboard\u0000',
      ' /admin/dashboard',
      'admin/dashboard',
    ]) {
      expect(safeAdminNext(bad), String(bad)).toBeNull();
    }
  });
});
